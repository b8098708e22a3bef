// The figures of a report (the `data` of GET /v1/campaign/reports as json): totals, a series by local
// day or hour, each creative's totals and an hour-of-week grid. The API answers this shape, the charts
// package draws it and the console shows it, so all three read one schema.
import { z } from 'zod/mini';
import { budgetFiguresSchema } from '../campaigns/budget';
import { CREATIVE_TYPES } from '../campaigns/creative';
import { pacingSchema } from '../campaigns/pacing-answer';
import {
  type CampaignRate,
  campaignGoalSchema,
  campaignRateSchema,
  spendFigures,
} from '../campaigns/pricing';
import {
  conversionLagSchema,
  invalidConversionsSchema,
  NO_INVALID_CONVERSIONS,
} from '../conversions/conversion';
import { rowConversionFigures } from '../conversions/conversion-figures';
import { invalidTrafficSchema, NO_INVALID_TRAFFIC } from '../traffic/reasons';
import { breakdownSchema } from './breakdown';
import { type CounterKeyOf, counterKeysOf } from './counters';
import { type FigureKey, type FigureKeyOf, figureSpec, RATE_FIGURES } from './figures';
import { frequencySchema, NO_FREQUENCY } from './frequency';
import { NO_REQUESTS, notServedSchema } from './not-served';
import { NO_REACH, reachSchema } from './reach';
import { reportTokenSchema, scheduledReportSchema } from './report';

/** The counters every report row carries. */
export const REPORT_COUNTERS = counterKeysOf('base');
/** The video counters, present when the report was asked `withVideoData`. */
export const VIDEO_COUNTERS = counterKeysOf('video');
/**
 * What a VAST player reports beside the quartiles (with video data): the creative was viewed, its media
 * loaded, the viewer skipped or closed it.
 */
export const VAST_COUNTERS = counterKeysOf('vast');
/** Conversions (docs/conversions.md): in every answer of a server since conversions. */
export const CONVERSION_COUNTERS = counterKeysOf('conversion');
export type ReportCounter = CounterKeyOf<'base'>;
export type VastCounter = CounterKeyOf<'vast'>;
export type VideoCounter = CounterKeyOf<'video'>;

const count = z.number().check(z.int(), z.nonnegative());
/** A rate in percent (0.52 means 0.52 %), 0 when its denominator is 0. */
const percent = z.number().check(z.nonnegative());

/** One schema per counter key. */
const countersShape = <K extends string, S>(keys: readonly K[], schema: S) =>
  Object.fromEntries(keys.map((key) => [key, schema])) as Record<K, S>;

/** The counters of the list that a report shows (reports/counters.ts), video ones optional. */
export const reportCountersSchema = z.object({
  ...countersShape(REPORT_COUNTERS, count),
  ...countersShape([...VIDEO_COUNTERS, ...VAST_COUNTERS, ...CONVERSION_COUNTERS], z.optional(count)),
  /**
   * Impressions whose viewability was measured (see `measurableImpressions`): the denominator of the
   * viewability rate. Absent from answers of servers before video viewability: then the impressions.
   */
  measurable: z.optional(count),
});
export type ReportCounters = z.infer<typeof reportCountersSchema>;

/** The rates every row has (their counters always are): CTR, engagement rate, viewability. */
type BaseRate = FigureKeyOf<{ kind: 'rate'; group: 'base' }>;
/** The rates a row has with their group's counters: completion (video data), conversion rate. */
type GroupRate = Exclude<FigureKeyOf<{ kind: 'rate' }>, BaseRate>;

/**
 * The rates of the list (reports/figures.ts), in percent, each its `of` per its `per`: clicks per
 * impression (CTR), engaged impressions per impression, viewable per measurable impression (the runtime
 * measures every display impression, MRC: 50 % of pixels for one second; a VAST player those it answered
 * Viewable or NotViewable for: `measurableImpressions`), completes per video start (with video data),
 * conversions per click (with conversions).
 */
const ratesShape = {
  ...countersShape(
    RATE_FIGURES.filter((figure) => figure.group === 'base').map((figure) => figure.key as BaseRate),
    percent,
  ),
  ...countersShape(
    RATE_FIGURES.filter((figure) => figure.group !== 'base').map((figure) => figure.key as GroupRate),
    z.optional(percent),
  ),
};

