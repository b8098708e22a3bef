// Store read: the 15-minute rollup rows themselves, by live creative and bucket (the tests' and the
// benches' reference; no report reads them).
import type { EventCounters } from '@adconsole/domain';
import { COLUMNS, counterSumsSql, numberRow } from '../counters';
import { byStore } from './by-store';
import { CLICKHOUSE_IN_RANGE, clickhouseRange } from './local-time';

export interface RollupRow extends EventCounters {
  liveId: string;
  /** The start of the 15-minute UTC bucket. */
  bucket: Date;
}

/** Rollup rows of these live creatives with `from <= bucket < to`, by live creative and bucket. */
export const readRollups = byStore<[liveIds: readonly string[], from: Date, to: Date], RollupRow[]>({
  async postgres(store, liveIds, from, to) {
    if (liveIds.length === 0) return [];
    const rows = await store.db.query<Record<string, unknown> & { live_id: string; bucket: Date }>(
      `select live_id, bucket, ${COLUMNS.join(', ')} from event_rollups
        where live_id = any($1::text[]) and bucket >= $2 and bucket < $3
        order by live_id, bucket`,
      [[...liveIds], from, to],
    );
    return rows.map((row) => ({ liveId: row.live_id, bucket: new Date(row.bucket), ...numberRow(row) }));
  },
  async clickhouse(store, liveIds, from, to) {
    if (liveIds.length === 0) return [];
    const found = await store.rows<Record<string, unknown> & { live_id: string; bucket_start: number }>(
      `select live_id, toUnixTimestamp(bucket) as bucket_start, ${counterSumsSql()} from ${store.table('event_rollups')}
        where ${CLICKHOUSE_IN_RANGE}
        group by live_id, bucket_start
        order by live_id, bucket_start`,
      clickhouseRange(liveIds, from, to),
    );
    return found.map((row) => ({
      liveId: row.live_id,
      bucket: new Date(Number(row.bucket_start) * 1000),
      ...numberRow(row),
    }));
  },
});
