// The frequency caps of a delivery rule set (docs/serving.md, "Frequency caps"): up to 4 caps, each at
// most so many ads per browser an hour, a day, a week or over the flight, with the sentence saying what
// they mean ("At most 3 a day per browser on each site."), and for a campaign its choice for requests
// that cannot be capped. The domain's schema judges the counts (1 to 1,000) when the form is sent.
import {
  FREQUENCY_PERIOD_WORDS,
  FREQUENCY_PERIODS,
  type FrequencyPeriod,
  frequencyCapsSentence,
  MAX_FREQUENCY_CAPS,
  MAX_FREQUENCY_COUNT,
} from '@adconsole/domain';
import { Button, ChoiceSelect, Field, Input, Switch } from '@adconsole/ui';

/** A cap as the form holds it: the count as typed. */
export interface CapRow {
  count: string;
  period: FrequencyPeriod;
}

const PERIOD_CHOICES = FREQUENCY_PERIODS.map((period) => ({
  value: period,
  label: FREQUENCY_PERIOD_WORDS[period],
}));

/** The caps a form's rows stand for (a count that is not a whole number is left for the schema to refuse). */
export const capsOf = (rows: readonly CapRow[]) =>
  rows.map((row) => ({ count: row.count.trim() === '' ? 0 : Number(row.count), period: row.period }));

interface FrequencyCapsFieldProps {
  value: CapRow[];
  onChange: (rows: CapRow[]) => void;
  /** The campaign's choice for requests that cannot be capped (a creative's rules have none). */
  uncappable?: { serves: boolean; onChange: (serves: boolean) => void } | undefined;
  error?: string | undefined;
}

export function FrequencyCapsField({ value, onChange, uncappable, error }: FrequencyCapsFieldProps) {
  const set = (index: number, row: Partial<CapRow>) =>
    onChange(value.map((old, at) => (at === index ? { ...old, ...row } : old)));
  const caps = capsOf(value);
  const valid = caps.filter((cap) => Number.isInteger(cap.count) && cap.count >= 1);
  // A row whose count the domain refuses is marked, so a refused Save can focus it.
  const refused = (index: number) => {
    const count = caps[index]?.count ?? 0;
    return error !== undefined && !(Number.isInteger(count) && count >= 1 && count <= MAX_FREQUENCY_COUNT);
  };
  return (
    <fieldset
      className="grid gap-3 rounded-lg border p-3"
      aria-describedby="frequency-caps-meaning"
      data-rule="Frequency caps"
    >
      <legend className="font-medium text-sm">Frequency caps</legend>
      <p id="frequency-caps-meaning" className="text-sm">
        {frequencyCapsSentence(valid)}
      </p>
      {value.length > 0 ? (
        <ul className="grid gap-2" aria-label="Caps">
          {value.map((row, index) => (
            // The rows have no identity of their own: a cap is its count and period.
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place, never reordered
            <li key={index} className="flex flex-wrap items-center gap-2">
              <span className="text-sm">At most</span>
              <Input
                aria-label={`Ads in cap ${index + 1}`}
                inputMode="numeric"
                className="w-24"
                value={row.count}
                aria-invalid={refused(index) || undefined}
                onChange={(event) => set(index, { count: event.target.value })}
              />
              <ChoiceSelect
                aria-label={`Period of cap ${index + 1}`}
                className="w-44"
                choices={PERIOD_CHOICES}
                value={row.period}
                onValueChange={(period) => set(index, { period })}
              />
              <Button
                type="button"
                variant="ghost"
                size="sm"
                onClick={() => onChange(value.filter((_row, at) => at !== index))}
              >
                Remove cap {index + 1}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      {error ? (
        <p role="alert" className="text-destructive text-sm">
          {error}
        </p>
      ) : null}
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="justify-self-start"
        disabled={value.length >= MAX_FREQUENCY_CAPS}
        onClick={() => onChange([...value, { count: '3', period: 'day' }])}
      >
        Add a cap
      </Button>
      {uncappable ? (
        <Field
          orientation="horizontal"
          label="Serve requests that cannot be capped"
          description="A browser that keeps no cookies, or a player that says so (nocookie=1)."
        >
          {(props) => <Switch {...props} checked={uncappable.serves} onCheckedChange={uncappable.onChange} />}
        </Field>
      ) : null}
    </fieldset>
  );
}