/** Counters plus the rates derived from them (see `reportRates`). */
export const reportTotalsSchema = z.extend(reportCountersSchema, {
  ...ratesShape,
  /**
   * Spend at the campaign's booked rate (in its currency, exact to a thousandth of the minor unit) and
   * the effective costs (null without their events): present when the campaign books a rate.
   */
  spend: z.optional(z.number().check(z.nonnegative())),
  ecpm: z.optional(z.nullable(z.number())),
  ecpc: z.optional(z.nullable(z.number())),
  cpcv: z.optional(z.nullable(z.number())),
  /**
   * The conversions' value as an amount of the report's conversion currency (`conversionValueMinor`
   * exactly): present when the row has conversion counters.
   */
  conversionValue: z.optional(z.number().check(z.nonnegative())),
  /** Spend per conversion and value per spend (return on ad spend, 2.5 = 250 %): with a booked rate. */
  costPerConversion: z.optional(z.nullable(z.number())),
  roas: z.optional(z.nullable(z.number())),
});
export type ReportTotals = z.infer<typeof reportTotalsSchema>;

/** 'YYYY-MM-DD' for a local day, 'YYYY-MM-DDTHH:00' for a local hour. */
export const reportPeriodPattern = /^\d{4}-\d{2}-\d{2}(T\d{2}:00)?$/;

export const reportSeriesPointSchema = z.extend(reportTotalsSchema, {
  date: z.string().check(z.regex(reportPeriodPattern)),
});
export type ReportSeriesPoint = z.infer<typeof reportSeriesPointSchema>;

export const reportCreativeSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(CREATIVE_TYPES),
  /** The live creatives (published versions) whose events the row sums. */
  liveIDs: z.array(z.string()),
  totals: reportTotalsSchema,
});
export type ReportCreative = z.infer<typeof reportCreativeSchema>;

/** Local weekday (0 Monday ... 6 Sunday) × local hour of day, summed over the range. */
export const reportWeekHourSchema = z.object({
  weekday: z.number().check(z.int(), z.gte(0), z.lte(6)),
  hour: z.number().check(z.int(), z.gte(0), z.lte(23)),
  impressions: count,
  clicks: count,
});
export type ReportWeekHour = z.infer<typeof reportWeekHourSchema>;

/** A VAST error code (or a verification's [REASON]) with its label and how often it was reported. */
export const reportCodeCountSchema = z.object({
  code: z.number().check(z.int(), z.nonnegative()),
  label: z.string(),
  count,
});
export type ReportCodeCount = z.infer<typeof reportCodeCountSchema>;

export const REPORT_GRANULARITIES = ['full', 'day', 'hour'] as const;
export type ReportGranularity = (typeof REPORT_GRANULARITIES)[number];

