// An A/B test of a placement's creatives (docs/reports.md "A/B tests"), checked with the
// domain's createAbTestRequestSchema: two to five variants, the control, the goal, the minimum
// detectable effect, the significance (95 % by default) and power, and the control's expected rate
// (else its rate so far). The sample each variant needs shows before the test starts, from the
// domain's abTestPlannedSample, as the server will plan it.
import {
  AB_TEST_GOAL_LABELS,
  AB_TEST_GOALS,
  AB_TEST_MAX_VARIANTS,
  AB_TEST_SIGNIFICANCE_PERCENTS,
  AB_TEST_TRIAL_NOUNS,
  type AbTestGoal,
  type CreateAbTestRequest,
  createAbTestRequestSchema,
  MESSAGES,
} from '@adconsole/domain';
import { Button, type Choice, cn, Field, Input } from '@adconsole/ui';
import { Controller, useForm } from 'react-hook-form';
import { NumberSelectField, SelectField } from '../lib/fields';
import { FormStatus } from '../lib/form-status';
import { schemaResolver } from '../lib/resolver';
import { PlannedSample, rateSoFar } from './planned-sample';
import { type AbTestFormCreative, VariantChoice } from './variant-choice';

export type { AbTestFormCreative };

export type AbTestFormValues = CreateAbTestRequest;

export interface AbTestFormProps {
  placementID: string;
  /** The placement's creatives, in its order. */
  creatives: readonly AbTestFormCreative[];
  /** Called with the checked test; the button shows pending until the returned promise settles. */
  onSubmit: (values: AbTestFormValues) => Promise<void> | void;
  /** The server's error text, shown in an alert. */
  serverError?: string | null;
  locale?: string;
  className?: string;
}

const goalChoices: readonly Choice<AbTestGoal>[] = AB_TEST_GOALS.map((goal) => ({
  value: goal,
  label: AB_TEST_GOAL_LABELS[goal],
}));
const significanceChoices: readonly Choice<string>[] = AB_TEST_SIGNIFICANCE_PERCENTS.map((level) => ({
  value: String(level),
  label: `${level}%`,
}));
const powerChoices: readonly Choice<string>[] = [80, 90].map((level) => ({
  value: String(level),
  label: `${level}%`,
}));

/**
 * A number input's value: a number, or null while empty (react-hook-form reads an undefined value as
 * "use the default", so an emptied field would come back).
 */
const numberOf = (value: string): number | null => (value.trim() === '' ? null : Number(value));
const shown = (value: number | null | undefined): string =>
  value === undefined || value === null || Number.isNaN(value) ? '' : String(value);

/** The A/B test request schema, with an emptied expected rate (null) sent as none. */
const checkedRequest = schemaResolver(createAbTestRequestSchema);
const resolver: typeof checkedRequest = (values, context, options) =>
  checkedRequest({ ...values, baselineRate: values.baselineRate ?? undefined }, context, options);

