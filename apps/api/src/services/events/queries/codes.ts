// Report read: the valid coded pings (VAST errors, verifications not executed) by code.
import type { CodedEventKind } from '@adconsole/domain';
import { byStore } from './by-store';
import { CLICKHOUSE_IN_RANGE, clickhouseRange } from './local-time';

/** Valid coded pings of one live creative in a range: a VAST error or a verification reason, by code. */
export interface CodeRow {
  liveId: string;
  kind: CodedEventKind;
  code: number;
  count: number;
}

type CodeSum = { live_id: string; kind: CodedEventKind; code: number; count: string };
const codeRow = (row: CodeSum): CodeRow => ({
  liveId: row.live_id,
  kind: row.kind,
  code: Number(row.code),
  count: Number(row.count),
});

/** The valid coded pings of `from <= bucket < to`, summed by live creative, kind and code. */
export const readCodes = byStore<[liveIds: readonly string[], from: Date, to: Date], CodeRow[]>({
  async postgres(store, liveIds, from, to) {
    if (liveIds.length === 0) return [];
    const rows = await store.db.query<CodeSum>(
      `select live_id, kind, code, sum(count)::bigint as count from event_code_rollups
        where live_id = any($1::text[]) and bucket >= $2 and bucket < $3
        group by live_id, kind, code
        order by live_id, kind, code`,
      [[...liveIds], from, to],
    );
    return rows.map(codeRow);
  },
  async clickhouse(store, liveIds, from, to) {
    if (liveIds.length === 0) return [];
    const rows = await store.rows<CodeSum>(
      `select live_id, kind, code, sum(count) as count from ${store.table('event_code_rollups')}
        where ${CLICKHOUSE_IN_RANGE}
        group by live_id, kind, code
        order by live_id, kind, code`,
      clickhouseRange(liveIds, from, to),
    );
    return rows.map(codeRow);
  },
});
