// An advertiser's billing statement for one calendar month in one zone (docs/reports.md, "Billing
// statement"): one line per campaign that delivered in the month, grouped by insertion order. A line's
// units are the valid events its rate prices (impressions for a CPM, clicks for a CPC, completed views
// for a CPCV); its amount is the campaign report's spend of the month (campaigns/pricing.ts, spendUnits:
// thousandths of the minor unit) rounded half up to the currency's minor unit. Subtotals and the total
// are sums of those line amounts in whole minor units, so every printed figure adds up exactly. Invalid
// traffic is never billed: each line counts its invalid units apart. A campaign without a rate (or
// with a rate in another currency than the advertiser's) is listed without an amount and left out of
// the totals.
import { formatInTimeZone } from 'date-fns-tz';
import { z } from 'zod/mini';
import {
  type CampaignRate,
  currencyDigits,
  goalDelivered,
  minorToAmount,
  type PricedCounters,
  RATE_METRIC,
  type RateModel,
  spendUnits,
} from '../campaigns/pricing';
import { RATE_MODELS } from '../constants';
import { STATEMENT_MESSAGES, STATEMENT_MONTHS_BACK } from '../validation/statement-messages';

/** The group of lines whose campaign belongs to no insertion order. */
export const NO_INSERTION_ORDER = 'No insertion order';

/** A line priced in another currency than the statement's. */
export const statementOtherCurrencyNote = (currency: string): string =>
  `Rate in ${currency}: not in this statement's total`;

/** Why the total leaves lines out (no rate booked, or one in another currency). */
export const statementNotInTotalNote = (count: number, currency: string): string =>
  `${count === 1 ? '1 line is' : `${count} lines are`} not in the total: no rate booked in ${currency}.`;

const monthPattern = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** The first and last day of a month 'YYYY-MM' ('2026-02' → 2026-02-01 to 2026-02-28). */
export function monthDays(month: string): { start: string; end: string } {
  const match = monthPattern.exec(month);
  if (!match) throw new RangeError(`Invalid month: ${month}`);
  const year = Number(match[1]);
  const index = Number(match[2]);
  const last = new Date(Date.UTC(year, index, 0)).getUTCDate();
  return { start: `${month}-01`, end: `${month}-${String(last).padStart(2, '0')}` };
}

/** Today's date in the zone ('YYYY-MM-DD'). */
export const todayIn = (zone: string, now: Date): string => formatInTimeZone(now, zone, 'yyyy-MM-dd');

/** How many months `month` lies before `current` (both 'YYYY-MM'); negative after it. */
const monthsBefore = (month: string, current: string): number =>
  Number(current.slice(0, 4)) * 12 +
  Number(current.slice(5, 7)) -
  (Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)));

/** Why a month has no statement (not begun in the zone, or more than ten years ago), or undefined. */
export function statementMonthProblem(month: string, zone: string, now: Date): string | undefined {
  if (!monthPattern.test(month)) return STATEMENT_MESSAGES.month;
  const back = monthsBefore(month, todayIn(zone, now).slice(0, 7));
  if (back < 0) return STATEMENT_MESSAGES.monthInFuture;
  if (back >= STATEMENT_MONTHS_BACK) return STATEMENT_MESSAGES.monthTooOld;
  return undefined;
}

/** The months a statement may cover, newest first: this month in the zone and the ones before it. */
export function statementMonths(zone: string, now: Date, count = STATEMENT_MONTHS_BACK): string[] {
  const today = todayIn(zone, now);
  const index = Number(today.slice(0, 4)) * 12 + Number(today.slice(5, 7)) - 1;
  return Array.from({ length: Math.min(count, STATEMENT_MONTHS_BACK) }, (_, back) => {
    const month = index - back;
    return `${Math.floor(month / 12)}-${String((month % 12) + 1).padStart(2, '0')}`;
  });
}

/** A month as people read it: '2026-11' → 'November 2026'. */
export const monthLabel = (month: string): string =>
  new Date(`${month}-01T00:00:00Z`).toLocaleString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

