// Local time in each dialect, written once: the reads that group by local day, hour or weekday (periods,
// series, invalid periods, week-hours, the report's rows) take their SQL from here. PostgreSQL computes
// a bucket's local time by arithmetic over the zone's offsets; ClickHouse through its tz database. Also
// ClickHouse's range filter, which every ClickHouse read shares.
import { offsetSpans, offsetToMinutes, type ReportZone } from '@adconsole/domain';
import type { SqlValue } from '../../../db/database';
import type { GrainSource } from '../grains';

export const DAY_SECONDS = 86_400;
export const HOUR_SECONDS = 3_600;
/** 1970-01-01 (local day 0) was a Thursday: weekday 3 when Monday is 0. */
export const EPOCH_WEEKDAY = 3;

/**
 * A bucket's local time as seconds since the local epoch, by arithmetic: the bucket's UTC seconds plus
 * the offset of the span it falls in (the zone's offsets over the range, daylight-saving changes
 * included, come from the domain). A zone lookup per row (`at time zone`, `to_char`) made a 90-day
 * report of 20 creatives scan 172,800 rows at several times the cost. Parameters from `$first` on.
 */
export function localSeconds(zone: ReportZone, from: Date, to: Date, first: number) {
  const spans = offsetSpans(zone.iana ?? zone.offset, from, to);
  const params: SqlValue[] = [];
  const param = (value: SqlValue, type: string) => {
    params.push(value);
    return `$${first + params.length - 1}::${type}`;
  };
  const offsetOf = (index: number) => param((spans[index]?.offsetMinutes ?? 0) * 60, 'int');
  let offset = offsetOf(spans.length - 1);
  for (let index = spans.length - 2; index >= 0; index -= 1) {
    const next = spans[index + 1]?.start as Date;
    offset = `case when bucket < ${param(next, 'timestamptz')} then ${offsetOf(index)} else ${offset} end`;
  }
  return { sql: `(extract(epoch from bucket)::bigint + ${offset})`, params };
}

/** A local period's key from its index since the local epoch: 'YYYY-MM-DD' or 'YYYY-MM-DDTHH:00'. */
export const periodKey = (index: number, unit: 'day' | 'hour'): string => {
  const iso = new Date(index * (unit === 'day' ? DAY_SECONDS : HOUR_SECONDS) * 1000).toISOString();
  return unit === 'day' ? iso.slice(0, 10) : `${iso.slice(0, 13)}:00`;
};

/**
 * The parameters of a PostgreSQL read by local time: whose rows it sums ($1: the live creatives, or the
 * campaign when one is named and the read is not `finest`), the zone's offsets (`local.sql`, a bucket's
 * local seconds), and `param` to add one more and answer its placeholder.
 */
export function postgresLocalQuery(
  liveIds: readonly string[],
  zone: ReportZone,
  from: Date,
  to: Date,
  options: { finest: boolean; campaignId?: string | undefined } = { finest: true },
) {
  const local = localSeconds(zone, from, to, 2);
  const campaign = options.campaignId !== undefined && !options.finest;
  const params: SqlValue[] = [campaign ? (options.campaignId as string) : [...liveIds], ...local.params];
  const param = (value: SqlValue, type: string) => {
    params.push(value);
    return `$${params.length}::${type}`;
  };
  const source: GrainSource = campaign ? { campaignIdParam: '$1::text' } : { liveIdsParam: '$1::text[]' };
  return { local, params, param, source };
}

/**
 * The bucket as local time in `zone` in ClickHouse, with its parameters: an IANA zone through
 * ClickHouse's tz database (daylight saving followed, as PostgreSQL's `at time zone` does), a fixed
 * offset as a shift of UTC.
 */
export const clickhouseLocalTime = (zone: ReportZone) =>
  zone.iana !== undefined
    ? { sql: 'toTimeZone(bucket, {zone:String})', params: { zone: zone.iana } }
    : {
        sql: "toTimeZone(bucket + toIntervalSecond({shift:Int32}), 'UTC')",
        params: { shift: offsetToMinutes(zone.offset) * 60 },
      };

/** ClickHouse's format of a local period's key ('YYYY-MM-DD' or 'YYYY-MM-DDTHH:00'). */
export const clickhousePeriodFormat = (unit: 'day' | 'hour') =>
  unit === 'day' ? '%Y-%m-%d' : '%Y-%m-%dT%H:00';

/** A Date as ClickHouse's DateTime64(3, 'UTC') text. */
export const clickhouseTime = (at: Date) => at.toISOString().replace('T', ' ').replace('Z', '');

/** ClickHouse's filter of a read's rows: these live creatives, `from <= bucket < to`. */
export const CLICKHOUSE_IN_RANGE =
  "live_id in {ids:Array(String)} and bucket >= {from:DateTime64(3, 'UTC')} and bucket < {to:DateTime64(3, 'UTC')}";

/** The parameters of CLICKHOUSE_IN_RANGE. */
export const clickhouseRange = (liveIds: readonly string[], from: Date, to: Date) => ({
  ids: [...liveIds],
  from: clickhouseTime(from),
  to: clickhouseTime(to),
});
