// Campaigns' pacing now (docs/reports.md, "Pacing"): the goal metric's counted figures by local day of
// the flight in the campaign's zone, read for every campaign of a list in one statement, then the
// domain's campaignPacing. Campaigns without a goal or both flight dates cost nothing: they are not read.
import {
  type CampaignFlight,
  type CampaignGoal,
  campaignFlight,
  campaignPacing,
  flightInstants,
  goalDelivered,
  type Pacing,
  zoneOfName,
} from '@adconsole/domain';
import type { Queryable } from '../../db/database';
import type { CampaignRow } from '../../db/queries/campaigns';
import { listLiveIdsOfCampaigns } from '../../db/queries/live-creatives';
import {
  type CampaignDayRow,
  type CampaignDaysRange,
  readCampaignDays,
} from '../events/queries/campaign-days';
import { readPacingDays } from '../events/queries/pacing-days';
import type { EventStore } from '../events/store';
import type { EvenThrottles } from '../serving/even-delivery';

/**
 * Where pacing reads: the database, the event store and the clock (the context has all three), and an
 * evenly delivered campaign's throttle (the context's `throttles`; without them no rate is answered).
 */
export interface PacingSource {
  db: Queryable;
  events: { store: EventStore };
  clock?: (() => number) | undefined;
  throttles?: Pick<EvenThrottles, 'throttleOf'>;
}

/** What pacing reads of a campaign row: its id, and its goal and flight in its body. */
export type PacedRow = Pick<CampaignRow, 'id' | 'body'>;

/** The time pacing is computed at: the context's clock (tests pin it), else now. */
const pacingNow = (source: { clock?: (() => number) | undefined }) =>
  new Date(source.clock?.() ?? Date.now());

/**
 * Each campaign's pacing at the source's clock (null without a goal or both flight dates), reading the
 * daily counts of every campaign that has both in one statement. `liveIds` may give a campaign's live
 * creatives when the caller has them (a report's scope); the others are listed in one query.
 */
export async function campaignPacings(
  source: PacingSource,
  rows: readonly PacedRow[],
  liveIds: ReadonlyMap<string, readonly string[]> = new Map(),
): Promise<Map<string, Pacing | null>> {
  const now = pacingNow(source);
  const paced = rows.flatMap((row) => {
    const goal = row.body.data?.goal;
    if (!goal) return [];
    const flight = campaignFlight(row.body.data);
    const { from, until } = flightInstants(flight);
    return from && until && until > from ? [{ row, goal, flight, from, until }] : [];
  });
  const result = new Map<string, Pacing | null>(rows.map((row) => [row.id, null]));
  if (paced.length === 0) return result;
  // Only campaigns whose flight has begun have anything to read.
  const begun = paced.filter((entry) => entry.from < now);
  const missing = begun.map((entry) => entry.row.id).filter((id) => !liveIds.has(id));
  const listed = missing.length === 0 ? [] : await listLiveIdsOfCampaigns(source.db, missing);
  const livesOf = (id: string) =>
    liveIds.get(id) ?? listed.filter((live) => live.campaign_id === id).map((live) => live.id);
  const ranges: CampaignDaysRange[] = begun.map(({ row, flight, from, until }) => ({
    campaignId: row.id,
    liveIds: livesOf(row.id),
    from,
    to: new Date(Math.min(until.getTime(), now.getTime())),
    zone: zoneOfName(flight.timezone, from),
  }));
  const days = await readCampaignDays(source.events.store, ranges);
  return withThrottles(source, pacingsOf(result, paced, days, now), paced, now);
}

/**
 * An evenly delivered campaign's mode and current throttle rate on its pacing (docs/serving.md,
 * "Even delivery"): the serving process's own, or computed from the store's figures (campaigns
 * delivered as fast as possible read nothing more, and their pacing has no mode: asap).
 */
async function withThrottles(
  source: PacingSource,
  result: Map<string, Pacing | null>,
  paced: readonly { row: PacedRow; goal: CampaignGoal; flight: CampaignFlight }[],
  now: Date,
): Promise<Map<string, Pacing | null>> {
  await Promise.all(
    paced.map(async ({ row, goal, flight }) => {
      const pacing = result.get(row.id);
      if (!pacing || row.body.data?.deliveryMode !== 'even') return;
      const throttle = await source.throttles?.throttleOf({ id: row.id, goal, flight }, now.getTime());
      result.set(row.id, { ...pacing, deliveryMode: 'even', throttleRate: throttle?.rate ?? null });
    }),
  );
  return result;
}

/** Each paced campaign's pacing from its days' counts, into `result`. */
function pacingsOf(
  result: Map<string, Pacing | null>,
  paced: readonly {
    row: PacedRow;
    goal: NonNullable<NonNullable<PacedRow['body']['data']>['goal']>;
    flight: CampaignFlight;
  }[],
  days: ReadonlyMap<string, readonly CampaignDayRow[]>,
  now: Date,
): Map<string, Pacing | null> {
  for (const { row, goal, flight } of paced) {
    const delivered = (days.get(row.id) ?? []).map((day) => ({
      date: day.date,
      count: goalDelivered(goal.metric, day),
      impressions: day.impressions,
    }));
    result.set(row.id, campaignPacing({ goal, flight, delivered, now }));
  }
  return result;
}

/**
 * The same pacing for any number of campaigns (the alert evaluation's, every watched campaign at once),
 * read in one statement whose size follows the number of zones, not of campaigns (pacing-days.ts).
 */
export async function fleetPacings(
  source: PacingSource,
  rows: readonly (PacedRow & { live_ids: readonly string[] })[],
): Promise<Map<string, Pacing | null>> {
  const now = pacingNow(source);
  const result = new Map<string, Pacing | null>(rows.map((row) => [row.id, null]));
  const paced = rows.flatMap((row) => {
    const goal = row.body.data?.goal;
    if (!goal) return [];
    const flight = campaignFlight(row.body.data);
    const { from, until } = flightInstants(flight);
    return from && until && until > from ? [{ row, goal, flight, from }] : [];
  });
  if (paced.length === 0) return result;
  const days = await readPacingDays(
    source.events.store,
    paced
      .filter((entry) => entry.from < now)
      .map(({ row, flight, from }) => ({
        campaignId: row.id,
        liveIds: row.live_ids,
        from,
        zone: zoneOfName(flight.timezone, from),
      })),
    now,
  );
  return pacingsOf(result, paced, days, now);
}