export const reportDataSchema = z.object({
  campaignID: z.string(),
  campaignName: z.optional(z.string()),
  /** The first and last local day of the report, both included ('YYYY-MM-DD'). */
  start: z.string(),
  end: z.string(),
  timezone: z.object({
    /** The zone's offset at the start of the range ('+05:45'). */
    offset: z.string(),
    /** The IANA zone, or the offset itself when the report ran on a fixed offset. */
    tzCode: z.string(),
  }),
  granularity: z.enum(REPORT_GRANULARITIES),
  withVideoData: z.boolean(),
  totals: reportTotalsSchema,
  /** One point per local day (or hour), every period present, zeros included, oldest first. */
  series: z.array(reportSeriesPointSchema),
  creatives: z.array(reportCreativeSchema),
  /** 168 cells (7 weekdays × 24 hours) in local time. */
  weekHours: z.array(reportWeekHourSchema),
  /**
   * Invalid traffic of the range, by reason: stored, never in the figures above (which count valid
   * events only). Absent from answers of servers before invalid-traffic filtering: then nothing.
   */
  invalid: z._default(invalidTrafficSchema, NO_INVALID_TRAFFIC),
  /**
   * The ad requests of the campaign's tags by outcome (docs/reports.md, "Requests not served"):
   * requests = served + each reason, for the range and each local period. Absent from answers of servers
   * before delivery rules: no requests.
   */
  notServed: z._default(notServedSchema, NO_REQUESTS),
  /**
   * Ads per browser in the campaign's frequency window (docs/reports.md, "Frequency"): a campaign with
   * caps, a whole-campaign report. Absent from answers of servers before frequency reports: nothing.
   */
  frequency: z._default(frequencySchema, NO_FREQUENCY),
  /**
   * Distinct browsers and devices reached over the range, by local day and cumulative, and the average
   * frequency (docs/reports.md, "Reach"): estimates, about ±0.8 %. Absent from answers of servers before
   * reach: nothing counted.
   */
  reach: z._default(reachSchema, NO_REACH),
  /** VAST errors of the range by code, most first (absent from older servers' answers: none). */
  errors: z._default(z.array(reportCodeCountSchema), []),
  /** Verifications a player did not execute, by [REASON], most first. */
  verificationNotExecuted: z._default(z.array(reportCodeCountSchema), []),
  /** The breakdown asked for with `breakdown=` (reports/breakdown.ts); null or absent when none was. */
  breakdown: z.nullish(breakdownSchema),
  /** The campaign's booked rate: the currency and price of every spend figure above; null without one. */
  rate: z.nullish(campaignRateSchema),
  /**
   * False on a share link made without costs (docs/reports.md, "Share links"): the rows carry no cost
   * figure (reports/costs.ts), the rate is null, and screens and files leave those places out. Absent
   * or true: costs as the campaign has them.
   */
  includeCosts: z.optional(z.boolean()),
  /** The currency of the conversions' value (the campaign's conversion actions'); null without actions. */
  conversionCurrency: z.nullish(z.string()),
  /** Conversions received in the range but not counted, by reason (docs/conversions.md). */
  invalidConversions: z._default(invalidConversionsSchema, NO_INVALID_CONVERSIONS),
  /** Counted conversions of the range by days from their click (the conversion-lag chart). */
  conversionLag: z._default(conversionLagSchema, []),
  /** The campaign's primary goal, and its pacing now (null without a goal or both flight dates). */
  goal: z.nullish(campaignGoalSchema),
  pacing: z.nullish(pacingSchema),
  /**
   * The campaign's budget now: spent and left, lifetime and today (campaigns/budget.ts); null without one, or
   * on a share link without costs.
   */
  budget: z.nullish(budgetFiguresSchema),
  reportToken: z._default(z.array(reportTokenSchema), []),
  scheduledReports: z._default(z.array(scheduledReportSchema), []),
  /** When the figures were read (ISO 8601). */
  dataPulledAt: z.string(),
});
export type ReportData = z.infer<typeof reportDataSchema>;

/** GET /v1/campaign/events: the event figures of the report (no share links or schedules, no video). */
export const reportEventsSchema = z.omit(reportDataSchema, { reportToken: true, scheduledReports: true });
export type ReportEvents = z.infer<typeof reportEventsSchema>;

/** The video figures of a report: starts, quartiles, completes and the completion rate. */
export const videoTotalsSchema = z.object({
  ...countersShape(VIDEO_COUNTERS, count),
  completionRate: percent,
});
export type VideoTotals = z.infer<typeof videoTotalsSchema>;

/** GET /v1/campaign/videoData: the video part of the same figures. */
export const reportVideoDataSchema = z.object({
  campaignID: z.string(),
  start: z.string(),
  end: z.string(),
  timezone: reportDataSchema.shape.timezone,
  granularity: z.enum(REPORT_GRANULARITIES),
  totals: videoTotalsSchema,
  series: z.array(z.extend(videoTotalsSchema, { date: z.string().check(z.regex(reportPeriodPattern)) })),
  creatives: z.array(z.extend(z.omit(reportCreativeSchema, { totals: true }), { totals: videoTotalsSchema })),
  dataPulledAt: z.string(),
});
export type ReportVideoData = z.infer<typeof reportVideoDataSchema>;

/** The video part of totals (what /videoData answers for them). */
export function videoTotalsOf(totals: ReportCounters): VideoTotals {
  const video = Object.fromEntries(VIDEO_COUNTERS.map((key) => [key, totals[key] ?? 0])) as Record<
    VideoCounter,
    number
  >;
  return { ...video, completionRate: rate(video.videoCompletes, video.videoStarts) };
}

const rate = (part: number, whole: number): number => (whole > 0 ? (part / whole) * 100 : 0);

