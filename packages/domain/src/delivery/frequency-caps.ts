// Frequency caps (docs/serving.md, "Frequency caps"): at most `count` ads per browser in a window of an
// hour, a day, a week or the flight, on a campaign (its creatives together) and on a creative; several
// caps may apply and all must hold. The windows are calendar windows in the campaign's timezone, not
// rolling ones: a day cap starts again at local midnight, a week cap on Monday at 00:00 local, an hour
// cap at the local hour, a flight cap at the flight's start. Across daylight-saving changes:
// - a spring day has 23 hours and an autumn day 25: the day runs from one local midnight to the next;
// - the hour a spring change skips never starts a window (02:00 in Berlin: 01:00 is followed by 03:00);
// - the hour an autumn change repeats is two windows, one per occurrence: an hour cap limits the ads of
//   an hour that passed, and that hour passes twice (the daypart, by contrast, reads one grid cell both
//   times: calendar/hour-of-week.ts);
// - a local boundary that a change skips (a midnight some zones jump over) starts at the change.
// A zone's windows are remembered per period until the next boundary or the zone's next change of offset,
// so a request reads one comparison per period and the zone is looked up once a window.
import { offsetAt, offsetToMinutes } from '../timezones/offsets';
import { offsetSpans } from '../timezones/zoned-range';

export const FREQUENCY_PERIODS = ['hour', 'day', 'week', 'flight'] as const;
export type FrequencyPeriod = (typeof FREQUENCY_PERIODS)[number];

/** At most `count` ads per browser in each window of `period`. */
export interface FrequencyCap {
  count: number;
  period: FrequencyPeriod;
}

/** Caps per level (a campaign's, a creative's) at most. */
export const MAX_FREQUENCY_CAPS = 4;
/** The largest count a cap can have (the browser's history keeps fewer ads than that: frequency-history.ts). */
export const MAX_FREQUENCY_COUNT = 1000;

/**
 * What a request that cannot be capped gets (no cookie can be kept and no device id is sent:
 * docs/serving.md, "Frequency caps"): an ad (the default) or none, counted as not cappable.
 */
export const UNCAPPABLE_CHOICES = ['serve', 'skip'] as const;
export type UncappableChoice = (typeof UNCAPPABLE_CHOICES)[number];

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
/** 1970-01-01 was a Thursday: weekday 3 when Monday is 0. */
const EPOCH_WEEKDAY = 3;

/** The zone's offset at an instant, in ms. */
const offsetMs = (zone: string, at: number) => offsetToMinutes(offsetAt(zone, new Date(at))) * MINUTE_MS;

/** The local start (ms since the local epoch) of the window of `period` that local time `local` is in. */
function localWindowStart(period: 'hour' | 'day' | 'week', local: number): number {
  if (period === 'hour') return Math.floor(local / HOUR_MS) * HOUR_MS;
  const day = Math.floor(local / DAY_MS);
  if (period === 'day') return day * DAY_MS;
  const weekday = (((day + EPOCH_WEEKDAY) % 7) + 7) % 7;
  return (day - weekday) * DAY_MS;
}

/**
 * The last instant at or before `now` whose local time in `zone` is `local`; when that local time was
 * skipped by a change of offset, the change itself (the first instant after it). The candidates are the
 * local time under the offsets in force a day before and a day after it and at `now`.
 */
function lastInstantOfLocal(local: number, zone: string, now: number): number {
  const offsets = new Set([
    offsetMs(zone, local - DAY_MS),
    offsetMs(zone, local + DAY_MS),
    offsetMs(zone, now),
  ]);
  let held = Number.NEGATIVE_INFINITY;
  let skipped = Number.NEGATIVE_INFINITY;
  for (const offset of offsets) {
    const instant = local - offset;
    if (offsetMs(zone, instant) === offset) {
      if (instant <= now && instant > held) held = instant;
    } else if (instant <= now) {
      // Skipped: the offset before the change (the later candidate) puts it at the change or after it.
      skipped = Math.max(skipped, instant);
    }
  }
  if (held !== Number.NEGATIVE_INFINITY) return held;
  return skipped === Number.NEGATIVE_INFINITY ? now : skipped;
}

interface WindowSpan {
  /** The instants [from, to) share one window, which started at `start`. */
  from: number;
  to: number;
  start: number;
}

const spans = new Map<string, WindowSpan>();

