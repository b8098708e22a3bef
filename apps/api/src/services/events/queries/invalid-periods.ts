// Report read: invalid traffic by live creative, local day or hour, and reason (the report's `invalid`
// and a file's filtered columns).
import type { InvalidTrafficReason, ReportZone } from '@adconsole/domain';
import { byStore } from './by-store';
import { clickhousePeriodRows, type PeriodRow, postgresPeriodRows } from './period-rows';

/** Invalid events of one live creative in one local period, for one reason. */
export interface InvalidPeriodRow extends PeriodRow {
  reason: InvalidTrafficReason;
}

const options = { byLive: true, extraColumn: 'reason' } as const;

/** The invalid events' rollups of `from <= bucket < to` summed by live creative, local period and reason. */
export const readInvalidPeriods = byStore<
  [liveIds: readonly string[], from: Date, to: Date, zone: ReportZone, unit: 'day' | 'hour'],
  InvalidPeriodRow[]
>({
  async postgres(store, liveIds, from, to, zone, unit) {
    const rows = await postgresPeriodRows(
      store,
      'event_invalid_rollups',
      liveIds,
      from,
      to,
      zone,
      unit,
      options,
    );
    return rows.map(({ extra, ...row }) => ({ ...row, reason: extra as InvalidTrafficReason }));
  },
  async clickhouse(store, liveIds, from, to, zone, unit) {
    const rows = await clickhousePeriodRows(
      store,
      'event_invalid_rollups',
      liveIds,
      from,
      to,
      zone,
      unit,
      options,
    );
    return rows.map(({ extra, ...row }) => ({ ...row, reason: extra as InvalidTrafficReason }));
  },
});
