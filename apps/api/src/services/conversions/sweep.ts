// What the conversions keep, and for how long (docs/conversions.md, "What is stored"): counted
// conversions stay (the reports and the order and click rules read them); the rows of conversions not
// counted and the hourly counts of refusals stay CONVERSION_REFUSALS_KEPT_DAYS, twice the longest lookback
// window, then a sweep deletes them; a click's count of conversions (the per-click cap) goes once no
// click id of that impression can count any more (CLICK_COUNTS_KEPT_MS).
import { LOOKBACK_DAYS } from '@adconsole/domain';
import type { Context } from '../../context';
import { sweepConversions } from '../../db/queries/conversion-ledger';
import type { JobKind } from '../jobs/kinds';
import { CLICK_IDS_SPAN_MS } from '../serving/signing';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Days a conversion not counted (a row, or an hour's count of refusals) is kept: twice the longest lookback. */
export const CONVERSION_REFUSALS_KEPT_DAYS = 2 * LOOKBACK_DAYS.max;

/**
 * How long a click's count of conversions is kept after the time it holds (the click id of the conversion
 * that made it). The cap is the impression's, and each of its click ids converts for the lookback after
 * its own time: the ad clicked again gets a later click id, up to CLICK_IDS_SPAN_MS later (then its click
 * URL verifies no more), so the count is kept the longest lookback after that, and a day. Swept at 91
 * days of the first click id, a click id made two days after it converted again with a fresh cap
 * (docs/security.md, "Round 6", S6-8).
 */
export const CLICK_COUNTS_KEPT_MS = CLICK_IDS_SPAN_MS + (LOOKBACK_DAYS.max + 1) * DAY_MS;

/** One sweep at `now`: answers how many rows, refusal counts and click counts went. */
export function sweepOldConversions(ctx: Pick<Context, 'db'>, now: number) {
  return sweepConversions(
    ctx.db,
    new Date(now - CONVERSION_REFUSALS_KEPT_DAYS * DAY_MS),
    new Date(now - CLICK_COUNTS_KEPT_MS),
  );
}

/** The sweep as a job kind: once an hour across the fleet, under its lease (as the expired files' sweep). */
export const conversionSweep: JobKind = {
  kind: 'sweep-conversions',
  onceEveryMs: 60 * 60_000,
  queueDue: (ctx) => sweepOldConversions(ctx, ctx.clock?.() ?? Date.now()),
};
