// The report's ad requests by outcome (docs/reports.md, "Requests not served"): the campaign's tags'
// requests (only some live creatives' in a creative report) by local day or hour, every period present,
// each with requests = served + each reason, and their totals. This process's counts still in memory are
// written first, so a report reads every request this process answered (when the store takes them).
import {
  addRequests,
  isRequestOutcome,
  type NotServed,
  type ReportZone,
  type RequestCounts,
  zeroRequestCounts,
} from '@adconsole/domain';
import type { Context } from '../../context';
import { readRequestPeriods } from '../events/queries/request-periods';
import type { ReportScope } from './scope';

/** The scope's ad requests over [from, to) by each of `periods` ('YYYY-MM-DD' or 'YYYY-MM-DDTHH:00'). */
export async function reportNotServed(
  ctx: Context,
  scope: ReportScope,
  range: { from: Date; to: Date; zone: ReportZone; unit: 'day' | 'hour' },
  periods: readonly string[],
): Promise<NotServed> {
  // A store that refuses the write now keeps them for the next one: the report reads what is there.
  await ctx.events.requests
    .flush()
    .catch((error: unknown) =>
      ctx.log(`Ad request counts not written yet: ${error instanceof Error ? error.message : String(error)}`),
    );
  const rows = await readRequestPeriods(
    ctx.events.store,
    {
      campaignId: scope.campaign.id,
      liveIds: scope.wholeCampaign === true ? undefined : scope.lives.map((live) => live.id),
    },
    range.from,
    range.to,
    range.zone,
    range.unit,
  );
  const byPeriod = new Map<string, RequestCounts>(periods.map((period) => [period, zeroRequestCounts()]));
  const totals = zeroRequestCounts();
  for (const row of rows) {
    const counts = byPeriod.get(row.period);
    // A reason this server does not know (written by a newer one) is left out of both.
    if (counts === undefined || !isRequestOutcome(row.outcome)) continue;
    addRequests(counts, row.outcome, row.requests);
    addRequests(totals, row.outcome, row.requests);
  }
  return { totals, series: [...byPeriod].map(([date, counts]) => ({ date, ...counts })) };
}
