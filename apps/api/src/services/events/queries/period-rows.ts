// What the reads by local period share (periods.ts, series.ts, invalid-periods.ts): a rollup table
// summed by local day or hour, by live creative or over all of them, in each dialect. Not a report
// question of its own.
import type { EventCounters, ReportZone } from '@adconsole/domain';
import { COLUMNS, counterSumsSql, numberRow } from '../counters';
import { clickhouseMeasurableSql, grainRowsSql, measurableSql, planGrains } from '../grains';
import type { ClickHouseEventStore, PostgresEventStore } from '../store';
import {
  CLICKHOUSE_IN_RANGE,
  clickhouseLocalTime,
  clickhousePeriodFormat,
  clickhouseRange,
  DAY_SECONDS,
  HOUR_SECONDS,
  periodKey,
  postgresLocalQuery,
} from './local-time';

/** Counters of one live creative in one local period ('YYYY-MM-DD' or 'YYYY-MM-DDTHH:00'). */
export interface PeriodRow extends EventCounters {
  liveId: string;
  period: string;
}

/** A rollup table of the figures' events, or of the invalid ones (by reason). */
export type PeriodTable = 'event_rollups' | 'event_invalid_rollups';

/** How a read by local period groups its rows, and which rows it reads. */
export interface PeriodReadOptions {
  /** Group by live creative too (else the rows are summed over all of them, `liveId` ''). */
  byLive: boolean;
  /** Every live creative of this campaign is read: its campaign rollups hold the same sums (PostgreSQL). */
  campaignId?: string | undefined;
  /** One more column to group by. */
  extraColumn?: 'reason';
  /** The display live creatives: the rows then carry their measurable impressions (`measurable`). */
  bannerIds?: readonly string[] | undefined;
}

type PeriodRowOf = PeriodRow & { extra?: string; measurable?: number };

/**
 * PostgreSQL: a rollup table summed by local period (and live creative, and one more column, when
 * asked). The figures' rollups are read from the coarsest exact grain (grains.ts), by quarter hour when
 * the store reads `finest`, and from the campaign's rollups when the read sums all of a campaign's live
 * creatives.
 */
export async function postgresPeriodRows(
  store: PostgresEventStore,
  table: PeriodTable,
  liveIds: readonly string[],
  from: Date,
  to: Date,
  zone: ReportZone,
  unit: 'day' | 'hour',
  options: PeriodReadOptions,
): Promise<PeriodRowOf[]> {
  if (liveIds.length === 0 || from.getTime() >= to.getTime()) return [];
  const { extraColumn, byLive } = options;
  // The invalid rollups have one grain, and no campaign rows.
  const finest = table === 'event_rollups' ? store.finest : true;
  const {
    local,
    params,
    param,
    source: whose,
  } = postgresLocalQuery(
    liveIds,
    zone,
    from,
    to,
    table === 'event_rollups' ? { finest, campaignId: options.campaignId } : { finest: true },
  );
  const groups = [...(byLive ? ['live_id'] : []), 'period', ...(extraColumn ? [extraColumn] : [])].join(', ');
  const campaignRows = 'campaignIdParam' in whose;
  const columns = campaignRows ? [...COLUMNS, 'measurable'] : COLUMNS;
  const source =
    table === 'event_rollups'
      ? `(${grainRowsSql(planGrains(zone, from, to, unit, finest), columns, whose, param)}) as grains`
      : `${table} where live_id = any($1::text[]) and bucket >= ${param(from, 'timestamptz')} and bucket < ${param(to, 'timestamptz')}`;
  const measurable =
    options.bannerIds === undefined
      ? ''
      : campaignRows
        ? ', sum(measurable)::bigint as measurable'
        : `, sum(${measurableSql(`live_id = any(${param([...options.bannerIds], 'text[]')})`)})::bigint as measurable`;
  const found = await store.db.query<
    Record<string, unknown> & { live_id?: string; period: string; extra?: string; measurable?: string }
  >(
    `select ${byLive ? 'live_id, ' : ''}${local.sql} / ${unit === 'day' ? DAY_SECONDS : HOUR_SECONDS} as period${extraColumn ? `, ${extraColumn} as extra` : ''},
            ${counterSumsSql('::bigint')}${measurable}
       from ${source}
      group by ${groups}
      order by ${groups}`,
    params,
  );
  return found.map((row) => ({
    liveId: row.live_id ?? '',
    period: periodKey(Number(row.period), unit),
    ...numberRow(row),
    ...(row.extra === undefined ? {} : { extra: row.extra }),
    ...(row.measurable === undefined ? {} : { measurable: Number(row.measurable) }),
  }));
}

/**
 * ClickHouse: a rollup table summed by local period, and by live creative unless `byLive` is false
 * (the rows of a series, `liveId` ''), and by reason when asked. ClickHouse sums the live creatives'
 * rows in its own engine: the campaign is not needed.
 */
export async function clickhousePeriodRows(
  store: ClickHouseEventStore,
  table: PeriodTable,
  liveIds: readonly string[],
  from: Date,
  to: Date,
  zone: ReportZone,
  unit: 'day' | 'hour',
  options: PeriodReadOptions,
): Promise<PeriodRowOf[]> {
  const { byLive, extraColumn, bannerIds } = options;
  if (liveIds.length === 0) return [];
  const local = clickhouseLocalTime(zone);
  const groups = [...(byLive ? ['live_id'] : []), 'period', ...(extraColumn ? [extraColumn] : [])].join(', ');
  const measurable =
    bannerIds !== undefined
      ? // Qualified: `impressions` alone would name the sum's alias of the same name.
        `, sum(${clickhouseMeasurableSql('rollup.')}) as measurable`
      : '';
  const found = await store.rows<
    Record<string, unknown> & { live_id?: string; period: string; extra?: string; measurable?: string }
  >(
    `select ${byLive ? 'live_id, ' : ''}formatDateTime(${local.sql}, '${clickhousePeriodFormat(unit)}') as period${extraColumn ? `, ${extraColumn} as extra` : ''}, ${counterSumsSql()}${measurable}
       from ${store.table(table)} as rollup
      where ${CLICKHOUSE_IN_RANGE}
      group by ${groups}
      order by ${groups}`,
    {
      ...clickhouseRange(liveIds, from, to),
      ...local.params,
      ...(bannerIds !== undefined ? { banners: [...bannerIds] } : {}),
    },
  );
  return found.map((row) => ({
    liveId: row.live_id ?? '',
    period: row.period,
    ...numberRow(row),
    ...(row.extra === undefined ? {} : { extra: row.extra }),
    ...(bannerIds !== undefined ? { measurable: Number(row.measurable ?? 0) } : {}),
  }));
}
