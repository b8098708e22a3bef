// Raw events are kept RAW_EVENTS_KEPT_DAYS (docs/privacy.md, "What is stored, and for how long"): each
// row is one event of one impression with its breakdown values; the rollups and totals keep every count,
// so no report changes when they go (the same as ClickHouse's TTL, EVENTS_TTL_DAYS, for that store). An
// impression's beacons are refused once its signature has expired, long before, so no replay can count
// an event again once its row is gone. In the main database's store a sweep deletes them, the oldest
// first in batches through their time's index, once an hour across the fleet.
import { RAW_EVENTS_KEPT_DAYS } from '@adconsole/domain';
import type { EventStore } from './store';

const DAY_MS = 86_400_000;
/** Rows one statement deletes, and statements one sweep makes at most (the rest wait for the next hour). */
const BATCH = 10_000;
const BATCHES = 50;

/** One sweep at `now`: the raw events older than RAW_EVENTS_KEPT_DAYS; answers how many went. */
export async function sweepRawEvents(ctx: { events: { store: EventStore } }, now: number): Promise<number> {
  const store = ctx.events.store;
  // ClickHouse drops its raw events by its table's TTL (EVENTS_TTL_DAYS, this period by default).
  if (store.kind !== 'postgres') return 0;
  const before = new Date(now - RAW_EVENTS_KEPT_DAYS * DAY_MS);
  let deleted = 0;
  for (let batch = 0; batch < BATCHES; batch += 1) {
    const rows = await store.db.query<{ id: string }>(
      `delete from events where id in (select id from events where at < $1 order by at limit $2)
       returning id::text as id`,
      [before, BATCH],
    );
    deleted += rows.length;
    if (rows.length < BATCH) break;
  }
  return deleted;
}

/**
 * The sweep as a job kind (services/jobs/kinds.ts: app.ts hands it to the runner), named by what it
 * reads of the context, since the event store sits below the jobs and the context (docs/architecture.md,
 * "Inside the API"): once an hour across the fleet, under its lease.
 */
export const rawEventsSweep = {
  kind: 'sweep-raw-events',
  onceEveryMs: 60 * 60_000,
  queueDue: async (ctx: { events: { store: EventStore }; clock?: () => number }) => {
    await sweepRawEvents(ctx, ctx.clock?.() ?? Date.now());
  },
};
