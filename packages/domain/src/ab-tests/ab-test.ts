// An A/B test of the creatives behind one tag (docs/reports.md, "A/B tests"): its goal metrics and
// the verdict at a fixed horizon. The test is read once, when every variant has reached the sample
// planned before it started; before that the verdict is "not enough data" whatever the p-values say.
import { AB_TEST_GOALS, AB_TEST_MAX_VARIANTS, AB_TEST_MIN_VARIANTS } from '../constants';
import { type FigureSpec, REPORT_FIGURES } from '../reports/figures';
import {
  compareProportions,
  comparisonAlpha,
  differenceInterval,
  type Estimate,
  type Interval,
  liftInterval,
  type ProportionSample,
  type ProportionTest,
  proportion,
  sampleSizePerVariant,
  wilsonInterval,
} from './ab-test-statistics';

export type AbTestGoal = (typeof AB_TEST_GOALS)[number];

/** The rate of the figures' list an A/B test goal compares (figures.ts, `abTestGoal`). */
function goalFigure(goal: AbTestGoal): FigureSpec & { rate: { of: string; per: string } } {
  const figure = (REPORT_FIGURES as readonly FigureSpec[]).find((entry) => entry.abTestGoal === goal);
  if (!figure?.rate) throw new Error(`No rate of the figures' list is the A/B test goal ${goal}`);
  return figure as FigureSpec & { rate: { of: string; per: string } };
}

/** A goal's name: its rate's label ('CTR', 'Viewability', 'Completion rate'...). */
export const AB_TEST_GOAL_LABELS = Object.fromEntries(
  AB_TEST_GOALS.map((goal) => [goal, goalFigure(goal).label]),
) as Record<AbTestGoal, string>;

/**
 * What each goal counts as a success and as a trial: its rate's `of` and `per` (figures.ts). Viewability
 * is per measurable impression and completion per start, as in the reports; conversions are per click.
 * The names are the event counters'.
 */
export const AB_TEST_GOAL_COUNTS = Object.fromEntries(
  AB_TEST_GOALS.map((goal) => {
    const { of, per } = goalFigure(goal).rate;
    return [goal, { successes: of, trials: per }];
  }),
) as Record<AbTestGoal, { successes: string; trials: string }>;

/** What a goal's trials are called in a sentence: '42,693 impressions per variant'. */
export const AB_TEST_TRIAL_NOUNS: Record<AbTestGoal, string> = {
  ctr: 'impressions',
  viewability: 'measurable impressions',
  completionRate: 'video starts',
  engagementRate: 'impressions',
  conversionRate: 'clicks',
};

/** The significance levels a test can be held to, in percent, and the defaults (as fractions). */
export const AB_TEST_SIGNIFICANCE_PERCENTS = [90, 95, 99] as const;
export const DEFAULT_AB_TEST_SIGNIFICANCE = 0.95;
export const DEFAULT_AB_TEST_POWER = 0.8;

/** One variant's counts of the goal. */
export interface AbTestVariantCounts extends ProportionSample {
  /** The creative's id. */
  id: string;
  /** What the verdict calls it ("B wins"); the id when absent. */
  name?: string;
}

export interface AbTestVerdictInput {
  variants: readonly AbTestVariantCounts[];
  controlId: string;
  /** Trials each variant needs before the test is read (sampleSizePerVariant, planned at the start). */
  plannedSample: number;
  /** 1 - α over the whole test; 0.95 by default. */
  significance?: number;
}

export const AB_TEST_DECISIONS = [
  'not-enough-data',
  'no-difference',
  'variant-wins',
  'control-wins',
] as const;
export type AbTestDecision = (typeof AB_TEST_DECISIONS)[number];

export interface AbTestVariantResult {
  id: string;
  name: string;
  control: boolean;
  /** The goal's trials: impressions for CTR and engagement, measurable impressions, starts, clicks. */
  trials: number;
  successes: number;
  /** successes / trials; null without trials. */
  rate: number | null;
  /** The rate's Wilson interval at the test's significance. */
  interval: Interval;
  /** Against the control (null for the control itself): rate / control's - 1, Katz interval. */
  lift: Estimate | null;
  /** Against the control: rate - control's, Newcombe interval. */
  difference: Estimate | null;
  /** Against the control, two-sided; shown before the horizon but never acted on. */
  pValue: number | null;
  test: ProportionTest | null;
  /** Null for the control. */
  decision: AbTestDecision | null;
  /** 'Not enough data', 'No difference', 'B wins', 'Control wins'; empty for the control. */
  label: string;
}

export interface AbTestVerdict {
  /** 'not-enough-data' until every variant reached the planned sample; then what the test found. */
  decision: AbTestDecision;
  /** The winning creative's id: the best variant that beat the control, or the control when it beat every variant. */
  winnerId: string | null;
  label: string;
  plannedSample: number;
  /** The smallest variant's share of the planned sample, 0-1. */
  progress: number;
  /** The α each comparison with the control is held to: (1 - significance) / (variants - 1). */
  comparisonAlpha: number;
  variants: AbTestVariantResult[];
}

/** What a test is planned with, percentages in percent (ab-tests/ab-test-definition.ts: `AbTestDefinition`). */
export interface AbTestPlan {
  variants: readonly string[];
  /** Relative, in percent. */
  minimumDetectableEffect: number;
  significance: number;
  power: number;
  /** The control's expected rate, in percent. */
  baselineRate?: number;
}