/**
 * True while the month is not over in the zone (its last day is today or later): its figures still grow.
 */
export const monthRunning = (month: string, zone: string, now: Date): boolean =>
  monthDays(month).end >= todayIn(zone, now);

/** One campaign's month, as the campaign report reads it (valid counters; invalid ones apart). */
export interface StatementCampaignMonth {
  campaignId: string;
  campaignName: string;
  insertionOrderId: string | null;
  poNumber: string | null;
  orderName: string | null;
  /** The campaign's booked rate (the report's), or null. */
  rate: CampaignRate | null;
  /** The month's valid events (the report's totals). */
  valid: PricedCounters;
  /** The month's invalid events (the report's `invalid`), never billed. */
  invalid: PricedCounters;
}

const count = z.number().check(z.int(), z.nonnegative());
const nullableText = z.nullable(z.string());

export const statementLineSchema = z.object({
  insertionOrderId: nullableText,
  poNumber: nullableText,
  campaignId: z.string(),
  campaignName: z.string(),
  /** The rate's model; null without a rate. */
  model: z.nullable(z.enum(RATE_MODELS)),
  /** The rate's currency; null without a rate. */
  currency: nullableText,
  /** Valid units the rate prices; null without a rate. */
  units: z.nullable(count),
  /** The rate per unit (per thousand impressions for a CPM), in its currency; null without one. */
  rate: z.nullable(z.number()),
  /** The line's amount in its currency, rounded half up to the minor unit; null without a rate. */
  amount: z.nullable(z.number().check(z.nonnegative())),
  /** Invalid units of the rate's metric (never billed); null without a rate. */
  invalidUnits: z.nullable(count),
  /** Whether the amount is part of the subtotal and total (a rate in the statement's currency). */
  inTotal: z.boolean(),
  /** Why the line is not in the total ('No rate booked', another currency); null when it is. */
  note: nullableText,
});
export type StatementLine = z.infer<typeof statementLineSchema>;

export const statementOrderSchema = z.object({
  insertionOrderId: nullableText,
  poNumber: nullableText,
  /** The order's name, or 'No insertion order'. */
  name: z.string(),
  /** The sum of its lines' amounts in the total. */
  amount: z.number().check(z.nonnegative()),
  /** The sum of its lines' invalid units. */
  invalidUnits: count,
  lines: z.array(statementLineSchema),
});
export type StatementOrder = z.infer<typeof statementOrderSchema>;

export const statementAdvertiserSchema = z.object({
  id: z.string(),
  name: z.string(),
  currency: z.string(),
  billingName: z.optional(nullableText),
  billingEmail: z.optional(nullableText),
});

/** GET /v1/advertiser/statement: the statement of one advertiser, month and zone. */
export const billingStatementSchema = z.object({
  advertiser: statementAdvertiserSchema,
  /** 'YYYY-MM'. */
  month: z.string(),
  /** The month's first and last local day. */
  start: z.string(),
  end: z.string(),
  /** The IANA zone whose calendar month the statement covers. */
  timezone: z.string(),
  /** True while the month is not over in the zone (its last day is today or later). */
  running: z.boolean(),
  /** The advertiser's currency: of every amount in the totals. */
  currency: z.string(),
  lines: z.array(statementLineSchema),
  byOrder: z.array(statementOrderSchema),
  /** The sum of the line amounts in the total, exact to the minor unit. */
  total: z.number().check(z.nonnegative()),
  /** Lines without an amount in the total (no rate booked, or another currency). */
  linesNotInTotal: count,
  /** When the figures were read (ISO 8601). */
  generatedAt: z.string(),
});
export type BillingStatement = z.infer<typeof billingStatementSchema>;

/** A line's amount in whole minor units: the exact spend (thousandths of one) rounded half up. */
export const lineMinor = (rate: CampaignRate, valid: PricedCounters): number =>
  Math.floor((spendUnits(rate, valid) + 500) / 1000);

/** True when the month has anything of the campaign to show: valid or invalid events. */
const delivered = (month: StatementCampaignMonth) =>
  [month.valid, month.invalid].some(
    (counters) => counters.impressions + counters.clicks + (counters.videoCompletes ?? 0) > 0,
  );

