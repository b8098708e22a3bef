// What a campaign books (docs/reports.md, "Goals, rates and spend"): one primary goal (impressions,
// clicks or completed views) and a rate (CPM, CPC or CPCV) in an ISO 4217 currency. Spend is the rate
// times the counted, valid events it prices, kept exact: in thousandths of the currency's minor unit
// (a CPM of USD 2.50 is 250 cents a thousand impressions, a quarter of a cent, 250 thousandths, each),
// so every row's spend is a whole number of those and rows add up to their totals exactly.
import { z } from 'zod/mini';
import { GOAL_METRICS, RATE_MODELS } from '../constants';
import { type FigureSpec, REPORT_FIGURES } from '../reports/figures';
import { MESSAGES, rateDecimalsMessage } from '../validation/messages';

export type GoalMetric = (typeof GOAL_METRICS)[number];
/**
 * A goal metric's name: the goal's wording of the figure that counts it (figures.ts, `goal`), its label
 * otherwise ('Impressions', 'Clicks', 'Completed views').
 */
export const GOAL_METRIC_LABELS = Object.fromEntries(
  GOAL_METRICS.map((metric) => {
    const figure = (REPORT_FIGURES as readonly FigureSpec[]).find((entry) => entry.goal?.metric === metric);
    if (!figure) throw new Error(`No figure of the figures' list counts the goal metric ${metric}`);
    return [metric, figure.goal?.label ?? figure.label];
  }),
) as Record<GoalMetric, string>;

export type RateModel = (typeof RATE_MODELS)[number];
export const RATE_MODEL_LABELS: Record<RateModel, string> = {
  CPM: 'CPM (per thousand impressions)',
  CPC: 'CPC (per click)',
  CPCV: 'CPCV (per completed view)',
};

/** The counted figures a goal or a rate reads (the report's counters). */
export interface PricedCounters {
  impressions: number;
  clicks: number;
  videoCompletes?: number | undefined;
}

/** What a goal's metric counts, from a report's counters. */
export function goalDelivered(metric: GoalMetric, counters: PricedCounters): number {
  if (metric === 'impressions') return counters.impressions;
  if (metric === 'clicks') return counters.clicks;
  return counters.videoCompletes ?? 0;
}

/** The goal metric a rate model prices: a CPM buys impressions, a CPC clicks, a CPCV completed views. */
export const RATE_METRIC: Record<RateModel, GoalMetric> = {
  CPM: 'impressions',
  CPC: 'clicks',
  CPCV: 'completedViews',
};

/** True for an ISO 4217 code the runtime knows (Intl's list; three capital letters when it has none). */
export function isCurrencyCode(code: string): boolean {
  if (!/^[A-Z]{3}$/.test(code)) return false;
  const supported = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf;
  if (!supported) return true;
  return currencyList(supported).has(code);
}
let currencies: Set<string> | undefined;
const currencyList = (supported: (key: string) => string[]) => {
  currencies ??= new Set(supported('currency'));
  return currencies;
};

/**
 * How many decimals a currency's minor unit has (USD 2, JPY 0, KWD 3), as ISO 4217 says through Intl;
 * kept per code (an Intl.NumberFormat costs some 20 µs, and every postback and report row asks).
 */
const digitsOf = new Map<string, number>();
export function currencyDigits(currency: string): number {
  const known = digitsOf.get(currency);
  if (known !== undefined) return known;
  try {
    const digits =
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ??
      2;
    // At most the world's currencies (a few hundred): strings from requests cannot grow it without bound.
    if (digitsOf.size < 1000) digitsOf.set(currency, digits);
    return digits;
  } catch {
    return 2;
  }
}

/** The amount in the currency's minor units, or undefined when it has more decimals than they allow. */
export function toMinorUnits(amount: number, currency: string): number | undefined {
  const scaled = amount * 10 ** currencyDigits(currency);
  const whole = Math.round(scaled);
  return Math.abs(scaled - whole) < 1e-6 ? whole : undefined;
}

/** A campaign's primary goal: how many of one metric it is booked to deliver over its flight. */
export const campaignGoalSchema = z.strictObject({
  metric: z.enum(GOAL_METRICS, { error: MESSAGES.goalMetric }),
  amount: z
    .number({ error: MESSAGES.goalAmount })
    .check(
      z.int(MESSAGES.goalAmount),
      z.gte(1, MESSAGES.goalAmount),
      z.lte(10_000_000_000, MESSAGES.goalAmount),
    ),
});
export type CampaignGoal = z.infer<typeof campaignGoalSchema>;