/**
 * Trials each variant needs before the test is read: sampleSizePerVariant with the plan's percents,
 * Bonferroni over its variants. The baseline is the plan's, else the one given (the control's rate
 * before the test); fixed when the test starts, so the horizon does not move.
 */
export function abTestPlannedSample(plan: AbTestPlan, baselineRate = plan.baselineRate): number {
  if (baselineRate === undefined)
    throw new RangeError("The planned sample needs the control's expected rate");
  return sampleSizePerVariant({
    baselineRate: baselineRate / 100,
    minimumDetectableEffect: plan.minimumDetectableEffect / 100,
    significance: plan.significance / 100,
    power: plan.power / 100,
    variants: plan.variants.length,
  });
}

const NOT_ENOUGH_DATA = 'Not enough data';

function decisionLabel(decision: AbTestDecision, name: string): string {
  if (decision === 'not-enough-data') return NOT_ENOUGH_DATA;
  if (decision === 'no-difference') return 'No difference';
  return decision === 'variant-wins' ? `${name} wins` : 'Control wins';
}

function checkInput({ variants, controlId, plannedSample, significance }: AbTestVerdictInput): void {
  if (variants.length < AB_TEST_MIN_VARIANTS || variants.length > AB_TEST_MAX_VARIANTS)
    throw new RangeError(`An A/B test has ${AB_TEST_MIN_VARIANTS} to ${AB_TEST_MAX_VARIANTS} variants`);
  if (new Set(variants.map((variant) => variant.id)).size !== variants.length)
    throw new RangeError('Each variant of an A/B test is a different creative');
  if (!variants.some((variant) => variant.id === controlId))
    throw new RangeError('The control is one of the variants');
  if (!Number.isInteger(plannedSample) || plannedSample < 1)
    throw new RangeError('The planned sample is a whole number from 1');
  if (significance !== undefined && !(significance > 0 && significance < 1))
    throw new RangeError('The significance is between 0 and 1');
}

/**
 * The verdict of a test at its fixed horizon. Every variant is compared with the control (z-test, or
 * Fisher's exact test at small counts) at α / (variants - 1), Bonferroni's correction, so the chance
 * of any false winner stays within α.
 *
 * No peeking: until every variant has `plannedSample` trials the decision is 'not-enough-data', even
 * when a p-value is already under α. A test looked at again and again and stopped at the first p
 * under 0.05 finds a "winner" far more often than 5 % of the time when the creatives do not differ
 * (every look is another chance for the noise to cross the line); the planned sample is what the
 * error rates were computed for, so it is read there, once.
 */
export function abTestVerdict(input: AbTestVerdictInput): AbTestVerdict {
  checkInput(input);
  const { variants, controlId, plannedSample } = input;
  const significance = input.significance ?? DEFAULT_AB_TEST_SIGNIFICANCE;
  const alpha = comparisonAlpha(significance, variants.length);
  const control = variants.find((variant) => variant.id === controlId) as AbTestVariantCounts;
  const smallest = Math.min(...variants.map((variant) => variant.trials));
  const atHorizon = smallest >= plannedSample;

  const results = variants.map((variant): AbTestVariantResult => {
    const name = variant.name ?? variant.id;
    const isControl = variant.id === controlId;
    const base = {
      id: variant.id,
      name,
      control: isControl,
      trials: variant.trials,
      successes: variant.successes,
      rate: proportion(variant),
      interval: wilsonInterval(variant, significance),
    };
    if (isControl)
      return { ...base, lift: null, difference: null, pValue: null, test: null, decision: null, label: '' };
    // The lift and difference are shown at the level each comparison is held to, so an interval that
    // excludes 0 tells the same story as the p-value.
    const level = 1 - alpha;
    const comparison = variant.trials > 0 && control.trials > 0 ? compareProportions(control, variant) : null;
    let decision: AbTestDecision = 'not-enough-data';
    if (atHorizon && comparison)
      decision =
        comparison.pValue >= alpha
          ? 'no-difference'
          : variant.successes / variant.trials > control.successes / control.trials
            ? 'variant-wins'
            : 'control-wins';
    return {
      ...base,
      lift: liftInterval(control, variant, level),
      difference: differenceInterval(control, variant, level),
      pValue: comparison?.pValue ?? null,
      test: comparison?.test ?? null,
      decision,
      label: decisionLabel(decision, name),
    };
  });

  const challengers = results.filter((result) => !result.control);
  const winners = challengers.filter((result) => result.decision === 'variant-wins');
  let decision: AbTestDecision;
  let winner: AbTestVariantResult | undefined;
  if (!atHorizon) decision = 'not-enough-data';
  else if (winners.length > 0) {
    decision = 'variant-wins';
    winner = winners.reduce((best, result) => ((result.rate ?? 0) > (best.rate ?? 0) ? result : best));
  } else if (challengers.every((result) => result.decision === 'control-wins')) {
    decision = 'control-wins';
    winner = results.find((result) => result.control);
  } else decision = 'no-difference';

  return {
    decision,
    winnerId: winner?.id ?? null,
    label: decisionLabel(decision, winner?.name ?? ''),
    plannedSample,
    progress: Math.min(1, smallest / plannedSample),
    comparisonAlpha: alpha,
    variants: results,
  };
}
