// The A/B test form's plan: the sample each variant needs before the verdict is read, computed as the
// server will (the domain's abTestPlannedSample, Bonferroni over the variants), shown before the test
// starts; and the control's rate so far, the baseline when no expected rate is entered.
import {
  AB_TEST_GOAL_LABELS,
  AB_TEST_TRIAL_NOUNS,
  type AbTestGoal,
  abTestPlannedSample,
  type ProportionSample,
} from '@adconsole/domain';

const count = (value: number, locale: string) => new Intl.NumberFormat(locale).format(value);
const percent = (value: number, locale: string) =>
  new Intl.NumberFormat(locale, { maximumSignificantDigits: 3 }).format(value);

/**
 * The control's rate of a goal so far (all time), as the baseline when no expected rate is entered:
 * `percent` undefined at 0 or 100 % (no sample can be planned from those); undefined without trials.
 */
export function rateSoFar(
  sample: ProportionSample | undefined,
): { percent: number | undefined; text: (locale: string) => string } | undefined {
  if (!sample || sample.trials <= 0) return undefined;
  const rate = (sample.successes / sample.trials) * 100;
  return {
    percent: rate > 0 && rate < 100 ? rate : undefined,
    text: (locale) =>
      `${percent(rate, locale)}% (${count(sample.successes, locale)} of ${count(sample.trials, locale)})`,
  };
}

interface PlanValues {
  variants?: (string | undefined)[] | undefined;
  goal?: AbTestGoal | undefined;
  minimumDetectableEffect?: number | undefined;
  significance?: number | undefined;
  power?: number | undefined;
}

/** The sample each variant needs, or undefined while the plan is incomplete or out of range. */
function plannedSample(values: PlanValues, baseline: number | undefined): number | undefined {
  const variants = (values.variants ?? []).filter((id): id is string => Boolean(id));
  const { minimumDetectableEffect, significance, power } = values;
  if (baseline === undefined || !(baseline > 0 && baseline < 100)) return undefined;
  if (variants.length < 2 || variants.length > 5) return undefined;
  if (
    minimumDetectableEffect === undefined ||
    !(minimumDetectableEffect >= 1 && minimumDetectableEffect <= 500)
  )
    return undefined;
  if (significance === undefined || power === undefined) return undefined;
  // A lift that would take the rate past 100 % cannot be planned for.
  if (baseline * (1 + minimumDetectableEffect / 100) >= 100) return undefined;
  try {
    return abTestPlannedSample({ variants, minimumDetectableEffect, significance, power }, baseline);
  } catch {
    return undefined;
  }
}

export function PlannedSample({
  values,
  baseline,
  locale,
}: {
  values: PlanValues;
  /** The control's expected rate in percent: entered, else its rate so far. */
  baseline: number | undefined;
  locale: string;
}) {
  const goal = values.goal ?? 'ctr';
  const noun = AB_TEST_TRIAL_NOUNS[goal];
  const sample = plannedSample(values, baseline);
  const variants = (values.variants ?? []).length;
  return (
    <div
      role="status"
      data-slot="planned-sample"
      className="grid gap-1 rounded-md border bg-muted/40 p-3 text-sm"
    >
      {sample === undefined ? (
        <p className="text-muted-foreground">
          {baseline === undefined
            ? `The sample the test needs shows once the control's expected ${AB_TEST_GOAL_LABELS[goal]} is known.`
            : 'The sample the test needs shows once the plan above is complete.'}
        </p>
      ) : (
        <>
          <p className="font-medium">
            Needs {count(sample, locale)} {noun} per variant, {count(sample * variants, locale)} in all
          </p>
          <p className="text-muted-foreground text-xs">
            The verdict waits until every variant has them: looking earlier and stopping at the first good
            p-value would find winners that are not there.
          </p>
        </>
      )}
    </div>
  );
}
