// One list rule of the delivery rules form: any value, only these, or all but these; the values as
// chips with a remove button, more added from a searchable list (countries by name, the common OS and
// browser families) or, for device types, ticked. The delivery rules form and the targeting fields of a
// booking (targeting-fields.tsx) draw their list rules with it.
import type { ListKind } from '@adconsole/domain';
import {
  Badge,
  Button,
  Checkbox,
  ChoiceSelect,
  Combobox,
  type ComboboxOption,
  Field,
  Label,
} from '@adconsole/ui';

/** A long list's options in the order of their names; a short one's (device types) as the rule has them. */
const SORTED_FROM = 10;
const optionsCache = new Map<ListKind, { value: string; label: string; keywords: string[] }[]>();

/** What a list rule's field offers: its kind's values (an open set's chosen ones too), each named. */
export function listOptions(kind: ListKind, chosen: readonly string[]) {
  let offered = optionsCache.get(kind);
  if (offered === undefined) {
    offered = kind.offered.map((value) => ({ value, label: kind.valueLabel(value), keywords: [value] }));
    if (offered.length >= SORTED_FROM) offered.sort((a, b) => a.label.localeCompare(b.label));
    optionsCache.set(kind, offered);
  }
  const extra = chosen
    .filter((value) => !kind.offered.includes(value))
    .map((value) => ({ value, label: kind.valueLabel(value), keywords: [value] }));
  return extra.length === 0 ? offered : [...offered, ...extra];
}

/** What a list rule is in the form: `any` is no rule. */
type ListRuleMode = 'any' | 'include' | 'exclude';
export interface ListRuleValue {
  mode: ListRuleMode;
  values: string[];
}

export interface ListRuleFieldProps {
  /** The rule's name in words ('Countries'), and the noun of one value ('country'). */
  label: string;
  noun: string;
  value: ListRuleValue;
  onChange: (value: ListRuleValue) => void;
  /** The values that can be added, each with its label. */
  options: readonly ComboboxOption[];
  /** Tick boxes instead of chips (a short closed list: device types). */
  checkboxes?: boolean;
  error?: string | undefined;
}

const MODE_CHOICES = (noun: string) => [
  { value: 'any' as const, label: `Any ${noun}` },
  { value: 'include' as const, label: 'Only these' },
  { value: 'exclude' as const, label: 'All but these' },
];

/** 'a country', 'an operating system'. */
const withArticle = (noun: string) => `${/^[aeiou]/i.test(noun) ? 'an' : 'a'} ${noun}`;

export function ListRuleField({
  label,
  noun,
  value,
  onChange,
  options,
  checkboxes,
  error,
}: ListRuleFieldProps) {
  const labelOf = (entry: string) => options.find((option) => option.value === entry)?.label ?? entry;
  const toggle = (entry: string, on: boolean) =>
    onChange({
      ...value,
      values: on ? [...value.values, entry] : value.values.filter((other) => other !== entry),
    });
  return (
    <fieldset className="grid content-start gap-2 rounded-lg border p-3" data-rule={label}>
      <legend className="sr-only">{label}</legend>
      <Field label={label} error={error}>
        {(control) => (
          <ChoiceSelect
            {...control}
            choices={MODE_CHOICES(noun)}
            value={value.mode}
            onValueChange={(mode) => onChange({ ...value, mode: mode as ListRuleMode })}
          />
        )}
      </Field>
      {value.mode === 'any' ? null : checkboxes ? (
        <div className="flex flex-wrap gap-x-4 gap-y-2">
          {options.map((option) => {
            const id = `${label}-${option.value}`.replace(/\W+/g, '-');
            return (
              <div key={option.value} className="flex items-center gap-2">
                <Checkbox
                  id={id}
                  checked={value.values.includes(option.value)}
                  onCheckedChange={(checked) => toggle(option.value, checked === true)}
                />
                <Label htmlFor={id}>{option.label}</Label>
              </div>
            );
          })}
        </div>
      ) : (
        <>
          {value.values.length > 0 ? (
            <ul className="flex flex-wrap gap-1" aria-label={`${label} chosen`}>
              {value.values.map((entry) => (
                <li key={entry}>
                  <Badge variant="secondary" className="gap-1 pr-0.5">
                    {labelOf(entry)}
                    <Button
                      type="button"
                      variant="ghost"
                      size="sm"
                      className="h-5 w-5 p-0"
                      aria-label={`Remove ${labelOf(entry)}`}
                      onClick={() => toggle(entry, false)}
                    >
                      <span aria-hidden="true">×</span>
                    </Button>
                  </Badge>
                </li>
              ))}
            </ul>
          ) : null}
          <Combobox
            aria-label={`Add ${withArticle(noun)}`}
            placeholder={`Add ${withArticle(noun)}…`}
            searchPlaceholder={`Search ${label.toLowerCase()}…`}
            options={options.filter((option) => !value.values.includes(option.value))}
            onValueChange={(entry) => toggle(entry, true)}
          />
        </>
      )}
    </fieldset>
  );
}
