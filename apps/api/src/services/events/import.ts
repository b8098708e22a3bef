// POST /v1/events/import: history from another ad server, written in one transaction (all rows or
// none). Every row names an existing live creative; a bad row is refused by its index.
import { ApiError, type EventsImportRequest } from '@adconsole/domain';
import type { Queryable } from '../../db/database';
import { type Actor, recordChange } from '../audit/record';
import type { EventStore } from './store';

export async function importEvents(
  ctx: { db: Queryable; events: { store: EventStore } },
  admin: Actor,
  input: EventsImportRequest,
): Promise<{ imported: number }> {
  const ids = [...new Set(input.events.map((row) => row.liveID))];
  const found = await ctx.db.query<{ id: string; campaign_id: string }>(
    'select id, campaign_id from live_creatives where id = any($1::text[])',
    [ids],
  );
  const known = new Set(found.map((row) => row.id));
  const unknown = input.events.findIndex((row) => !known.has(row.liveID));
  if (unknown !== -1) {
    throw ApiError.of(
      400,
      `events.${unknown}.liveID: there is no live creative ${input.events[unknown]?.liveID}`,
    );
  }
  await ctx.events.store.writeBatch(
    input.events.map((row) => ({
      liveId: row.liveID,
      type: row.type,
      at: new Date(row.at),
      count: row.count,
      impressionId: null,
    })),
  );
  // The events may live in ClickHouse, outside the database's transaction: the entry follows the
  // write that succeeded (one entry per import, naming its campaign when all its rows are of one).
  const campaigns = [...new Set(found.map((row) => row.campaign_id))].sort();
  let [first, last] = [Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY];
  for (const row of input.events) {
    const time = new Date(row.at).getTime();
    [first, last] = [Math.min(first, time), Math.max(last, time)];
  }
  await recordChange(ctx.db, admin, {
    entity: 'events',
    entityId: ids.sort().join(', '),
    campaignId: campaigns.length === 1 ? (campaigns[0] ?? null) : null,
    before: null,
    after: {
      rows: input.events.length,
      events: input.events.reduce((sum, row) => sum + (row.count ?? 1), 0),
      campaigns,
      from: new Date(first).toISOString(),
      to: new Date(last).toISOString(),
    },
  });
  return { imported: input.events.length };
}
