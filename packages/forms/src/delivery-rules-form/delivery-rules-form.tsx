// The delivery rules of a campaign, or of one of its creatives (docs/serving.md, "Delivery rules"): who,
// where and when its ads serve. One field per rule of the domain's DELIVERY_RULES, drawn by its kind:
// a list to include or exclude (countries, device types, operating systems, browsers...), sites and app
// bundles to allow and block with whether a request whose site is unknown serves (the campaign's
// choice), a week of hours in the campaign's timezone; then frequency caps with the sentence saying what
// they mean (per browser on each site; for the campaign, whether a request that cannot be capped serves:
// docs/serving.md, "Frequency caps"). The domain's schema checks what is sent, with its messages beside
// each rule (a rule set that excludes every request too); while the rules are edited the form hands
// each valid set to `onRulesChange` once per change, so the page can show what share of the last 7
// days' impressions it would have kept (`estimate`) before anything is saved.
import {
  campaignDeliveryRulesSchema,
  creativeDeliveryRulesSchema,
  DELIVERY_RULES,
  type DeliveryRules,
  LIST_RULES,
  type ListRuleName,
  weekStartOf,
  zoneWords,
} from '@adconsole/domain';
import { Button, cn, Field, Switch, Textarea } from '@adconsole/ui';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { type Control, Controller, type UseFormRegister, useForm } from 'react-hook-form';
import { z } from 'zod/mini';
import { FormStatus } from '../lib/form-status';
import { schemaResolver } from '../lib/resolver';
import { DaypartGrid, everyHour } from './daypart-grid';
import { EstimateNote, type EstimateState } from './estimate-note';
import { type CapRow, capsOf, FrequencyCapsField } from './frequency-caps-field';
import { ListRuleField, type ListRuleValue, listOptions } from './list-rule-field';
import { useRuleIssues } from './rule-issues';

export type DeliveryRulesFormValues = { [K in ListRuleName]: ListRuleValue } & {
  /** One domain or app:<bundle> a line. */
  allow: string;
  block: string;
  /** Whether a request whose site is unknown serves (the campaign's choice). */
  unknownSiteServes: boolean;
  daypart: boolean[][];
  frequencyCaps: CapRow[];
  /** Whether a request that cannot be capped serves (the campaign's choice). */
  uncappableServes: boolean;
};

export interface DeliveryRulesFormProps {
  /** A campaign's rules (with the unknown-site choice) or a creative's own (which narrow them). */
  level: 'campaign' | 'creative';
  /** The rules as saved. */
  rules: DeliveryRules;
  /** The campaign's timezone, the daypart's (IANA). */
  timezone: string;
  /**
   * The account's locale ('de-DE', 'en-US'): the daypart's days are drawn from the day its week starts
   * on (the domain's `weekStartOf`). Monday first when not given.
   */
  locale?: string | undefined;
  onSubmit: (rules: DeliveryRules) => Promise<unknown> | unknown;
  /** Each valid rule set while it is edited (for the estimate). */
  onRulesChange?: ((rules: DeliveryRules) => void) | undefined;
  /**
   * The label of the first invalid field on screen ('Countries') each time that changes, undefined once
   * every field is valid again: while one is, the page shows no estimate or forecast of an older set.
   */
  onInvalidChange?: ((field: string | undefined) => void) | undefined;
  estimate?: EstimateState | undefined;
  /** Drawn under the estimate, before the save button (the console's inventory forecast). */
  beforeSubmit?: ReactNode;
  serverError?: string | null;
  successMessage?: string | null;
  /** Whether what the form would send differs from the rules it opened with, each time that changes. */
  onDirtyChange?: ((dirty: boolean) => void) | undefined;
  /** A Cancel button beside Save (a dialog's way out; the page asks before dropping edits). */
  onCancel?: (() => void) | undefined;
  /**
   * Save and Cancel in a footer at the bottom of the scrolling box the form fills (a dialog's), so the
   * estimate growing or shrinking above them never moves them.
   */
  stickyActions?: boolean;
  className?: string;
}

const listOf = (rule: { mode: 'include' | 'exclude'; values: string[] } | null | undefined): ListRuleValue =>
  rule ? { mode: rule.mode, values: [...rule.values] } : { mode: 'any', values: [] };

