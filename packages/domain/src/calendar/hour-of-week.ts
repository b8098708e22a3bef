// The hour of the week in a zone (Monday 00:00-00:59 is 0, Sunday 23:00-23:59 is 167): what a daypart
// grid is read at. Local wall-clock time, so across daylight-saving changes:
// - the hour a spring change skips (02:00 in Berlin on the last Sunday of March) never occurs: its cell
//   is never read, and the hour before it is followed by the hour after it;
// - the hour an autumn change repeats (02:00 in Berlin on the last Sunday of October) is one cell, read
//   both times, so it serves both times or neither.
// A zone's clock remembers the span of instants that share the current local hour (until the next local
// hour, or the zone's next change of offset if one comes first), so a request reads one comparison, and
// the zone is looked up once an hour (and at each change) rather than per request.
import { offsetAt, offsetToMinutes } from '../timezones/offsets';
import { offsetSpans } from '../timezones/zoned-range';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
/** 1970-01-01 was a Thursday: weekday 3 when Monday is 0. */
const EPOCH_WEEKDAY = 3;

interface ZoneClock {
  /** The instants [from, to) share one local hour of the week, `value`. */
  from: number;
  to: number;
  value: number;
}

const clocks = new Map<string, ZoneClock>();

/** The hour of the week of local time `local` (ms since the local epoch). */
const hourOfLocal = (local: number): number => {
  const weekday = (((Math.floor(local / DAY_MS) + EPOCH_WEEKDAY) % 7) + 7) % 7;
  const hour = (((Math.floor(local / HOUR_MS) % 24) + 24) % 24) as number;
  return weekday * 24 + hour;
};

/** The zone's offset at an instant, in ms. */
const offsetMs = (timezone: string, at: number) => offsetToMinutes(offsetAt(timezone, new Date(at))) * 60_000;

/** Works out the span of the local hour that `now` falls in. */
function clockAt(timezone: string, now: number): ZoneClock {
  const local = now + offsetMs(timezone, now);
  const nextLocalHour = (Math.floor(local / HOUR_MS) + 1) * HOUR_MS;
  let to = now + (nextLocalHour - local);
  // A change of offset before the next local hour ends the span there (Lord Howe's half-hour change).
  const changes = offsetSpans(timezone, new Date(now), new Date(to));
  if (changes.length > 1) to = (changes[1] as { start: Date }).start.getTime();
  return { from: now, to, value: hourOfLocal(local) };
}

/** The hour of the week (0-167, Monday first) at instant `now` (ms) in an IANA zone (or 'UTC'). */
export function hourOfWeek(timezone: string, now: number): number {
  const known = clocks.get(timezone);
  if (known !== undefined && now >= known.from && now < known.to) return known.value;
  const clock = clockAt(timezone, now);
  if (clocks.size >= 1000) clocks.clear();
  clocks.set(timezone, clock);
  return clock.value;
}