/** The window of `period` that `now` is in, and until when that answer holds. */
function windowSpan(period: 'hour' | 'day' | 'week', now: number, zone: string): WindowSpan {
  const local = now + offsetMs(zone, now);
  const localStart = localWindowStart(period, local);
  const start = lastInstantOfLocal(localStart, zone, now);
  const length = period === 'hour' ? HOUR_MS : period === 'day' ? DAY_MS : 7 * DAY_MS;
  // Until the next local boundary, or the zone's next change of offset if one comes first.
  let to = now + (localStart + length - local);
  const changes = offsetSpans(zone, new Date(now), new Date(to));
  if (changes.length > 1) to = (changes[1] as { start: Date }).start.getTime();
  return { from: now, to, start };
}

/**
 * The instant (ms) the window of `period` that `now` (ms) is in started, in the IANA zone (or 'UTC',
 * or '+HH:MM'): the local hour, the local day (midnight), the local week (Monday midnight), or for
 * 'flight' `flightStart` (ms; none: the beginning of time, every ad the browser remembers counts).
 */
export function capWindowStart(
  period: FrequencyPeriod,
  now: number,
  zone: string,
  flightStart?: number | null,
): number {
  if (period === 'flight') return flightStart ?? Number.NEGATIVE_INFINITY;
  const key = `${zone}\u0000${period}`;
  const known = spans.get(key);
  if (known !== undefined && now >= known.from && now < known.to) return known.start;
  const span = windowSpan(period, now, zone);
  if (spans.size >= 4000) spans.clear();
  spans.set(key, span);
  return span.start;
}

/** How long a browser must remember an ad for caps of `period` (the longest window, with room). */
export const PERIOD_HORIZON_MS: Readonly<Record<FrequencyPeriod, number>> = {
  // A local hour lasts 90 minutes at most (a 30-minute change inside it).
  hour: 2 * HOUR_MS,
  // 25 hours at most (an autumn change).
  day: 26 * HOUR_MS,
  week: 8 * DAY_MS,
  // As long as the cookie lives (frequency-history.ts): a flight cap counts the last 35 days at most.
  flight: 35 * DAY_MS,
};

/** The period of the longest window among caps. */
export const longestPeriod = (caps: readonly FrequencyCap[]): FrequencyPeriod =>
  caps.reduce<FrequencyPeriod>(
    (longest, cap) => (PERIOD_HORIZON_MS[cap.period] > PERIOD_HORIZON_MS[longest] ? cap.period : longest),
    'hour',
  );

/**
 * Whether `minutes` (the ads a browser was shown, as minutes since 1970) leave room under every cap at
 * `now`: fewer than `count` of them since each window's start.
 */
export function capsHold(
  caps: readonly FrequencyCap[],
  minutes: readonly number[],
  now: number,
  zone: string,
  flightStart?: number | null,
): boolean {
  for (const cap of caps) {
    const start = capWindowStart(cap.period, now, zone, flightStart);
    let seen = 0;
    for (const minute of minutes) if (minute * MINUTE_MS >= start) seen += 1;
    if (seen >= cap.count) return false;
  }
  return true;
}

/** Caps sorted and each once (a stored set reads the same however it was sent). */
export function distinctCaps(caps: readonly FrequencyCap[]): FrequencyCap[] {
  const seen = new Set<string>();
  const kept: FrequencyCap[] = [];
  for (const cap of caps) {
    const key = `${cap.period}:${cap.count}`;
    if (seen.has(key)) continue;
    seen.add(key);
    kept.push({ count: cap.count, period: cap.period });
  }
  const order = (cap: FrequencyCap) => FREQUENCY_PERIODS.indexOf(cap.period);
  return kept.sort((a, b) => order(a) - order(b) || a.count - b.count);
}

/** Each period as a cap's sentence says it ('3 a day'). */
export const FREQUENCY_PERIOD_WORDS: Readonly<Record<FrequencyPeriod, string>> = {
  hour: 'an hour',
  day: 'a day',
  week: 'a week',
  flight: 'over the flight',
};

/**
 * What caps mean, in the console's words: "At most 3 a day and 10 a week per browser on each site." (a
 * browser is told apart on each publisher site alone: docs/serving.md, "Frequency caps").
 */
export function frequencyCapsSentence(caps: readonly FrequencyCap[]): string {
  if (caps.length === 0) return 'No frequency cap: a browser may see these ads any number of times.';
  const parts = distinctCaps(caps).map((cap) => `${cap.count} ${FREQUENCY_PERIOD_WORDS[cap.period]}`);
  const listed = parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
  return `At most ${listed} per browser on each site.`;
}
