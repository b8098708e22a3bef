// POST /v1/events/import: history from another ad server, written in one transaction (all rows or
// none). Every row names an existing live creative; a bad row is refused by its index.
import { ApiError, type EventsImportRequest } from '@adconsole/domain';
import type { Context } from '../../context';

export async function importEvents(ctx: Context, input: EventsImportRequest): Promise<{ imported: number }> {
  const ids = [...new Set(input.events.map((row) => row.liveID))];
  const known = new Set(
    (
      await ctx.db.query<{ id: string }>('select id from live_creatives where id = any($1::text[])', [ids])
    ).map((row) => row.id),
  );
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
  return { imported: input.events.length };
}
