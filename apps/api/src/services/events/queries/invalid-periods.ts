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
/** Each row's extra column, the reason it is invalid, named as such. */
const withReason = (rows: readonly (PeriodRow & { extra?: string })[]): InvalidPeriodRow[] =>
  rows.map(({ extra, ...row }) => ({ ...row, reason: extra as InvalidTrafficReason }));

export const readInvalidPeriods = byStore<
  [liveIds: readonly string[], from: Date, to: Date, zone: ReportZone, unit: 'day' | 'hour'],
  InvalidPeriodRow[]
>({
  postgres: async (store, ...read) =>
    withReason(await postgresPeriodRows(store, 'event_invalid_rollups', ...read, options)),
  clickhouse: async (store, ...read) =>
    withReason(await clickhousePeriodRows(store, 'event_invalid_rollups', ...read, options)),
});
