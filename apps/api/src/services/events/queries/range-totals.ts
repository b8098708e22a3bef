// Report read: each live creative's counters summed over a report's range (the creatives' totals).
import type { EventCounters } from '@adconsole/domain';
import type { SqlValue } from '../../../db/database';
import { COLUMNS, counterSumsSql, numberRow } from '../counters';
import { grainRowsSql, planGrains } from '../grains';
import { byStore } from './by-store';
import { CLICKHOUSE_IN_RANGE, clickhouseRange } from './local-time';

/** The rollups of `from <= bucket < to` summed by live creative: each creative's totals in a report. */
export const readRangeTotals = byStore<
  [liveIds: readonly string[], from: Date, to: Date],
  Map<string, EventCounters>
>({
  async postgres(store, liveIds, from, to) {
    if (liveIds.length === 0 || from.getTime() >= to.getTime()) return new Map();
    const params: SqlValue[] = [[...liveIds]];
    const param = (value: SqlValue, type: string) => {
      params.push(value);
      return `$${params.length}::${type}`;
    };
    // The coarsest rows that cover the range exactly: UTC days, their edges by hour and quarter hour.
    const parts = planGrains({ offset: '+00:00' }, from, to, 'day', store.finest);
    const rows = await store.db.query<Record<string, unknown> & { live_id: string }>(
      `select live_id, ${counterSumsSql('::bigint')}
         from (${grainRowsSql(parts, COLUMNS, { liveIdsParam: '$1::text[]' }, param)}) as grains
        group by live_id`,
      params,
    );
    return new Map(rows.map((row) => [row.live_id, numberRow(row)]));
  },
  async clickhouse(store, liveIds, from, to) {
    if (liveIds.length === 0) return new Map();
    const found = await store.rows<Record<string, unknown> & { live_id: string }>(
      `select live_id, ${counterSumsSql()} from ${store.table('event_rollups')} where ${CLICKHOUSE_IN_RANGE} group by live_id`,
      clickhouseRange(liveIds, from, to),
    );
    return new Map(found.map((row) => [row.live_id, numberRow(row)]));
  },
});
