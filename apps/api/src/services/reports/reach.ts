// The report's reach (docs/reports.md, "Reach"): the distinct browsers and devices the scope's ads went
// to over the report's local days, by day and cumulative, made into the report's figure by the domain.
// A whole campaign reads its campaign-wide sketches; a creative report its live creatives' (a browser
// that saw two versions of the creative counted once). This process's identities still in memory are
// written first, as for the requests not served.
import {
  addDays,
  dayCount,
  NO_REACH,
  type Reach,
  type ReportZone,
  reachOf,
  reportUtcRange,
} from '@adconsole/domain';
import type { Context } from '../../context';
import { type ReachDayWindow, readReach } from '../events/queries/reach';
import type { ReportScope } from './scope';

/** Each local day of `days` in `zone`, with the UTC instants it covers. */
export function reachDays(days: { start: string; end: string }, zone: ReportZone): ReachDayWindow[] {
  const windows: ReachDayWindow[] = [];
  const count = dayCount(days.start, days.end);
  for (let offset = 0; offset < count; offset += 1) {
    const date = addDays(days.start, offset);
    windows.push({ date, ...reportUtcRange({ start: date, end: date }, zone) });
  }
  return windows;
}

export async function reportReach(
  ctx: Context,
  scope: ReportScope,
  days: { start: string; end: string },
  zone: ReportZone,
): Promise<Reach> {
  if (scope.wholeCampaign !== true && scope.lives.length === 0) return NO_REACH;
  await ctx.events.requests
    .flush()
    .catch((error: unknown) =>
      ctx.log(`Reach not written yet: ${error instanceof Error ? error.message : String(error)}`),
    );
  const estimates = await readReach(
    ctx.events.store,
    scope.wholeCampaign === true
      ? { campaignId: scope.campaign.id }
      : { campaignId: scope.campaign.id, liveIds: scope.lives.map((live) => live.id) },
    reachDays(days, zone),
  );
  return reachOf(estimates);
}
