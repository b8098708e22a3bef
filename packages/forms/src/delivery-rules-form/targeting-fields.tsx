// The targeting a campaign is booked with (the console's new campaign dialog: docs/console.md, "The
// inventory forecast"): some of the delivery rules form's list rules, countries and device types unless
// told, each drawn with the form's own ListRuleField and judged as the form judges its rules, after every
// change with the campaign rules' own schema (rule-issues.ts): a set it refuses (only these with none
// chosen, every device type left out) has the same message beside the rule as in the delivery rules form,
// as soon as it is wrong. Fields inside the host's form: the host holds the values and sends the rules.
import {
  campaignDeliveryRulesSchema,
  DELIVERY_RULE,
  type DeliveryRules,
  type ListKind,
  type ListRuleName,
  safeParseWithMessages,
} from '@adconsole/domain';
import { cn } from '@adconsole/ui';
import { ListRuleField, type ListRuleValue, listOptions } from './list-rule-field';
import { ruleIssues } from './rule-issues';

/** Each drawn rule as the field holds it (`any`, or absent: no rule). */
export type TargetingValues = { [K in ListRuleName]?: ListRuleValue };

/**
 * The rules of a booking as the campaign's rules call takes them, or why not: each refused rule's message
 * under its name, and the first refused rule's label ('Countries') for the figures to name instead.
 */
export type TargetingCheck =
  | { rules: DeliveryRules; errors?: undefined; field?: undefined }
  | { rules?: undefined; errors: { [K in ListRuleName]?: string }; field: string };

/** The rules a booking offers unless told: where and on what its ads serve. */
const BOOKING_RULES: readonly ListRuleName[] = ['countries', 'devices'];

/** The values' rules (`any` left out), or each refused rule's message and the first one's label. */
export function checkTargeting(values: TargetingValues): TargetingCheck {
  const rules: Record<string, unknown> = {};
  for (const [key, rule] of Object.entries(values))
    if (rule && rule.mode !== 'any') rules[key] = { mode: rule.mode, values: rule.values };
  const parsed = safeParseWithMessages(campaignDeliveryRulesSchema, rules);
  if (parsed.success) return { rules: parsed.data };
  const issues = ruleIssues(parsed.error.issues);
  return { errors: issues.messages, field: issues.first?.label ?? 'Targeting' };
}

export interface TargetingFieldsProps {
  value: TargetingValues;
  onChange: (value: TargetingValues) => void;
  /** The list rules drawn, in this order. */
  rules?: readonly ListRuleName[];
  className?: string;
}

export function TargetingFields({ value, onChange, rules = BOOKING_RULES, className }: TargetingFieldsProps) {
  const { errors } = checkTargeting(value);
  return (
    <fieldset className={cn('grid gap-3', className)} data-slot="targeting-fields">
      <legend className="mb-2 font-medium text-sm">Targeting</legend>
      <p className="-mt-2 text-muted-foreground text-xs">
        Optional. Where and on what its ads serve, saved with the campaign; its other delivery rules are set
        on its page.
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        {rules.map((name) => {
          const rule = DELIVERY_RULE[name] as { label: string; noun: string; kind: ListKind };
          const current = value[name] ?? { mode: 'any', values: [] };
          return (
            <ListRuleField
              key={name}
              label={rule.label}
              noun={rule.noun}
              value={current}
              onChange={(next) => onChange({ ...value, [name]: next })}
              options={listOptions(rule.kind, current.values)}
              checkboxes={rule.kind.checkboxes === true}
              error={errors?.[name]}
            />
          );
        })}
      </div>
    </fieldset>
  );
}