export function AbTestForm({
  placementID,
  creatives,
  onSubmit,
  serverError,
  locale = 'en-US',
  className,
}: AbTestFormProps) {
  const first = creatives.filter((creative) => creative.published).slice(0, 2);
  const variants = (first.length === 2 ? first : creatives.slice(0, 2)).map((creative) => creative.id);
  const {
    control,
    handleSubmit,
    watch,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver,
    defaultValues: {
      placementID,
      variants,
      control: variants[0] ?? '',
      goal: 'ctr' as AbTestGoal,
      minimumDetectableEffect: 20,
      significance: 95 as const,
      power: 80,
    },
  });
  const values = watch();
  const goal = values.goal ?? 'ctr';
  const controlCreative = creatives.find((creative) => creative.id === values.control);
  const soFar = rateSoFar(controlCreative?.goals?.[goal]);
  const noun = AB_TEST_TRIAL_NOUNS[goal];

  return (
    <form
      aria-label="New A/B test"
      noValidate
      onSubmit={handleSubmit((checked) => {
        if (checked.baselineRate === undefined && soFar?.percent === undefined) {
          setError('baselineRate', { message: MESSAGES.abTestExpectedRateRequired }, { shouldFocus: true });
          return;
        }
        return onSubmit(checked);
      })}
      className={cn('grid gap-4', className)}
      data-slot="ab-test-form"
    >
      <FormStatus serverError={serverError} errors={errors} />
      <Controller
        control={control}
        name="variants"
        render={({ field }) => (
          <Controller
            control={control}
            name="control"
            render={({ field: controlField }) => (
              <VariantChoice
                creatives={creatives}
                variants={field.value ?? []}
                control={controlField.value}
                max={AB_TEST_MAX_VARIANTS}
                onChange={(next, nextControl) => {
                  field.onChange(next);
                  controlField.onChange(nextControl);
                }}
                error={errors.variants?.message ?? errors.variants?.root?.message ?? errors.control?.message}
              />
            )}
          />
        )}
      />
      <SelectField
        control={control}
        name="goal"
        label="Goal"
        description="The rate the variants are compared on."
        error={errors.goal?.message}
        choices={goalChoices}
      />
      <Controller
        control={control}
        name="minimumDetectableEffect"
        render={({ field }) => (
          <Field
            label="Minimum detectable effect (%)"
            description="The smallest relative lift worth finding: 20 finds 1% against 1.2%."
            error={errors.minimumDetectableEffect?.message}
          >
            <Input
              type="number"
              inputMode="decimal"
              min={1}
              max={500}
              name={field.name}
              value={shown(field.value)}
              onChange={(event) => field.onChange(numberOf(event.target.value))}
              onBlur={field.onBlur}
              ref={field.ref}
              className="sm:w-40"
            />
          </Field>
        )}
      />
      <div className="grid grid-cols-2 gap-4">
        <NumberSelectField
          control={control}
          name="significance"
          label="Significance"
          choices={significanceChoices}
          error={errors.significance?.message}
        />
        <NumberSelectField
          control={control}
          name="power"
          label="Power"
          choices={powerChoices}
          error={errors.power?.message}
        />
      </div>
      <Controller
        control={control}
        name="baselineRate"
        render={({ field }) => (
          <Field
            label="Control's expected rate (%)"
            description={baselineHelp(soFar, AB_TEST_GOAL_LABELS[goal], noun, locale)}
            error={errors.baselineRate?.message}
          >
            <Input
              type="number"
              inputMode="decimal"
              min={0}
              max={100}
              step="any"
              name={field.name}
              value={shown(field.value)}
              onChange={(event) => field.onChange(numberOf(event.target.value))}
              onBlur={field.onBlur}
              ref={field.ref}
              className="sm:w-40"
            />
          </Field>
        )}
      />
      <PlannedSample values={values} baseline={values.baselineRate ?? soFar?.percent} locale={locale} />
      <p className="text-muted-foreground text-xs">
        While the test runs, the placement serves its variants evenly and pauses its other creatives; ending
        the test gives it its rotation back.
      </p>
      <Button type="submit" loading={isSubmitting} className="justify-self-start">
        Start A/B test
      </Button>
    </form>
  );
}

/** What the expected rate's field says: the rate so far it falls back to, or why one must be entered. */
function baselineHelp(
  soFar: ReturnType<typeof rateSoFar>,
  goal: string,
  noun: string,
  locale: string,
): string {
  const example = `(for example 0.2 for a 0.2% ${goal})`;
  if (!soFar) return `It has no ${noun} yet: enter the rate you expect ${example}.`;
  if (soFar.percent === undefined)
    return `Its ${goal} so far is ${soFar.text(locale)}, which plans nothing: enter the rate you expect ${example}.`;
  return `Optional. Empty: its ${goal} so far, ${soFar.text(locale)}.`;
}