/** A campaign's booked rate; its creatives inherit it. The amount is in the currency (2.5 is USD 2.50). */
export const campaignRateSchema = z
  .strictObject({
    model: z.enum(RATE_MODELS, { error: MESSAGES.rateModel }),
    amount: z
      .number({ error: MESSAGES.rateAmount })
      .check(z.gt(0, MESSAGES.rateAmount), z.lte(1_000_000, MESSAGES.rateAmount)),
    currency: z
      .string({ error: MESSAGES.rateCurrency })
      .check(z.refine(isCurrencyCode, MESSAGES.rateCurrency)),
  })
  .check(
    z.superRefine((rate, context) => {
      if (isCurrencyCode(rate.currency) && toMinorUnits(rate.amount, rate.currency) === undefined)
        context.issues.push({
          code: 'custom',
          input: rate.amount,
          message: rateDecimalsMessage(rate.currency, currencyDigits(rate.currency)),
          path: ['amount'],
        });
    }),
  );
export type CampaignRate = z.infer<typeof campaignRateSchema>;

/** Thousandths of a minor unit per event the rate prices (per impression for a CPM). */
function unitsPerEvent(rate: CampaignRate): number {
  // The schema allows no more decimals than the minor unit has: rounding drops only float noise.
  const minor = Math.round(rate.amount * 10 ** currencyDigits(rate.currency));
  return rate.model === 'CPM' ? minor : minor * 1000;
}

/** The exact spend of a row: thousandths of the currency's minor unit (whole numbers; rows sum exactly). */
export function spendUnits(rate: CampaignRate, counters: PricedCounters): number {
  return goalDelivered(RATE_METRIC[rate.model], counters) * unitsPerEvent(rate);
}

/** Spend units as an amount of the currency: 7,500 thousandths of a cent are USD 0.075. */
export function unitsToAmount(units: number, currency: string): number {
  const scale = 10 ** (currencyDigits(currency) + 3);
  // The decimal text's nearest float: what JSON carries of the exact amount.
  return Number((units / scale).toFixed(currencyDigits(currency) + 3));
}

/** An amount in the currency's minor unit as an amount of the currency: 4,999 cents are USD 49.99. */
export function minorToAmount(minor: number, currency: string): number {
  const digits = currencyDigits(currency);
  return Number((minor / 10 ** digits).toFixed(digits));
}

/** The exact spend as a decimal text with every digit it has (no rounding): '0.0075', '12.5', '3'. */
export function spendText(units: number, currency: string): string {
  const digits = currencyDigits(currency) + 3;
  const negative = units < 0;
  const text = String(Math.abs(units)).padStart(digits + 1, '0');
  const whole = text.slice(0, text.length - digits);
  const fraction = text.slice(text.length - digits).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** What the spend of a report row says: spend and the effective cost of each priced event. */
export interface SpendFigures {
  /** The rate's currency (ISO 4217). */
  currency: string;
  /** Spend in the currency, exact to a thousandth of its minor unit. */
  spend: number;
  /** Spend per thousand impressions; null without impressions. */
  ecpm: number | null;
  /** Spend per click; null without clicks. */
  ecpc: number | null;
  /** Spend per completed view; null without completed views. */
  cpcv: number | null;
}

/**
 * A row's spend and effective costs at the booked rate. Counters must be the counted, valid figures (the
 * reports' counters are). Effective costs are not rounded here: displays round them to the currency.
 */
export function spendFigures(rate: CampaignRate, counters: PricedCounters): SpendFigures {
  const units = spendUnits(rate, counters);
  const spend = unitsToAmount(units, rate.currency);
  const per = (count: number, times = 1) => (count > 0 ? (spend / count) * times : null);
  return {
    currency: rate.currency,
    spend,
    ecpm: per(counters.impressions, 1000),
    ecpc: per(counters.clicks),
    cpcv: per(counters.videoCompletes ?? 0),
  };
}

/** An amount of money for people: the currency's own digits, rounded half away from zero ('$1,234.57'). */
export function formatMoney(amount: number, currency: string, locale = 'en-US'): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount);
}

/** The goal as people read it: '300,000 impressions'. */
export function formatGoal(goal: CampaignGoal): string {
  return `${goal.amount.toLocaleString('en-US')} ${GOAL_METRIC_LABELS[goal.metric].toLowerCase()}`;
}

/** The rate as people read it: 'USD 2.50 CPM'. */
export function formatRate(rate: CampaignRate): string {
  const digits = currencyDigits(rate.currency);
  return `${rate.currency} ${rate.amount.toFixed(digits)} ${rate.model}`;
}
