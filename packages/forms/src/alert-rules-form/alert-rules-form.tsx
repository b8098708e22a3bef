// The alert rules of an account (its defaults) or of one campaign (its overrides and the recipients of
// its alert mails), docs/alerts.md "Settings". Every rule shows the value that applies; what the form
// sends is only what differs from the level above (the account's defaults for a campaign, the
// product's for an account), so a default changed later still reaches every field left alone. The
// domain's request schema checks what is sent, with its messages beside the fields.
import {
  ALERT_RULE_LABELS,
  ALERT_RULES,
  type AlertRule,
  type AlertSettings,
  type AlertSettingsLevel,
  type RecipientState,
  setAlertRulesRequestSchema,
} from '@adconsole/domain';
import { Badge, Button, cn, Field, Input, Switch, Textarea } from '@adconsole/ui';
import { useForm } from 'react-hook-form';
import { z } from 'zod/mini';
import { FormStatus } from '../lib/form-status';
import { schemaResolver } from '../lib/resolver';

/** The numeric settings of each rule, with their label and unit, in the order shown. */
const NUMBERS: { [R in AlertRule]: { key: string; label: string; unit: string }[] } = {
  'delivery-drop': [
    { key: 'percent', label: 'Alert below', unit: '% of the usual hour' },
    { key: 'floor', label: 'Only when the usual hour has at least', unit: 'impressions' },
  ],
  'delivery-spike': [
    { key: 'multiple', label: 'Alert above', unit: 'times the usual hour' },
    { key: 'floor', label: 'Only when the usual hour has at least', unit: 'impressions' },
  ],
  'no-delivery': [{ key: 'hours', label: 'Alert after', unit: 'hours without an impression' }],
  'invalid-traffic': [{ key: 'percent', label: 'Alert above', unit: "% of the last hour's ad requests" }],
  'vast-errors': [{ key: 'percent', label: 'Alert above', unit: "% of the last hour's impressions" }],
  'pacing-behind': [
    { key: 'percent', label: 'Alert when projected short by more than', unit: '% of the goal' },
  ],
  'flight-ending': [{ key: 'days', label: 'Alert', unit: 'days before the flight ends, goal not reached' }],
  budget: [{ key: 'percent', label: 'Alert at', unit: '% of the lifetime or daily budget spent' }],
};

const RULE_HELP: Record<AlertRule, string> = {
  'delivery-drop':
    'The last full hour (campaign timezone) against the median of the same hour of the week over the last 4 weeks.',
  'delivery-spike': 'The same comparison, the other way: sudden traffic is often bots or a misplaced tag.',
  'no-delivery': 'Nothing served while the flight is live: a removed tag, a paused line, a broken page.',
  'invalid-traffic':
    'Ad requests the serving edge found invalid (bots, data centres, too fast) in the last hour.',
  'vast-errors': 'Error pings from video players against impressions in the last hour; names the top code.',
  'pacing-behind': "The goal's projected delivery by the end of the flight (campaigns with a goal).",
  'flight-ending': 'The flight ends soon and the goal is not reached (campaigns with a goal).',
  budget: 'Spend at the booked rate against the lifetime or daily budget (campaigns with a budget).',
};

type RuleValues = { enabled: boolean } & Record<string, string | boolean>;
export type AlertRulesFormValues = { [R in AlertRule]: RuleValues } & {
  quietHours: string;
  recipients: string;
};

export interface AlertRulesFormSubmit {
  settings: AlertSettingsLevel;
  recipients?: string[];
}

export interface AlertRulesFormProps {
  /** What applies once merged (shown in the fields). */
  effective: AlertSettings;
  /** What applies when this level sets nothing: the account's merged defaults, or the product's. */
  inherited: AlertSettings;
  /** The campaign's chosen recipients; absent for an account's defaults (no recipients field). */
  recipients?: { address: string; state: RecipientState }[] | undefined;
  /** The campaign owner's address, always mailed. */
  ownerEmail?: string | undefined;
  onSubmit: (values: AlertRulesFormSubmit) => Promise<unknown> | unknown;
  serverError?: string | null;
  successMessage?: string | null;
  className?: string;
}

const valuesOf = (effective: AlertSettings, recipients: readonly { address: string }[] | undefined) =>
  ({
    ...Object.fromEntries(
      ALERT_RULES.map((rule) => [
        rule,
        Object.fromEntries(
          Object.entries(effective[rule]).map(([key, value]) => [
            key,
            typeof value === 'number' ? String(value) : value,
          ]),
        ),
      ]),
    ),
    quietHours: String(effective.quietHours),
    recipients: (recipients ?? []).map((entry) => entry.address).join('\n'),
  }) as AlertRulesFormValues;

/** A number as typed (NaN for anything else, which the schema refuses with the field's sentence). */
const numberOf = (text: unknown) =>
  typeof text === 'string' && text.trim() !== '' ? Number(text) : Number.NaN;

