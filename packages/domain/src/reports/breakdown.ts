// Report breakdowns (docs/product.md §7, "Breakdowns"; docs/reports.md): a report's valid figures by
// site, device type, operating system, browser or country. The rules:
// - Captured at serving time, kept as dimension rollups per live creative, UTC bucket, dimension and
//   value. Per live creative and UTC day at most DIMENSION_VALUES_PER_DAY values of a dimension are
//   kept by name (the first ones seen that day); later new values are summed as "Other"
//   (admitDimensionValues), so storage grows with traffic, not with URLs.
// - An answer lists the top BREAKDOWN_TOP_ROWS values by impressions (then by label), then "Other"
//   (the rest, and whatever the cap summed) and "Unknown" (nothing to tell: no site, an unparsable user
//   agent, an address in no country): rows, other and unknown add up exactly to the report's totals.
import { z } from 'zod/mini';
import { type CampaignRate, spendFigures } from '../campaigns/pricing';
import { rowConversionFigures } from '../conversions/conversion-figures';
import { countryLabel } from '../traffic/countries';
import { siteLabel } from '../traffic/site';
import { DEVICE_TYPE_LABELS, type DeviceType } from '../traffic/user-agent';
import { type FigureKeyOf, type FigureSpec, RATE_FIGURES, REPORT_FIGURES, showsIn } from './figures';

export const BREAKDOWN_DIMENSIONS = ['site', 'device', 'os', 'browser', 'country'] as const;
export type BreakdownDimension = (typeof BREAKDOWN_DIMENSIONS)[number];

/** Values of one dimension kept by name per live creative and UTC day; the rest are "Other". */
export const DIMENSION_VALUES_PER_DAY = 1000;
/** Rows an answer lists by name before "Other". */
export const BREAKDOWN_TOP_ROWS = 50;
/** The stored value of "nothing to tell". */
export const UNKNOWN_DIMENSION_VALUE = '';
/** The stored value of the values past the day's cap (no site, OS, browser or country is spelled so). */
export const OTHER_DIMENSION_VALUE = '~other';

/** One value of each dimension: what an event of an impression is counted under. */
export type EventDimensions = Record<BreakdownDimension, string>;
export const UNKNOWN_DIMENSIONS: EventDimensions = {
  site: '',
  device: '',
  os: '',
  browser: '',
  country: '',
};

/**
 * The counters a breakdown row sums (stored per value), under the figures' keys (reports/figures.ts):
 * the counters `inBreakdowns`, and the measurable impressions their rollups give.
 */
export interface BreakdownCounters {
  impressions: number;
  viewable: number;
  /** Impressions whose viewability was measured (the viewability rate's denominator). */
  measurable: number;
  engagement: number;
  clicks: number;
  videoStarts: number;
  videoCompletes: number;
  /**
   * Conversions of the clicks served with the value and their value in the minor unit of the conversion
   * currency (docs/conversions.md): absent from answers of servers before conversions.
   */
  conversions?: number | undefined;
  conversionValueMinor?: number | undefined;
}
/** The conversion counters of a breakdown row (present in every answer of a server since conversions). */
export const BREAKDOWN_CONVERSION_COUNTERS = ['conversions', 'conversionValueMinor'] as const;
/** The counts the breakdowns show outside the conversions' group (figures.ts): every row's counters. */
type BreakdownCounterKey = FigureKeyOf<{
  kind: 'count';
  group: 'base' | 'video';
  shows: { breakdown: true };
}> &
  keyof BreakdownCounters;
export const BREAKDOWN_COUNTERS: readonly BreakdownCounterKey[] = (REPORT_FIGURES as readonly FigureSpec[])
  .filter(
    (figure) =>
      figure.kind === 'count' &&
      (figure.group === 'base' || figure.group === 'video') &&
      showsIn(figure, 'breakdown'),
  )
  .map((figure) => figure.key as BreakdownCounterKey);

export const zeroBreakdownCounters = (): BreakdownCounters => ({
  impressions: 0,
  viewable: 0,
  measurable: 0,
  engagement: 0,
  clicks: 0,
  videoStarts: 0,
  videoCompletes: 0,
  conversions: 0,
  conversionValueMinor: 0,
});

