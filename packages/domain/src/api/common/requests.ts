// Request pieces several features share: the id queries, the range of days a report or the dashboard
// covers, the 'No data' of a missing payload and the server-owned fields an entity may carry back.
import { z } from 'zod/mini';
import { apiDateTimeField, ianaZoneField, idField, tzOffsetField } from '../../validation/fields';
import { MESSAGES } from '../../validation/messages';

/** A missing payload (no object at all) reads 'No data' (docs/product.md §8); other issues keep their text. */
export const noDataWhenMissing = (issue: { code?: string }) =>
  issue.code === 'invalid_type' ? MESSAGES.noData : undefined;

export const campaignIdQuerySchema = z.strictObject({ campaignID: idField('campaignID') });
export const idQuerySchema = z.strictObject({ id: idField('id') });

/**
 * A field the server owns (counters, creatives, report state, timestamps): a client may send the object
 * back exactly as the server answered it, so the field is accepted, but it is never written.
 */
const serverOwned = z.optional(z.unknown()).check(z.describe('Server-owned: accepted back, ignored.'));
export const serverOwnedFields = <K extends string>(keys: readonly K[]) =>
  Object.fromEntries(keys.map((key) => [key, serverOwned])) as Record<K, typeof serverOwned>;

/** The days a report or the dashboard covers: UTC times, the offset and optionally the IANA zone. */
export const rangeQueryFields = {
  start_dt: apiDateTimeField('start_dt'),
  end_dt: apiDateTimeField('end_dt'),
  tzOffset: z._default(tzOffsetField, '+00:00'),
  /** IANA zone; when given, day boundaries follow its daylight-saving changes. */
  timezone: z.optional(ianaZoneField),
};

export const datesInOrder = (query: { start_dt: string; end_dt: string }) => query.start_dt <= query.end_dt;
export const datesInOrderMessage = { message: 'start_dt must not be after end_dt', path: ['start_dt'] };
