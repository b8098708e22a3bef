// Report read: what a report reads of the rollups in one call, its series, each live creative's totals
// and the hour-of-week grid of the same range, each store in its engine's best way.
import type { EventCounters } from '@adconsole/domain';
import { counterSumsSql, numberRow } from '../counters';
import { clickhouseMeasurableSql } from '../grains';
import { byStore } from './by-store';
import {
  CLICKHOUSE_IN_RANGE,
  clickhouseLocalTime,
  clickhousePeriodFormat,
  clickhouseRange,
} from './local-time';
import { readRangeTotals } from './range-totals';
import { readSeries, type SeriesArgs, type SeriesRow } from './series';
import { numberWeekHourRow, readWeekHours, type WeekHourRow } from './week-hours';

/** A report's rows of the rollups. */
export interface ReportRows {
  series: SeriesRow[];
  totals: Map<string, EventCounters>;
  weekHours: WeekHourRow[];
}

/** readSeries, readRangeTotals and readWeekHours of the same range. */
export const readReportRows = byStore<SeriesArgs, ReportRows>({
  // The three side by side on the pool's connections.
  async postgres(store, liveIds, from, to, zone, unit, options) {
    const [series, totals, weekHours] = await Promise.all([
      readSeries(store, liveIds, from, to, zone, unit, options),
      readRangeTotals(store, liveIds, from, to),
      readWeekHours(store, liveIds, from, to, zone, options.campaignId),
    ]);
    return { series, totals, weekHours };
  },
  // One pass grouped three ways: chdb runs one query at a time in the process, and a ClickHouse
  // server scans the rows once instead of three times (docs/clickhouse.md).
  async clickhouse(store, liveIds, from, to, zone, unit, { bannerIds }) {
    if (liveIds.length === 0) return { series: [], totals: new Map(), weekHours: [] };
    const local = clickhouseLocalTime(zone);
    const found = await store.rows<
      Record<string, unknown> & {
        live_id: string | null;
        period: string | null;
        weekday: number | null;
        hour: number | null;
        measurable: string;
      }
    >(
      `select live_id, formatDateTime(${local.sql}, '${clickhousePeriodFormat(unit)}') as period,
              toDayOfWeek(${local.sql}) - 1 as weekday, toHour(${local.sql}) as hour, ${counterSumsSql()},
              sum(${clickhouseMeasurableSql('rollup.')}) as measurable
         from ${store.table('event_rollups')} as rollup
        where ${CLICKHOUSE_IN_RANGE}
        group by grouping sets ((period), (live_id), (weekday, hour))
        settings group_by_use_nulls = 1`,
      { ...clickhouseRange(liveIds, from, to), ...local.params, banners: [...bannerIds] },
    );
    const result: ReportRows = { series: [], totals: new Map(), weekHours: [] };
    for (const row of found) {
      if (row.period !== null)
        result.series.push({
          liveId: '',
          period: row.period,
          ...numberRow(row),
          measurable: Number(row.measurable),
        });
      else if (row.live_id !== null) result.totals.set(row.live_id, numberRow(row));
      else if (row.weekday !== null)
        result.weekHours.push(
          numberWeekHourRow({
            weekday: row.weekday,
            hour: row.hour,
            impressions: row.impressions,
            clicks: row.clicks,
          }),
        );
    }
    result.series.sort((a, b) => (a.period < b.period ? -1 : a.period > b.period ? 1 : 0));
    return result;
  },
});
