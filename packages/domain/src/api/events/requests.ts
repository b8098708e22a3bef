// Requests of the admin call that imports ad events from another ad server.
import { z } from 'zod/mini';
import { EVENT_TYPES } from '../../serving/serve-paths';
import { idField } from '../../validation/fields';

/** Rows one import may carry. */
export const EVENT_IMPORT_MAX_ROWS = 100_000;

/** The years an imported event may fall in, and what one import's counts may add up to. */
export const EVENT_IMPORT_MIN_YEAR = 2000;
export const EVENT_IMPORT_MAX_YEAR = 2100;
export const EVENT_IMPORT_MAX_TOTAL = 100_000_000;

/** One row of history from another ad server: an event type of a live creative at a time, `count` times. */
export const eventImportRowSchema = z.strictObject({
  liveID: idField('liveID'),
  type: z.enum(EVENT_TYPES, { error: `the type must be one of: ${EVENT_TYPES.join(', ')}` }),
  at: z.iso
    .datetime({
      offset: true,
      error: "the time must be ISO 8601 with an offset, e.g. '2026-03-01T10:15:00+01:00' or '...Z'",
    })
    .check(
      z.refine((at) => {
        const year = new Date(at).getUTCFullYear();
        return year >= EVENT_IMPORT_MIN_YEAR && year <= EVENT_IMPORT_MAX_YEAR;
      }, `the time must fall between the years ${EVENT_IMPORT_MIN_YEAR} and ${EVENT_IMPORT_MAX_YEAR}`),
    ),
  count: z._default(
    z
      .number({ error: 'the count must be a whole number from 1' })
      .check(
        z.int('the count must be a whole number from 1'),
        z.gte(1, 'the count must be a whole number from 1'),
        z.lte(1_000_000, 'the count can be at most 1,000,000'),
      ),
    1,
  ),
});

/** POST /v1/events/import: up to 100,000 rows, all or none. */
export const eventsImportRequestSchema = z.strictObject({
  events: z.array(eventImportRowSchema, { error: 'events must be a list of rows' }).check(
    z.minLength(1, 'Send at least one event'),
    z.maxLength(
      EVENT_IMPORT_MAX_ROWS,
      `At most ${EVENT_IMPORT_MAX_ROWS.toLocaleString('en')} events at once`,
    ),
    z.refine(
      (rows) => rows.reduce((sum, row) => sum + (row.count ?? 1), 0) <= EVENT_IMPORT_MAX_TOTAL,
      `The counts of one import add up to at most ${EVENT_IMPORT_MAX_TOTAL.toLocaleString('en')}`,
    ),
  ),
});
export type EventsImportRequest = z.infer<typeof eventsImportRequestSchema>;