/** A figure of a row: its value, else what stands in for it (measurable impressions: the impressions). */
const valueIn = (figures: Partial<Record<string, number | null>>, key: string): number | undefined => {
  const value = figures[key];
  if (value !== undefined && value !== null) return value;
  const stand = figureSpec(key as FigureKey).absentMeans;
  return stand === undefined ? undefined : (figures[stand] ?? undefined);
};

/**
 * Every rate of the list a row has the figures for (both its `of` and its `per`), in percent: 0 when its
 * `per` is 0 (`metricValue` tells such a rate from a real 0).
 */
export function rowRates(
  figures: Partial<Record<string, number | null>>,
): Partial<Record<RateFigure, number>> {
  const rates: Partial<Record<RateFigure, number>> = {};
  for (const figure of RATE_FIGURES) {
    const of = valueIn(figures, figure.rate.of);
    const per = valueIn(figures, figure.rate.per);
    if (of !== undefined && per !== undefined) rates[figure.key as RateFigure] = rate(of, per);
  }
  return rates;
}
export type RateFigure = FigureKeyOf<{ kind: 'rate' }>;

/**
 * The rates of a set of counters: CTR, engagement, viewability and (with video) completion; with a
 * booked rate, spend and the effective costs (campaigns/pricing.ts); with conversion counters, the
 * conversion figures (conversions/conversion-figures.ts) in `conversionCurrency` (else the booked rate's).
 */
export function reportRates(
  counters: ReportCounters,
  booked?: CampaignRate | null,
  conversionCurrency?: string | null,
): ReportTotals {
  const spend = booked ? spendOf(booked, counters) : undefined;
  return {
    ...spend,
    ...rowConversionFigures(counters, spend?.spend, conversionCurrency, booked?.currency),
    ...counters,
    ...(rowRates(counters) as Pick<ReportTotals, BaseRate>),
  };
}

const spendOf = (rate: CampaignRate, counters: ReportCounters) => {
  const { currency: _currency, ...figures } = spendFigures(rate, counters);
  return figures;
};

/** The keys zeroReportCounters gives, with and without video (made once: a report sums hundreds of rows). */
const WITH_VIDEO_COUNTERS = [...REPORT_COUNTERS, ...VIDEO_COUNTERS, ...VAST_COUNTERS];
const ZERO_COUNTERS = countersShape(REPORT_COUNTERS, 0) as ReportCounters;
const ZERO_WITH_VIDEO = countersShape(WITH_VIDEO_COUNTERS, 0) as ReportCounters;

/** Zeroed counters; with the video counters when `withVideo`. */
export function zeroReportCounters(withVideo: boolean): ReportCounters {
  return withVideo ? { ...ZERO_WITH_VIDEO } : { ...ZERO_COUNTERS };
}

/**
 * Adds counters together: video counters when `withVideo`, conversion counters when any row has them
 * (every row of a server since conversions), measurable impressions when any row has them.
 */
export function addReportCounters(rows: readonly ReportCounters[], withVideo: boolean): ReportCounters {
  const sum = zeroReportCounters(withVideo);
  const keys = withVideo ? WITH_VIDEO_COUNTERS : REPORT_COUNTERS;
  for (const row of rows) for (const key of keys) sum[key] = (sum[key] ?? 0) + (row[key] ?? 0);
  if (rows.some((row) => row.conversions !== undefined))
    for (const key of CONVERSION_COUNTERS) sum[key] = rows.reduce((total, row) => total + (row[key] ?? 0), 0);
  // Rows without measurement (older answers) measured every impression, as the display runtime does.
  if (rows.some((row) => row.measurable !== undefined))
    sum.measurable = rows.reduce((total, row) => total + (row.measurable ?? row.impressions), 0);
  return sum;
}

/**
 * The impressions whose viewability was measured. The display runtime measures every impression it
 * renders (a banner, the In-Banner Video layout), so all count; a VAST player measures an impression
 * when it answers its <ViewableImpression> Viewable or NotViewable (ViewUndetermined means it could
 * not), so a VAST or VPAID creative's measurable impressions are its viewable plus not-viewable ones.
 */
export function measurableImpressions(
  counters: { impressions: number; viewable: number; notViewable: number },
  creativeType: (typeof CREATIVE_TYPES)[number],
): number {
  return creativeType === 'Banner' ? counters.impressions : counters.viewable + counters.notViewable;
}