interface Line extends StatementLine {
  minor: number;
}

function lineOf(month: StatementCampaignMonth, currency: string): Line {
  const base = {
    insertionOrderId: month.insertionOrderId,
    poNumber: month.poNumber,
    campaignId: month.campaignId,
    campaignName: month.campaignName,
  };
  const { rate } = month;
  if (!rate)
    return {
      ...base,
      model: null,
      currency: null,
      units: null,
      rate: null,
      amount: null,
      invalidUnits: null,
      inTotal: false,
      note: STATEMENT_MESSAGES.noRate,
      minor: 0,
    };
  const metric = RATE_METRIC[rate.model as RateModel];
  const minor = lineMinor(rate, month.valid);
  const inTotal = rate.currency === currency;
  return {
    ...base,
    model: rate.model,
    currency: rate.currency,
    units: goalDelivered(metric, month.valid),
    rate: rate.amount,
    amount: minorToAmount(minor, rate.currency),
    invalidUnits: goalDelivered(metric, month.invalid),
    inTotal,
    note: inTotal ? null : statementOtherCurrencyNote(rate.currency),
    minor: inTotal ? minor : 0,
  };
}

const byName = (a: string | null, b: string | null) => (a ?? '').localeCompare(b ?? '', 'en');

/**
 * The statement of the campaigns' month: lines of the campaigns with events in it (ordered by
 * insertion order, then campaign name), each order's subtotal ('No insertion order' last) and the
 * total, all in whole minor units of the advertiser's currency before they are amounts.
 */
export function billingStatement(input: {
  advertiser: z.infer<typeof statementAdvertiserSchema>;
  month: string;
  timezone: string;
  now: Date;
  campaigns: readonly StatementCampaignMonth[];
}): BillingStatement {
  const { currency } = input.advertiser;
  const orders = new Map<string, { order: StatementCampaignMonth; lines: Line[] }>();
  for (const month of input.campaigns.filter(delivered)) {
    const key = month.insertionOrderId ?? '';
    const group = orders.get(key) ?? { order: month, lines: [] };
    group.lines.push(lineOf(month, currency));
    orders.set(key, group);
  }
  const groups = [...orders.values()].sort(
    (a, b) =>
      Number(a.order.insertionOrderId === null) - Number(b.order.insertionOrderId === null) ||
      byName(a.order.poNumber, b.order.poNumber) ||
      byName(a.order.orderName, b.order.orderName),
  );
  const byOrder: StatementOrder[] = groups.map(({ order, lines }) => {
    lines.sort((a, b) => byName(a.campaignName, b.campaignName) || a.campaignId.localeCompare(b.campaignId));
    return {
      insertionOrderId: order.insertionOrderId,
      poNumber: order.poNumber,
      name: order.insertionOrderId === null ? NO_INSERTION_ORDER : (order.orderName ?? order.poNumber ?? ''),
      amount: minorToAmount(
        lines.reduce((sum, line) => sum + line.minor, 0),
        currency,
      ),
      invalidUnits: lines.reduce((sum, line) => sum + (line.invalidUnits ?? 0), 0),
      lines: lines.map(({ minor: _minor, ...line }) => line),
    };
  });
  const all = groups.flatMap((group) => group.lines);
  const { start, end } = monthDays(input.month);
  return {
    advertiser: input.advertiser,
    month: input.month,
    start,
    end,
    timezone: input.timezone,
    running: monthRunning(input.month, input.timezone, input.now),
    currency,
    lines: byOrder.flatMap((order) => order.lines),
    byOrder,
    total: minorToAmount(
      all.reduce((sum, line) => sum + line.minor, 0),
      currency,
    ),
    linesNotInTotal: all.filter((line) => !line.inTotal).length,
    generatedAt: input.now.toISOString(),
  };
}

/** An amount of the statement as the files print it: the currency's own digits, no grouping ('2901.23'). */
export const statementAmountText = (amount: number, currency: string): string =>
  amount.toFixed(currencyDigits(currency));