const formValuesOf = (rules: DeliveryRules): DeliveryRulesFormValues => ({
  ...(Object.fromEntries(LIST_RULES.map((rule) => [rule.key, listOf(rules[rule.key])])) as {
    [K in ListRuleName]: ListRuleValue;
  }),
  allow: (rules.sites?.allow ?? []).join('\n'),
  block: (rules.sites?.block ?? []).join('\n'),
  unknownSiteServes: rules.unknownSite !== 'skip',
  daypart: rules.daypart ? rules.daypart.map((day) => [...day]) : everyHour(),
  frequencyCaps: (rules.frequencyCaps ?? []).map((cap) => ({ count: String(cap.count), period: cap.period })),
  uncappableServes: rules.uncappable !== 'skip',
});

const lines = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((line) => line.trim())
    .filter((line) => line !== '');

/** What the form sends: each rule set, `any` and empty lists left out, the daypart only when it narrows. */
function rulesOf(values: DeliveryRulesFormValues, level: 'campaign' | 'creative'): Record<string, unknown> {
  const rules: Record<string, unknown> = {};
  for (const { key } of LIST_RULES) {
    const { mode, values: chosen } = values[key];
    if (mode !== 'any') rules[key] = { mode, values: chosen };
  }
  const [allow, block] = [lines(values.allow), lines(values.block)];
  if (allow.length > 0 || block.length > 0) rules.sites = { allow, block };
  if (level === 'campaign' && !values.unknownSiteServes) rules.unknownSite = 'skip';
  if (values.daypart.some((day) => day.some((on) => !on))) rules.daypart = values.daypart;
  if (values.frequencyCaps.length > 0) rules.frequencyCaps = capsOf(values.frequencyCaps);
  if (level === 'campaign' && !values.uncappableServes) rules.uncappable = 'skip';
  return rules;
}

/**
 * The sites to allow and block, one a line, each list's entries' messages beside that list (the rule's
 * own, every allowed site blocked, beside the first), and the campaign's unknown-site choice.
 */
function SitesField({
  label,
  level,
  control,
  register,
  errors,
}: {
  label: string;
  level: 'campaign' | 'creative';
  control: Control<DeliveryRulesFormValues, unknown, DeliveryRules>;
  register: UseFormRegister<DeliveryRulesFormValues>;
  errors: { allow: string | undefined; block: string | undefined };
}) {
  return (
    <fieldset className="grid gap-3 rounded-lg border p-3 md:grid-cols-2" data-rule={label}>
      <legend className="font-medium text-sm">{label}</legend>
      <Field
        label="Only on these"
        description="One domain a line (it covers its subdomains), or app:<bundle>. Empty: any site."
        error={errors.allow}
      >
        <Textarea rows={3} {...register('allow')} />
      </Field>
      <Field label="Never on these" description="Blocked even when allowed above." error={errors.block}>
        <Textarea rows={3} {...register('block')} />
      </Field>
      {level === 'campaign' ? (
        <Controller
          control={control}
          name="unknownSiteServes"
          render={({ field }) => (
            <Field
              orientation="horizontal"
              label="Serve requests whose site is unknown"
              description="No site macro, no page, no referrer: the site cannot be told."
              className="md:col-span-2"
            >
              {(props) => <Switch {...props} checked={field.value} onCheckedChange={field.onChange} />}
            </Field>
          )}
        />
      ) : null}
    </fieldset>
  );
}

