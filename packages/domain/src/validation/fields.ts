// Field schemas for API requests. Query strings and multipart fields arrive as text, so numbers and
// booleans are accepted both as values and as their text.
import { z } from 'zod/mini';
import { offsetPattern } from '../timezones/timezones';
import { emailAddressField } from './email-address';

export const MAX_ID_LENGTH = 128;

/** An id: a non-empty string (trimmed) or a non-negative integer, always given back as a string. */
export const idField = (label: string) =>
  z.pipe(
    z.union(
      [
        z.string().check(z.trim(), z.minLength(1), z.maxLength(MAX_ID_LENGTH)),
        z.number().check(z.int(), z.nonnegative()),
      ],
      { error: `${label} must be an id` },
    ),
    z.transform(String),
  );

export { booleanField } from './boolean-field';

/** A number, or its text as `text` matches it (a signed decimal by default), read as a number. */
export const numberFromText = (label: string, text: RegExp = /^-?\d+(\.\d+)?$/) =>
  z.pipe(
    z.union([z.number(), z.string().check(z.trim(), z.regex(text))], { error: `${label} must be a number` }),
    z.transform(Number),
  );

export const integerField = (label: string, min: number, max: number) =>
  z.pipe(
    numberFromText(label),
    z
      .number()
      .check(
        z.int(`${label} must be a whole number`),
        z.gte(min, `${label} must be at least ${min}`),
        z.lte(max, `${label} must be at most ${max}`),
      ),
  );

/**
 * Whether a text that starts 'YYYY-MM-DD' names a day of the calendar: a pattern alone lets
 * '2026-02-30' through, which JavaScript's Date silently rolls over to 2 March.
 */
export function isCalendarDay(text: string): boolean {
  const year = Number(text.slice(0, 4));
  const month = Number(text.slice(5, 7));
  const day = Number(text.slice(8, 10));
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return month >= 1 && month <= 12 && day >= 1 && day <= last;
}

/**
 * A date field: the text matches `pattern` (the shape the API documents) and its day is on the calendar;
 * one message either way (a text of the wrong shape stops at the pattern).
 */
const calendarDateField = (pattern: RegExp, message: string) =>
  z
    .string({ error: message })
    .check(z.regex(pattern, { error: message, abort: true }), z.refine(isCalendarDay, message));

/** 'YYYY-MM-DD HH:mm:ss' (UTC) as the reporting calls send dates. */
export const apiDateTimeField = (label: string) =>
  calendarDateField(
    /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01]) ([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/,
    `${label} must be a date 'YYYY-MM-DD HH:mm:ss'`,
  );

/** A day 'YYYY-MM-DD', optionally with a time, as campaign flight dates are written. */
export const dayField = (label: string) =>
  calendarDateField(
    /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])( ([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?)?$/,
    `${label} must be a date 'YYYY-MM-DD'`,
  );

export const tzOffsetField = z
  .string({ error: "tzOffset must be a UTC offset like '+05:30'" })
  .check(z.regex(offsetPattern, "tzOffset must be a UTC offset like '+05:30'"));

/** True when the runtime knows the IANA zone (works in browsers and Node alike). */
export function isIanaZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone.length <= 64;
  } catch {
    return false;
  }
}

export const ianaZoneField = z
  .string({ error: "timezone must be an IANA zone like 'Europe/Berlin'" })
  .check(z.refine(isIanaZone, "timezone must be an IANA zone like 'Europe/Berlin'"));

/** A list of ids given as an array or as comma-separated text. */
export const idListField = (label: string) =>
  z.pipe(
    z.pipe(
      z.union([z.array(z.union([z.string(), z.number()])), z.string(), z.number()], {
        error: `${label} must be a list of ids`,
      }),
      z.transform((value) =>
        (Array.isArray(value) ? value : String(value).split(','))
          .map((id) => String(id).trim())
          .filter((id) => id !== ''),
      ),
    ),
    z
      .array(z.string().check(z.maxLength(MAX_ID_LENGTH, `${label} has an id that is too long`)))
      .check(z.maxLength(500, `${label} has too many ids`)),
  );

/** One plain e-mail address (no lists, display names or quotes), for recipients and invitees. */
export const emailField = (label: string) => emailAddressField(`${label} must be an e-mail address`);
