// What the conversions keep, and for how long (docs/conversions.md, "What is stored"): counted
// conversions stay (the reports and the order and click rules read them); the rows of conversions not
// counted and the hourly counts of refusals stay CONVERSION_REFUSALS_KEPT_DAYS, twice the longest lookback
// window, then a sweep deletes them; a click's count of conversions (the per-click cap) goes once no
// conversion of that click can count any more (the longest lookback, and a day).
import { LOOKBACK_DAYS } from '@adconsole/domain';
import type { Context } from '../../context';
import { sweepConversions } from '../../db/queries/conversion-ledger';
import type { JobKind } from '../jobs/kinds';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Days a conversion not counted (a row, or an hour's count of refusals) is kept: twice the longest lookback. */
export const CONVERSION_REFUSALS_KEPT_DAYS = 2 * LOOKBACK_DAYS.max;

/** One sweep at `now`: answers how many rows, refusal counts and click counts went. */
export function sweepOldConversions(ctx: Pick<Context, 'db'>, now: number) {
  return sweepConversions(
    ctx.db,
    new Date(now - CONVERSION_REFUSALS_KEPT_DAYS * DAY_MS),
    new Date(now - (LOOKBACK_DAYS.max + 1) * DAY_MS),
  );
}

/** The sweep as a job kind: once an hour across the fleet, under its lease (as the expired files' sweep). */
export const conversionSweep: JobKind = {
  kind: 'sweep-conversions',
  onceEveryMs: 60 * 60_000,
  queueDue: (ctx) => sweepOldConversions(ctx, ctx.clock?.() ?? Date.now()),
};