export function DeliveryRulesForm({
  level,
  rules,
  timezone,
  locale,
  onSubmit,
  onRulesChange,
  onInvalidChange,
  estimate,
  beforeSubmit,
  serverError,
  successMessage,
  onDirtyChange,
  onCancel,
  stickyActions = false,
  className,
}: DeliveryRulesFormProps) {
  const target = (level === 'campaign'
    ? campaignDeliveryRulesSchema
    : creativeDeliveryRulesSchema) as unknown as z.ZodMiniType<DeliveryRules, Record<string, unknown>>;
  const schema = useMemo(
    () =>
      z.pipe(
        z.custom<DeliveryRulesFormValues>(),
        z.pipe(
          z.transform((values: DeliveryRulesFormValues) => rulesOf(values, level)),
          target,
        ),
      ),
    [level, target],
  );
  const { control, register, handleSubmit, watch, setValue, formState } = useForm({
    resolver: schemaResolver(schema),
    defaultValues: formValuesOf(rules),
    // Save brings the first refused field into view itself (a site list's message is not under its name).
    shouldFocusError: false,
  });
  const { errors, isSubmitting, isSubmitted, touchedFields, dirtyFields } = formState;
  const values = watch();
  const candidate = JSON.stringify(rulesOf(values, level));
  // The rule set on screen judged after every change: each field's message, the first field to fix; each
  // valid set handed on for the estimate; a refused Save brings the first field to fix into view.
  const { parsed, issues, formElement, showRefused } = useRuleIssues(target, candidate, {
    onRulesChange,
    onInvalidChange,
  });
  // The site lists' messages wait while a list is first typed in, until it is left (or Save): a list as
  // it opened, or once left, shows them at once.
  const sitesShown =
    isSubmitted || touchedFields.allow || touchedFields.block || !(dirtyFields.allow || dirtyFields.block);
  const sitesMessage = (list: 'allow' | 'block') => (sitesShown ? issues.messages[list] : undefined);
  // Dirty: what the form would send is not what it opened with (a line's spaces, a cell toggled and
  // toggled back, do not count).
  const [opened] = useState(() => JSON.stringify(rulesOf(formValuesOf(rules), level)));
  const dirty = candidate !== opened;
  const dirtyChanged = useRef(onDirtyChange);
  dirtyChanged.current = onDirtyChange;
  useEffect(() => {
    dirtyChanged.current?.(dirty);
  }, [dirty]);

  const listField = (rule: (typeof LIST_RULES)[number]) => (
    <Controller
      key={rule.key}
      control={control}
      name={rule.key}
      render={({ field }) => (
        <ListRuleField
          label={rule.label}
          noun={rule.noun}
          value={field.value}
          onChange={field.onChange}
          options={listOptions(rule.kind, field.value.values)}
          checkboxes={rule.kind.checkboxes === true}
          error={issues.messages[rule.key]}
        />
      )}
    />
  );

  const daypartField = () => (
    <Controller
      key="daypart"
      control={control}
      name="daypart"
      render={({ field }) => (
        <DaypartGrid
          value={field.value}
          onChange={field.onChange}
          zone={zoneWords(timezone)}
          weekStart={locale === undefined ? undefined : weekStartOf(locale)}
          error={issues.messages.daypart}
        />
      )}
    />
  );

  // The list rules side by side, then each other rule in the list's order.
  const lists = LIST_RULES.map(listField);
  const others: ReactNode[] = DELIVERY_RULES.flatMap((rule) =>
    rule.kind.type === 'sites'
      ? [
          <SitesField
            key="sites"
            label={rule.label}
            level={level}
            control={control}
            register={register}
            errors={{ allow: sitesMessage('allow'), block: sitesMessage('block') }}
          />,
        ]
      : rule.kind.type === 'daypart'
        ? [daypartField()]
        : [],
  );

  return (
    <form
      aria-label={level === 'campaign' ? 'Campaign delivery rules' : 'Creative delivery rules'}
      noValidate
      ref={formElement}
      onSubmit={handleSubmit(async (request) => {
        await onSubmit(request as DeliveryRules);
      }, showRefused)}
      className={cn(stickyActions ? 'flex flex-col gap-4' : 'grid gap-4', className)}
      data-slot="delivery-rules-form"
    >
      <FormStatus serverError={serverError} successMessage={successMessage} errors={errors} />
      {level === 'creative' ? (
        <p className="text-muted-foreground text-sm">
          A creative’s rules narrow its campaign’s: a request must match both.
        </p>
      ) : null}
      <div className="grid gap-3 md:grid-cols-2">{lists}</div>
      {others}
      <Controller
        control={control}
        name="frequencyCaps"
        render={({ field }) => (
          <FrequencyCapsField
            value={field.value}
            onChange={field.onChange}
            error={issues.messages.frequencyCaps}
            uncappable={
              level === 'campaign'
                ? {
                    serves: values.uncappableServes,
                    onChange: (serves) => setValue('uncappableServes', serves, { shouldDirty: true }),
                  }
                : undefined
            }
          />
        )}
      />
      <EstimateNote
        state={estimate}
        rules={parsed.success ? parsed.data : undefined}
        invalidField={issues.first?.label}
      />
      {beforeSubmit}
      <div
        data-slot="delivery-rules-actions"
        className={cn(
          'flex flex-wrap gap-2',
          stickyActions && 'sticky -bottom-6 -mx-6 -mb-6 mt-auto border-t bg-background px-6 pt-4 pb-6',
        )}
      >
        <Button type="submit" loading={isSubmitting}>
          Save delivery rules
        </Button>
        {onCancel ? (
          <Button type="button" variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}