/** What the form sends: each field that differs from `inherited`, and the recipients when asked. */
function requestOf(values: AlertRulesFormValues, inherited: AlertSettings, withRecipients: boolean) {
  const settings: Record<string, unknown> = {};
  for (const rule of ALERT_RULES) {
    const changed: Record<string, unknown> = {};
    for (const [key, inheritedValue] of Object.entries(inherited[rule])) {
      const raw = values[rule][key];
      const value = typeof inheritedValue === 'boolean' ? raw === true : numberOf(raw);
      if (!Object.is(value, inheritedValue)) changed[key] = value;
    }
    if (Object.keys(changed).length > 0) settings[rule] = changed;
  }
  const quiet = numberOf(values.quietHours);
  if (!Object.is(quiet, inherited.quietHours)) settings.quietHours = quiet;
  const recipients = values.recipients
    .split(/[\s,;]+/)
    .map((address) => address.trim())
    .filter((address) => address !== '');
  return { settings, ...(withRecipients ? { recipients } : {}) };
}

const STATE_BADGES: Record<RecipientState, { label: string; variant: 'success' | 'warning' | 'secondary' }> =
  {
    confirmed: { label: 'Confirmed', variant: 'success' },
    awaiting: { label: 'Awaiting confirmation', variant: 'warning' },
    unsubscribed: { label: 'Unsubscribed', variant: 'secondary' },
  };

/** Sets which rules watch a campaign (or every campaign of an account) and at what thresholds. */
export function AlertRulesForm({
  effective,
  inherited,
  recipients,
  ownerEmail,
  onSubmit,
  serverError,
  successMessage,
  className,
}: AlertRulesFormProps) {
  const withRecipients = recipients !== undefined;
  const schema = z.pipe(
    z.custom<AlertRulesFormValues>(),
    z.pipe(
      z.transform((values: AlertRulesFormValues) => requestOf(values, inherited, withRecipients)),
      z.pick(setAlertRulesRequestSchema, { settings: true, recipients: true }),
    ),
  );
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: schemaResolver(schema),
    defaultValues: valuesOf(effective, recipients),
  });
  const settingsErrors = (errors as { settings?: Record<string, Record<string, { message?: string }>> })
    .settings;
  const errorOf = (rule: string, key: string) =>
    (settingsErrors?.[rule]?.[key] as { message?: string } | undefined)?.message;
  const recipientErrors = (
    errors as { recipients?: { message?: string } & Record<number, { message?: string }> }
  ).recipients;
  const recipientError =
    recipientErrors?.message ??
    Object.values(recipientErrors ?? {}).find((entry): entry is { message: string } =>
      Boolean((entry as { message?: string } | undefined)?.message),
    )?.message;

  return (
    <form
      aria-label={withRecipients ? 'Campaign alert rules' : 'Default alert rules'}
      noValidate
      onSubmit={handleSubmit(async (request) => {
        await onSubmit(request as AlertRulesFormSubmit);
      })}
      className={cn('grid gap-4', className)}
      data-slot="alert-rules-form"
    >
      <FormStatus serverError={serverError} successMessage={successMessage} />
      <div className="grid gap-3 md:grid-cols-2">
        {ALERT_RULES.map((rule) => {
          const enabled = watch(`${rule}.enabled`) === true;
          return (
            <fieldset key={rule} className="grid content-start gap-3 rounded-lg border p-3">
              <legend className="sr-only">{ALERT_RULE_LABELS[rule]}</legend>
              <Field orientation="horizontal" label={ALERT_RULE_LABELS[rule]} description={RULE_HELP[rule]}>
                {(control) => (
                  <Switch
                    {...control}
                    checked={enabled}
                    onCheckedChange={(checked) => setValue(`${rule}.enabled`, checked, { shouldDirty: true })}
                  />
                )}
              </Field>
              {NUMBERS[rule].map(({ key, label, unit }) => (
                <Field key={key} label={`${label} (${unit})`} error={errorOf(rule, key)} disabled={!enabled}>
                  <Input
                    inputMode="decimal"
                    className="max-w-40"
                    disabled={!enabled}
                    {...register(`${rule}.${key}`)}
                  />
                </Field>
              ))}
            </fieldset>
          );
        })}
        <fieldset className="grid content-start gap-3 rounded-lg border p-3">
          <legend className="sr-only">Quiet period</legend>
          <Field
            label="Quiet period after an alert recovers (hours)"
            description="The same alert cannot fire again on the campaign for this long, so a flapping figure sends one pair of notices, not one per check."
            error={
              errorOf('quietHours', 'message') ??
              (settingsErrors?.quietHours as { message?: string } | undefined)?.message
            }
          >
            <Input inputMode="numeric" className="max-w-40" {...register('quietHours')} />
          </Field>
        </fieldset>
      </div>
      {withRecipients ? (
        <div className="grid gap-2">
          <Field
            label="Also mail these addresses"
            description={`${ownerEmail ? `${ownerEmail} (the campaign's owner) always gets them. ` : ''}One address a line. An address outside your company gets one mail asking to confirm, and nothing else until it does; every alert mail can be unsubscribed from.`}
            error={recipientError}
          >
            <Textarea rows={3} {...register('recipients')} />
          </Field>
          {recipients && recipients.length > 0 ? (
            <ul className="grid gap-1 text-sm" aria-label="Recipients">
              {recipients.map((entry) => (
                <li key={entry.address} className="flex flex-wrap items-center gap-2">
                  <span className="break-all">{entry.address}</span>
                  <Badge variant={STATE_BADGES[entry.state].variant}>{STATE_BADGES[entry.state].label}</Badge>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      <Button type="submit" loading={isSubmitting} className="justify-self-start">
        Save alert rules
      </Button>
    </form>
  );
}