const count = z.number().check(z.int(), z.nonnegative());
const percent = z.number().check(z.nonnegative());

/** A rate of the list whose `of` and `per` are both among the counters `C`. */
type RateOfCounters<C extends string> = FigureKeyOf<{ kind: 'rate'; rate: { of: C; per: C } }>;
/** The rates every row has: both their counters are every row's (CTR, engagement, viewability, completion). */
type BreakdownRowRate = RateOfCounters<BreakdownCounterKey>;
/** The rates a row has with its conversion counters (conversions per click). */
type BreakdownConversionRate = Exclude<RateOfCounters<keyof BreakdownCounters>, BreakdownRowRate>;
export type BreakdownRate = BreakdownRowRate | BreakdownConversionRate;

const rowCounters: readonly string[] = BREAKDOWN_COUNTERS;
const carriedCounters: readonly string[] = [...BREAKDOWN_COUNTERS, ...BREAKDOWN_CONVERSION_COUNTERS];
/**
 * The rates of the list (REPORT_FIGURES) whose two counters a breakdown row carries, in the list's order:
 * each row, Other and Unknown have them (a new rate of breakdown counters included, shown or not).
 */
export const BREAKDOWN_RATES = RATE_FIGURES.filter(
  (figure) => carriedCounters.includes(figure.rate.of) && carriedCounters.includes(figure.rate.per),
);
const inEveryRow = (figure: (typeof BREAKDOWN_RATES)[number]) =>
  rowCounters.includes(figure.rate.of) && rowCounters.includes(figure.rate.per);
/** One schema per rate key. */
const ratesShape = <K extends string, S>(keys: readonly K[], schema: S) =>
  Object.fromEntries(keys.map((key) => [key, schema])) as Record<K, S>;

/** Counters with their rates (percent, 0 when the denominator is 0), under the figures' keys. */
export const breakdownFiguresSchema = z.object({
  impressions: count,
  viewable: count,
  /** Impressions whose viewability was measured: the denominator of `viewabilityRate`. */
  measurable: count,
  engagement: count,
  clicks: count,
  videoStarts: count,
  videoCompletes: count,
  /**
   * The rates of every row's counters (`BREAKDOWN_RATES`): clicks per impression (`ctr`), engagements per
   * impression, viewable per measurable impression, completes per start.
   */
  ...ratesShape(
    BREAKDOWN_RATES.filter(inEveryRow).map((figure) => figure.key as BreakdownRowRate),
    percent,
  ),
  /**
   * Spend at the campaign's booked rate and the effective costs (campaigns/pricing.ts), in the report's
   * `rate.currency`: present when the campaign books a rate. Rows, other and unknown add up to the
   * totals' spend exactly (each is a whole number of thousandths of the minor unit).
   */
  spend: z.optional(z.number().check(z.nonnegative())),
  ecpm: z.optional(z.nullable(z.number())),
  ecpc: z.optional(z.nullable(z.number())),
  cpcv: z.optional(z.nullable(z.number())),
  /** Conversions and their value in the minor unit (absent from answers before conversions). */
  conversions: z.optional(count),
  conversionValueMinor: z.optional(count),
  /**
   * Conversions per click (the rates of a conversion counter, `BREAKDOWN_RATES`), value as an amount of
   * the report's conversion currency, and with a booked rate cost per conversion and ROAS
   * (conversions/conversion-figures.ts): present with conversion counters.
   */
  ...ratesShape(
    BREAKDOWN_RATES.filter((figure) => !inEveryRow(figure)).map(
      (figure) => figure.key as BreakdownConversionRate,
    ),
    z.optional(percent),
  ),
  conversionValue: z.optional(z.number().check(z.nonnegative())),
  costPerConversion: z.optional(z.nullable(z.number())),
  roas: z.optional(z.nullable(z.number())),
});
export type BreakdownFigures = z.infer<typeof breakdownFiguresSchema>;

export const breakdownRowSchema = z.extend(breakdownFiguresSchema, {
  /** The stored value: a host, `app:<bundle>`, a device type, 'Chrome 126', an ISO 3166-1 alpha-2 code. */
  value: z.string(),
  /** How it is shown: the host, 'Connected TV', 'Chrome 126', 'Germany'. */
  label: z.string(),
});
export type BreakdownRow = z.infer<typeof breakdownRowSchema>;

