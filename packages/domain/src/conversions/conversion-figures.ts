// The figures a report derives from its conversion counters (docs/conversions.md, "Reports"): the
// conversion rate per click, the value as an amount of the conversion currency (exact: the minor unit's
// sum as a decimal), and with a booked rate the cost per conversion and the return on ad spend. One rule
// for a report's rows (report-data.ts) and a breakdown's (reports/breakdown.ts).
import { minorToAmount } from '../campaigns/pricing';

/** The counters the conversion figures read; a row without `conversions` has none. */
export interface ConversionCounters {
  clicks: number;
  conversions?: number | undefined;
  conversionValueMinor?: number | undefined;
}

/** The conversion figures of a row (see `conversionFigures`). */
export interface ConversionFigures {
  conversionRate: number;
  conversionValue: number;
  costPerConversion?: number | null;
  roas?: number | null;
}

/**
 * Conversion rate (conversions per click, in percent; 0 without clicks), value (the minor units summed,
 * as an amount of `currency`; 0 without a currency, which only a campaign without conversion actions
 * lacks) and, when the row has a spend (a booked rate), cost per conversion (spend / conversions, null
 * without conversions) and ROAS (value / spend, 2.5 = 250 %, null without spend). ROAS and cost per
 * conversion read value and spend in one currency: a campaign's actions use the booked rate's.
 */
export function conversionFigures(
  counters: ConversionCounters,
  spend: number | undefined,
  currency: string | null,
): ConversionFigures {
  const conversions = counters.conversions ?? 0;
  const minor = counters.conversionValueMinor ?? 0;
  const value = currency === null ? 0 : minorToAmount(minor, currency);
  return {
    conversionRate: counters.clicks > 0 ? (conversions / counters.clicks) * 100 : 0,
    conversionValue: value,
    ...(spend === undefined
      ? {}
      : {
          costPerConversion: conversions > 0 ? spend / conversions : null,
          roas: spend > 0 ? value / spend : null,
        }),
  };
}

/**
 * A row's conversion figures when it has conversion counters (none otherwise): in `conversionCurrency`,
 * else the booked rate's currency; `spend` is the row's spend at the booked rate, when it has one.
 */
export const rowConversionFigures = (
  counters: ConversionCounters,
  spend: number | undefined,
  conversionCurrency: string | null | undefined,
  bookedCurrency: string | undefined,
): ConversionFigures | undefined =>
  counters.conversions === undefined
    ? undefined
    : conversionFigures(counters, spend, conversionCurrency ?? bookedCurrency ?? null);
