// Report read: impressions and clicks by local weekday and hour (the report's hour-of-week grid).
import type { ReportZone } from '@adconsole/domain';
import { grainRowsSql, planGrains } from '../grains';
import { byStore } from './by-store';
import {
  CLICKHOUSE_IN_RANGE,
  clickhouseLocalTime,
  clickhouseRange,
  DAY_SECONDS,
  EPOCH_WEEKDAY,
  HOUR_SECONDS,
  postgresLocalQuery,
} from './local-time';

/** Impressions and clicks by local weekday (0 Monday ... 6 Sunday) and hour. */
export interface WeekHourRow {
  weekday: number;
  hour: number;
  impressions: number;
  clicks: number;
}

/** A weekday-hour row whose numbers may come as text (64-bit sums). */
export const numberWeekHourRow = (row: Record<keyof WeekHourRow, unknown>): WeekHourRow => ({
  weekday: Number(row.weekday),
  hour: Number(row.hour),
  impressions: Number(row.impressions),
  clicks: Number(row.clicks),
});

/**
 * Impressions and clicks of `from <= bucket < to` by local weekday and hour in `zone` (`campaignId`: the
 * live creatives are all of that campaign's, as in readSeries).
 */
export const readWeekHours = byStore<
  [liveIds: readonly string[], from: Date, to: Date, zone: ReportZone, campaignId?: string | undefined],
  WeekHourRow[]
>({
  async postgres(store, liveIds, from, to, zone, campaignId) {
    if (liveIds.length === 0 || from.getTime() >= to.getTime()) return [];
    const { finest } = store;
    const { local, params, param, source } = postgresLocalQuery(liveIds, zone, from, to, {
      finest,
      campaignId,
    });
    const parts = planGrains(zone, from, to, 'hour', finest);
    const rows = await store.db.query<{ weekday: number; hour: number; impressions: string; clicks: string }>(
      `select (${local.sql} / ${DAY_SECONDS} + ${EPOCH_WEEKDAY}) % 7 as weekday,
              ${local.sql} / ${HOUR_SECONDS} % 24 as hour,
              sum(impressions)::bigint as impressions, sum(clicks)::bigint as clicks
         from (${grainRowsSql(parts, ['impressions', 'clicks'], source, param)}) as grains
        group by weekday, hour`,
      params,
    );
    return rows.map(numberWeekHourRow);
  },
  async clickhouse(store, liveIds, from, to, zone) {
    if (liveIds.length === 0) return [];
    const local = clickhouseLocalTime(zone);
    const found = await store.rows<{ weekday: number; hour: number; impressions: string; clicks: string }>(
      `select toDayOfWeek(${local.sql}) - 1 as weekday, toHour(${local.sql}) as hour,
              sum(impressions) as impressions, sum(clicks) as clicks
         from ${store.table('event_rollups')}
        where ${CLICKHOUSE_IN_RANGE}
        group by weekday, hour`,
      { ...clickhouseRange(liveIds, from, to), ...local.params },
    );
    return found.map(numberWeekHourRow);
  },
});
