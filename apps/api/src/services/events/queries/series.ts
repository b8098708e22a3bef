// Report read: a report's series, the counters of all its live creatives summed by local day or hour,
// with their measurable impressions.
import type { ReportZone } from '@adconsole/domain';
import { byStore } from './by-store';
import { clickhousePeriodRows, type PeriodRow, postgresPeriodRows } from './period-rows';

/** A series' counters in one local period, over several live creatives, with their measurable impressions. */
export interface SeriesRow extends PeriodRow {
  /** Measurable impressions: each live creative's by its type (the domain's `measurableImpressions`). */
  measurable: number;
}

/** Which live creatives of a series are display ones, and the campaign when they are all of its live creatives. */
interface SeriesOptions {
  bannerIds: readonly string[];
  campaignId?: string | undefined;
}

/** The arguments of a read of a report's range by local day or hour over several live creatives. */
export type SeriesArgs = [
  liveIds: readonly string[],
  from: Date,
  to: Date,
  zone: ReportZone,
  unit: 'day' | 'hour',
  options: SeriesOptions,
];

/**
 * The rollups of `from <= bucket < to` summed over all of `liveIds` by local day or hour in `zone`
 * (`liveId` ''). `campaignId` says that `liveIds` are every live creative of that campaign, so a store
 * may read the campaign's own rollups (PostgreSQL does; ClickHouse sums the live creatives' rows in its
 * own engine).
 */
export const readSeries = byStore<SeriesArgs, SeriesRow[]>({
  async postgres(store, liveIds, from, to, zone, unit, { bannerIds, campaignId }) {
    const rows = await postgresPeriodRows(store, 'event_rollups', liveIds, from, to, zone, unit, {
      byLive: false,
      campaignId,
      bannerIds,
    });
    return rows.map((row) => ({ ...row, measurable: row.measurable ?? 0 }));
  },
  async clickhouse(store, liveIds, from, to, zone, unit, { bannerIds }) {
    const rows = await clickhousePeriodRows(store, 'event_rollups', liveIds, from, to, zone, unit, {
      byLive: false,
      bannerIds,
    });
    return rows.map((row) => ({ ...row, measurable: row.measurable ?? 0 }));
  },
});
