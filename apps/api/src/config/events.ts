// The environment of the event pipeline: the journal (EVENTS_JOURNAL, EVENTS_JOURNAL_DIR,
// EVENTS_JOURNAL_MAX_BYTES), the event log (EVENTS_BUS and its companions: config/event-bus.ts) and the
// ClickHouse store (EVENTS_URL and its companions: EVENTS_TTL_DAYS, EVENTS_ASYNC_INSERT, EVENTS_DEDUP).
import path from 'node:path';
import { RAW_EVENTS_KEPT_DAYS } from '@adconsole/domain';
import { z } from 'zod';
import type { EventsConfig } from '../services/events/clickhouse';
import { CLICKHOUSE_DATABASE_NAME } from '../services/events/clickhouse-migrations';
import { JOURNAL_MAX_BYTES } from '../services/events/journal';
import { ConfigError, optional, trueOrFalse, urlString, wholeNumber } from './env';
import { eventBusEnv } from './event-bus';

export const eventsEnv = z.object({
  ...eventBusEnv.shape,
  EVENTS_JOURNAL: optional.pipe(z.enum(['on', 'off'], 'must be on or off').optional()),
  EVENTS_JOURNAL_DIR: optional,
  EVENTS_JOURNAL_MAX_BYTES: optional.pipe(
    z
      .string()
      .regex(
        /^\d+\s*(|k|K|KB|KiB|m|M|MB|MiB|g|G|GB|GiB)$/,
        'must be a size in bytes, or with K, M or G (1073741824, 512M, 2G)',
      )
      .optional(),
  ),
  EVENTS_URL: optional.pipe(
    urlString(['http:', 'https:'])
      .refine((value) => {
        const name = new URL(value).pathname.replace(/^\/|\/$/g, '');
        return name === '' || CLICKHOUSE_DATABASE_NAME.test(name);
      }, 'its path must be empty or one ClickHouse database name (letters, digits and _)')
      .optional(),
  ),
  EVENTS_TTL_DAYS: wholeNumber(1, 36500),
  EVENTS_ASYNC_INSERT: trueOrFalse,
  EVENTS_DEDUP: optional.pipe(
    z.enum(['seen-set', 'clickhouse'], 'must be seen-set or clickhouse').optional(),
  ),
});

type EventsEnv = z.infer<typeof eventsEnv>;

/**
 * The journal's folder, or undefined when it is off. On by default where the store is another process
 * (PostgreSQL, ClickHouse): the answer stops waiting for a commit. Off by default on the embedded PGlite,
 * whose writes take this process's own CPU either way, so the journal's append would only add to it
 * (docs/serving.md "The event journal"). With the event log the journal is where events wait while the
 * log does not answer: always on.
 */
export function eventsJournalDir(
  e: EventsEnv,
  databaseUrl: string | undefined,
  dataDir: string | undefined,
): string | undefined {
  const journal = e.EVENTS_JOURNAL ?? (databaseUrl || e.EVENTS_URL || e.EVENTS_BUS ? 'on' : 'off');
  if (journal === 'off') return undefined;
  return path.resolve(e.EVENTS_JOURNAL_DIR ?? path.join(dataDir ?? './data', 'journal'));
}

const UNITS: Record<string, number> = { '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 };
/** The journal's smallest ceiling: a few hundred events. */
const JOURNAL_MIN_BYTES = 64 * 1024;

/**
 * The journal's ceiling (EVENTS_JOURNAL_MAX_BYTES, 1 GiB by default: about an hour of 1,000 beacons a
 * second while the event log does not answer). Past it an event is answered once the store has committed
 * it (docs/serving.md "The event journal").
 */
export function eventsJournalMaxBytes(e: EventsEnv): number {
  if (e.EVENTS_JOURNAL_MAX_BYTES === undefined) return JOURNAL_MAX_BYTES;
  const [, digits = '', unit = ''] = /^(\d+)\s*([a-zA-Z]?)/.exec(e.EVENTS_JOURNAL_MAX_BYTES) ?? [];
  const bytes = Number(digits) * (UNITS[unit.toLowerCase()] ?? 1);
  if (!Number.isSafeInteger(bytes) || bytes < JOURNAL_MIN_BYTES)
    throw new ConfigError('EVENTS_JOURNAL_MAX_BYTES', `must be at least ${JOURNAL_MIN_BYTES} bytes (64K)`);
  return bytes;
}

/** EVENTS_URL and its companions; its companions without it are refused. */
export function eventsConfig(e: EventsEnv): EventsConfig | undefined {
  if (e.EVENTS_URL === undefined) {
    if (e.EVENTS_TTL_DAYS !== undefined)
      throw new ConfigError('EVENTS_TTL_DAYS', 'applies only to the ClickHouse event store (set EVENTS_URL)');
    if (e.EVENTS_ASYNC_INSERT !== undefined)
      throw new ConfigError(
        'EVENTS_ASYNC_INSERT',
        'applies only to the ClickHouse event store (set EVENTS_URL)',
      );
    if (e.EVENTS_DEDUP !== undefined)
      throw new ConfigError('EVENTS_DEDUP', 'applies only to the ClickHouse event store (set EVENTS_URL)');
    return undefined;
  }
  const url = new URL(e.EVENTS_URL);
  const database = url.pathname.replaceAll('/', '') || 'adconsole';
  url.pathname = '';
  return {
    url: url.toString().replace(/\/$/, ''),
    database,
    // Raw events are kept as long in either store (docs/privacy.md): this TTL, or the main database's sweep.
    rawTtlDays: e.EVENTS_TTL_DAYS ?? RAW_EVENTS_KEPT_DAYS,
    asyncInsert: e.EVENTS_ASYNC_INSERT === 'true' || e.EVENTS_ASYNC_INSERT === '1',
    // Replays: the main database's seen-set unless ClickHouse's own keys are asked for (docs/clickhouse.md).
    dedup: e.EVENTS_DEDUP ?? 'seen-set',
  };
}
