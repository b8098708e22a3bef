// Report read: the priced and goal counters (impressions, clicks, completed views) of several campaigns
// by local day, each campaign in its own zone over its own range: what pacing reads (the report's and
// the campaign list's, every campaign of a page in one statement, not one per campaign).
import { COUNTER_COLUMN, offsetToMinutes, type ReportZone } from '@adconsole/domain';
import type { SqlValue } from '../../../db/database';
import { grainRowsSql, planGrains } from '../grains';
import { byStore } from './by-store';
import { clickhouseTime, DAY_SECONDS, localSeconds, periodKey } from './local-time';

/** One campaign to read: all of its live creatives, from `from` to `to` (exclusive), by local day in `zone`. */
export interface CampaignDaysRange {
  campaignId: string;
  liveIds: readonly string[];
  from: Date;
  to: Date;
  zone: ReportZone;
}

/** A campaign's counts in one local day ('YYYY-MM-DD' in its zone). */
export interface CampaignDayRow {
  date: string;
  impressions: number;
  clicks: number;
  videoCompletes: number;
}

const COUNTED = ['impressions', 'clicks', 'videoCompletes'] as const;
const columnOf = (key: (typeof COUNTED)[number]) => COUNTER_COLUMN[key];

/** Ranges with something to read: live creatives, and time between `from` and `to`. */
const readable = (ranges: readonly CampaignDaysRange[]) =>
  ranges.filter((range) => range.liveIds.length > 0 && range.from.getTime() < range.to.getTime());

const answerOf = (
  ranges: readonly CampaignDaysRange[],
  rows: readonly (Record<string, unknown> & { campaign_id: string; period: string })[],
  periodOf: (period: string) => string,
) => {
  const byCampaign = new Map<string, CampaignDayRow[]>(ranges.map((range) => [range.campaignId, []]));
  for (const row of rows)
    byCampaign.get(row.campaign_id)?.push({
      date: periodOf(row.period),
      impressions: Number(row[columnOf('impressions')] ?? 0),
      clicks: Number(row[columnOf('clicks')] ?? 0),
      videoCompletes: Number(row[columnOf('videoCompletes')] ?? 0),
    });
  return byCampaign;
};

/**
 * Each campaign's counts by local day of its range, oldest first (days without events absent), in one
 * statement: a `union all` of one select per campaign. PostgreSQL reads each campaign's own rollups
 * (the coarsest exact grain for its zone; its live creatives' 15-minute rows when the store reads
 * `finest`), ClickHouse its live creatives' rows in its engine.
 */
export const readCampaignDays = byStore<
  [ranges: readonly CampaignDaysRange[]],
  Map<string, CampaignDayRow[]>
>({
  async postgres(store, ranges) {
    const wanted = readable(ranges);
    if (wanted.length === 0) return answerOf(ranges, [], String);
    const params: SqlValue[] = [];
    const param = (value: SqlValue, type: string) => {
      params.push(value);
      return `$${params.length}::${type}`;
    };
    const sums = COUNTED.map((key) => `sum(${columnOf(key)})::bigint as ${columnOf(key)}`).join(', ');
    const selects = wanted.map((range) => {
      const campaign = param(range.campaignId, 'text');
      const whose = store.finest
        ? { liveIdsParam: param([...range.liveIds], 'text[]') }
        : { campaignIdParam: campaign };
      const local = localSeconds(range.zone, range.from, range.to, params.length + 1);
      params.push(...local.params);
      const rows = grainRowsSql(
        planGrains(range.zone, range.from, range.to, 'day', store.finest),
        COUNTED.map(columnOf),
        whose,
        param,
      );
      return `select ${campaign} as campaign_id, ${local.sql} / ${DAY_SECONDS} as period, ${sums}
                  from (${rows}) as grains group by 2`;
    });
    const found = await store.db.query<Record<string, unknown> & { campaign_id: string; period: string }>(
      `${selects.map((select) => `(${select})`).join(' union all ')} order by 1, 2`,
      params,
    );
    return answerOf(ranges, found, (period) => periodKey(Number(period), 'day'));
  },
  async clickhouse(store, ranges) {
    const wanted = readable(ranges);
    if (wanted.length === 0) return answerOf(ranges, [], String);
    const params: Record<string, unknown> = {};
    const sums = COUNTED.map((key) => `sum(${columnOf(key)}) as ${columnOf(key)}`).join(', ');
    const selects = wanted.map((range, index) => {
      Object.assign(params, {
        [`campaign${index}`]: range.campaignId,
        [`ids${index}`]: [...range.liveIds],
        [`from${index}`]: clickhouseTime(range.from),
        [`to${index}`]: clickhouseTime(range.to),
        ...(range.zone.iana !== undefined
          ? { [`zone${index}`]: range.zone.iana }
          : { [`shift${index}`]: offsetToMinutes(range.zone.offset) * 60 }),
      });
      // The local time as local-time.ts's clickhouseLocalTime, its parameters numbered per campaign.
      const local =
        range.zone.iana !== undefined
          ? `toTimeZone(bucket, {zone${index}:String})`
          : `toTimeZone(bucket + toIntervalSecond({shift${index}:Int32}), 'UTC')`;
      return `select {campaign${index}:String} as campaign_id, formatDateTime(${local}, '%Y-%m-%d') as period, ${sums}
                  from ${store.table('event_rollups')}
                 where live_id in {ids${index}:Array(String)}
                   and bucket >= {from${index}:DateTime64(3, 'UTC')} and bucket < {to${index}:DateTime64(3, 'UTC')}
                 group by period`;
    });
    const found = await store.rows<Record<string, unknown> & { campaign_id: string; period: string }>(
      `select * from (${selects.join(' union all ')}) order by campaign_id, period`,
      params,
    );
    return answerOf(ranges, found, String);
  },
});
