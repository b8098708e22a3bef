// Report read: a campaign's ad requests by local day or hour and outcome (the report's `notServed`):
// every tag of the campaign (its creatives' and its placements'), or only the requests of some live
// creatives (a creative report: a placement's request that had no creative to give belongs to none).
// The rollups are 15-minute UTC buckets, so a local day or hour of any zone (+05:45 too) is exact.
import type { ReportZone } from '@adconsole/domain';
import { byStore } from './by-store';
import {
  clickhouseLocalTime,
  clickhousePeriodFormat,
  clickhouseTime,
  DAY_SECONDS,
  HOUR_SECONDS,
  localSeconds,
  periodKey,
} from './local-time';

/** Ad requests of one outcome in one local period ('YYYY-MM-DD' or 'YYYY-MM-DDTHH:00'). */
export interface RequestPeriodRow {
  period: string;
  outcome: string;
  requests: number;
}

/** Whose requests: a campaign's, and of those only some live creatives' when `liveIds` is given. */
export interface RequestSource {
  campaignId: string;
  liveIds?: readonly string[] | undefined;
}

export const readRequestPeriods = byStore<
  [source: RequestSource, from: Date, to: Date, zone: ReportZone, unit: 'day' | 'hour'],
  RequestPeriodRow[]
>({
  async postgres(store, source, from, to, zone, unit) {
    if (from.getTime() >= to.getTime()) return [];
    const local = localSeconds(zone, from, to, 5);
    const rows = await store.db.query<{ period: string; outcome: string; requests: string }>(
      `select ${local.sql} / ${unit === 'day' ? DAY_SECONDS : HOUR_SECONDS} as period, outcome,
              sum(requests)::bigint as requests
         from ad_request_rollups
        where campaign_id = $1 and bucket >= $2::timestamptz and bucket < $3::timestamptz
          and ($4::text[] is null or live_id = any($4::text[]))
        group by period, outcome
        order by period, outcome`,
      [
        source.campaignId,
        from.toISOString(),
        to.toISOString(),
        source.liveIds === undefined ? null : [...source.liveIds],
        ...local.params,
      ],
    );
    return rows.map((row) => ({
      period: periodKey(Number(row.period), unit),
      outcome: row.outcome,
      requests: Number(row.requests),
    }));
  },
  async clickhouse(store, source, from, to, zone, unit) {
    const local = clickhouseLocalTime(zone);
    const lives = source.liveIds === undefined ? '' : 'and live_id in {ids:Array(String)}';
    const rows = await store.rows<{ period: string; outcome: string; requests: string }>(
      `select formatDateTime(${local.sql}, '${clickhousePeriodFormat(unit)}') as period, outcome,
              sum(requests) as requests
         from ${store.table('ad_request_rollups')}
        where campaign_id = {campaign:String}
          and bucket >= {from:DateTime64(3, 'UTC')} and bucket < {to:DateTime64(3, 'UTC')} ${lives}
        group by period, outcome
        order by period, outcome`,
      {
        campaign: source.campaignId,
        from: clickhouseTime(from),
        to: clickhouseTime(to),
        ids: [...(source.liveIds ?? [])],
        ...local.params,
      },
    );
    return rows.map((row) => ({ period: row.period, outcome: row.outcome, requests: Number(row.requests) }));
  },
});