/** The IP-to-country database the country breakdown was read with (shown in the report's footer). */
export const countryDatabaseSchema = z.object({
  name: z.string(),
  version: z.string(),
  licence: z.string(),
});
export type CountryDatabase = z.infer<typeof countryDatabaseSchema>;

export const breakdownSchema = z.object({
  dimension: z.enum(BREAKDOWN_DIMENSIONS),
  /** The top values by impressions (then label), at most BREAKDOWN_TOP_ROWS. */
  rows: z.array(breakdownRowSchema),
  /** Every other value, and what the per-day cap summed; null when there is none. */
  other: z.nullable(breakdownFiguresSchema),
  /** Events with nothing to tell for this dimension; null when there is none. */
  unknown: z.nullable(breakdownFiguresSchema),
  /** With the country dimension: the database that placed the addresses; else null. */
  countryDatabase: z._default(z.nullable(countryDatabaseSchema), null),
});
export type Breakdown = z.infer<typeof breakdownSchema>;

const rate = (part: number, whole: number) => (whole > 0 ? (part / whole) * 100 : 0);

/**
 * Every rate of `BREAKDOWN_RATES` whose two counters `counters` has (a row without conversion counters
 * has no conversion rate): its `of` per its `per` in percent, 0 when `per` is 0.
 */
export function breakdownRates(counters: BreakdownCounters): Pick<BreakdownFigures, BreakdownRate> {
  const rates: Partial<Record<BreakdownRate, number>> = {};
  for (const figure of BREAKDOWN_RATES) {
    const of = counters[figure.rate.of as keyof BreakdownCounters];
    const per = counters[figure.rate.per as keyof BreakdownCounters];
    if (of !== undefined && per !== undefined) rates[figure.key as BreakdownRate] = rate(of, per);
  }
  return rates as Pick<BreakdownFigures, BreakdownRate>;
}

/**
 * Counters with their rates; with a booked rate, spend and the effective costs; with conversion counters,
 * the conversion figures in `conversionCurrency` (else the booked rate's), as a report's rows have them.
 */
export const breakdownFigures = (
  counters: BreakdownCounters,
  booked?: CampaignRate | null,
  conversionCurrency?: string | null,
): BreakdownFigures => {
  const spend = booked ? breakdownSpend(booked, counters) : undefined;
  return {
    ...spend,
    ...rowConversionFigures(counters, spend?.spend, conversionCurrency, booked?.currency),
    ...counters,
    ...breakdownRates(counters),
  };
};

/** A breakdown row's spend: its completes are the completed views a CPCV prices. */
const breakdownSpend = (booked: CampaignRate, counters: BreakdownCounters) => {
  const { currency: _currency, ...figures } = spendFigures(booked, counters);
  return figures;
};

/** Adds `add` into `into` (its conversion counters when it has them). */
export const addBreakdownCounters = (into: BreakdownCounters, add: BreakdownCounters): BreakdownCounters => {
  for (const key of BREAKDOWN_COUNTERS) into[key] += add[key];
  for (const key of BREAKDOWN_CONVERSION_COUNTERS) {
    const value = add[key];
    if (value !== undefined) into[key] = (into[key] ?? 0) + value;
  }
  return into;
};

/** Whether any counter is above 0. */
const anyCount = (counters: BreakdownCounters) =>
  BREAKDOWN_COUNTERS.some((key) => counters[key] > 0) ||
  BREAKDOWN_CONVERSION_COUNTERS.some((key) => (counters[key] ?? 0) > 0);

/** How a stored value of a dimension is shown. */
export function breakdownLabel(dimension: BreakdownDimension, value: string): string {
  if (value === UNKNOWN_DIMENSION_VALUE) return 'Unknown';
  if (value === OTHER_DIMENSION_VALUE) return 'Other';
  if (dimension === 'site') return siteLabel(value);
  if (dimension === 'device') return DEVICE_TYPE_LABELS[value as DeviceType] ?? value;
  if (dimension === 'country') return countryLabel(value);
  return value;
}

