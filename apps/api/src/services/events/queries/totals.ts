// Store read: each live creative's all-time totals (the counters campaigns and creatives answer with).
import type { EventCounters } from '@adconsole/domain';
import { COLUMNS, counterSumsSql, numberRow } from '../counters';
import { byStore } from './by-store';

/** All-time totals of each live creative that has events. */
export const readTotals = byStore<[liveIds: readonly string[]], Map<string, EventCounters>>({
  async postgres(store, liveIds) {
    if (liveIds.length === 0) return new Map();
    const rows = await store.db.query<Record<string, unknown> & { live_id: string }>(
      `select live_id, ${COLUMNS.join(', ')} from event_totals where live_id = any($1::text[])`,
      [[...liveIds]],
    );
    return new Map(rows.map((row) => [row.live_id, numberRow(row)]));
  },
  async clickhouse(store, liveIds) {
    if (liveIds.length === 0) return new Map();
    const found = await store.rows<Record<string, unknown> & { live_id: string }>(
      `select live_id, ${counterSumsSql()} from ${store.table('event_totals')} where live_id in {ids:Array(String)} group by live_id`,
      { ids: [...liveIds] },
    );
    return new Map(found.map((row) => [row.live_id, numberRow(row)]));
  },
});
