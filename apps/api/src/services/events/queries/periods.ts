// Report read: each live creative's counters by local day or hour (a file's or a mail's rows by
// creative, the dashboard's days).
import type { ReportZone } from '@adconsole/domain';
import { byStore } from './by-store';
import { clickhousePeriodRows, type PeriodRow, postgresPeriodRows } from './period-rows';

/**
 * The rollups of `from <= bucket < to` summed by live creative and local day or hour in `zone`, in the
 * store's own engine (a report reads a few rows per live creative, not every bucket).
 */
export const readPeriods = byStore<
  [liveIds: readonly string[], from: Date, to: Date, zone: ReportZone, unit: 'day' | 'hour'],
  PeriodRow[]
>({
  postgres: (store, liveIds, from, to, zone, unit) =>
    postgresPeriodRows(store, 'event_rollups', liveIds, from, to, zone, unit, { byLive: true }),
  clickhouse: (store, liveIds, from, to, zone, unit) =>
    clickhousePeriodRows(store, 'event_rollups', liveIds, from, to, zone, unit, { byLive: true }),
});