/**
 * The answer of a breakdown from the stored values' sums: the top BREAKDOWN_TOP_ROWS by impressions
 * (ties by label, then value), the rest and the capped values as `other`, the unknown as `unknown`.
 * Values with no count at all are left out. Every counter of rows + other + unknown equals its sum
 * over `values`.
 */
export function breakdownOf(
  dimension: BreakdownDimension,
  values: readonly { value: string; counters: BreakdownCounters }[],
  countryDatabase: CountryDatabase | null = null,
  /** The campaign's booked rate: every row, other and unknown get their spend at it. */
  booked: CampaignRate | null = null,
  /** The currency of the conversions' value (the campaign's conversion actions'); null without actions. */
  conversionCurrency: string | null = null,
): Breakdown {
  const byValue = new Map<string, BreakdownCounters>();
  for (const { value, counters } of values) {
    const sum = byValue.get(value) ?? zeroBreakdownCounters();
    byValue.set(value, addBreakdownCounters(sum, counters));
  }
  const other = byValue.get(OTHER_DIMENSION_VALUE) ?? zeroBreakdownCounters();
  const unknown = byValue.get(UNKNOWN_DIMENSION_VALUE) ?? zeroBreakdownCounters();
  const named = [...byValue.entries()]
    .filter(
      ([value, counters]) =>
        value !== OTHER_DIMENSION_VALUE && value !== UNKNOWN_DIMENSION_VALUE && anyCount(counters),
    )
    .map(([value, counters]) => ({ value, label: breakdownLabel(dimension, value), counters }))
    .sort(
      (a, b) =>
        b.counters.impressions - a.counters.impressions ||
        a.label.localeCompare(b.label) ||
        (a.value < b.value ? -1 : a.value > b.value ? 1 : 0),
    );
  for (const rest of named.slice(BREAKDOWN_TOP_ROWS)) addBreakdownCounters(other, rest.counters);
  return {
    dimension,
    rows: named.slice(0, BREAKDOWN_TOP_ROWS).map(({ value, label, counters }) => ({
      value,
      label,
      ...breakdownFigures(counters, booked, conversionCurrency),
    })),
    other: anyCount(other) ? breakdownFigures(other, booked, conversionCurrency) : null,
    unknown: anyCount(unknown) ? breakdownFigures(unknown, booked, conversionCurrency) : null,
    countryDatabase: dimension === 'country' ? countryDatabase : null,
  };
}

/**
 * Whether a report counts nothing a breakdown sums (impressions, viewable and measurable impressions,
 * engagements, clicks, video starts and completes, conversions: a range may hold a conversion of a
 * click before it, and nothing else). Rows, Other and Unknown add up exactly to the
 * totals, so such a report's breakdown is empty in every dimension and need not be asked for.
 */
export const breakdownIsEmptyFor = (
  totals: Partial<Record<(typeof BREAKDOWN_COUNTERS)[number] | 'conversions', number | undefined>>,
): boolean => [...BREAKDOWN_COUNTERS, 'conversions' as const].every((key) => (totals[key] ?? 0) === 0);

/**
 * The cardinality rule: which of `incoming` (new values of one live creative, dimension and UTC day, in
 * the order they arrived) are kept by name, given the values already kept that day. A value kept
 * before stays; a new one is kept while fewer than `cap` are; the rest become OTHER_DIMENSION_VALUE.
 * Unknown stays unknown. Answers each incoming value's stored value.
 */
export function admitDimensionValues(
  kept: ReadonlySet<string>,
  incoming: readonly string[],
  cap: number = DIMENSION_VALUES_PER_DAY,
): Map<string, string> {
  const result = new Map<string, string>();
  let size = kept.size;
  for (const value of incoming) {
    if (result.has(value)) continue;
    if (value === UNKNOWN_DIMENSION_VALUE || value === OTHER_DIMENSION_VALUE || kept.has(value)) {
      result.set(value, value);
    } else if (size < cap) {
      result.set(value, value);
      size += 1;
    } else {
      result.set(value, OTHER_DIMENSION_VALUE);
    }
  }
  return result;
}

/** `breakdown=` of the report calls. */
export const breakdownQueryField = z.optional(
  z.enum(BREAKDOWN_DIMENSIONS, { error: `breakdown must be one of: ${BREAKDOWN_DIMENSIONS.join(', ')}` }),
);
