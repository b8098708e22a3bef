// A browser's history for frequency caps (docs/serving.md, "Frequency caps"): the ads it was served, per
// campaign and per creative that has caps, as minutes since 1970, kept in the serving origin's own
// partitioned cookie (CHIPS) rather than in any store, so every API process reads the same history from
// the request itself. This module is the cookie's text, without its signature (the API signs it):
//
//   <entry>_<entry>...   entry: <period><kind><key>-<minute>-<minute>...
//
// `period` is the longest window the entry's caps need (h, d, w, f: it says how long the entry is kept),
// `kind` c (a campaign) or r (a creative), `key` 7 base-36 characters of a hash of its id (a collision
// between two of the few campaigns one browser sees is about one in ten million: it would count one's ads
// for the other), each minute in base 36, oldest first. An entry keeps only the minutes its longest
// window can still count; the text is at most MAX_HISTORY_CHARS (under 1 KB with its name and
// signature), the oldest minutes of all dropped first when it would be longer. Anything else is no
// history: a browser sending it is treated as new.
import {
  capsHold,
  capWindowStart,
  type FrequencyCap,
  type FrequencyPeriod,
  longestPeriod,
  PERIOD_HORIZON_MS,
  type UncappableChoice,
} from './frequency-caps';

/** The cookie's name. */
export const FREQUENCY_COOKIE = 'adc_fc';
/** The longest history text kept (its name, signature and attributes aside). */
export const MAX_HISTORY_CHARS = 900;
/** The most entries a history text is read with. */
const MAX_ENTRIES = 64;
/** The cookie's longest life, seconds: the longest window a cap counts (a flight's last 35 days). */
export const MAX_HISTORY_AGE_S = PERIOD_HORIZON_MS.flight / 1000;

const MINUTE_MS = 60_000;

/** One key's ads: the longest window its caps need, and the minutes it was served at, oldest first. */
export interface HistoryEntry {
  period: FrequencyPeriod;
  minutes: number[];
}
/** A browser's history by key (historyKey). */
export type FrequencyHistory = Map<string, HistoryEntry>;

const PERIOD_CODE: Readonly<Record<FrequencyPeriod, string>> = {
  hour: 'h',
  day: 'd',
  week: 'w',
  flight: 'f',
};
const PERIOD_OF_CODE: Readonly<Record<string, FrequencyPeriod>> = {
  h: 'hour',
  d: 'day',
  w: 'week',
  f: 'flight',
};

/** FNV-1a, 32 bits: a short key for an id (no secret needed, the text is signed). */
function hash32(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** The history's key of a campaign's or a creative's ads: its kind and 7 characters of its id's hash. */
export const historyKey = (kind: 'campaign' | 'creative', id: string): string =>
  `${kind === 'campaign' ? 'c' : 'r'}${hash32(id).toString(36).padStart(7, '0')}`;

const ENTRY = /^([hdwf])([cr][0-9a-z]{7})((?:-[0-9a-z]{1,7})+)$/;

/** A history from its text; null when the text is not one (a browser sending it is treated as new). */
export function decodeHistory(text: string): FrequencyHistory | null {
  if (text === '') return new Map();
  if (text.length > MAX_HISTORY_CHARS) return null;
  const parts = text.split('_');
  if (parts.length > MAX_ENTRIES) return null;
  const history: FrequencyHistory = new Map();
  for (const part of parts) {
    const match = ENTRY.exec(part);
    if (match === null) return null;
    const [, code = '', key = '', times = ''] = match;
    if (history.has(key)) return null;
    const minutes = times
      .slice(1)
      .split('-')
      .map((time) => Number.parseInt(time, 36));
    if (minutes.some((minute, index) => index > 0 && minute < (minutes[index - 1] as number))) return null;
    history.set(key, { period: PERIOD_OF_CODE[code] as FrequencyPeriod, minutes });
  }
  return history;
}

/**
 * A history's text at `now` (ms): each entry's minutes within its period's horizon (PERIOD_HORIZON_MS),
 * entries left with none dropped, and while longer than MAX_HISTORY_CHARS the oldest minute of all.
 */
export function encodeHistory(history: FrequencyHistory, now: number): string {
  return encodedHistory(history, now).text;
}

/**
 * A history's text at `now` as `encodeHistory` writes it, and the Max-Age (seconds) of a cookie that
 * holds it: the longest period among the entries written (`historyMaxAge` of the text, without reading
 * the text back).
 */
export function encodedHistory(history: FrequencyHistory, now: number): { text: string; maxAge: number } {
  const kept: [string, HistoryEntry][] = [];
  for (const [key, entry] of history) {
    const since = (now - PERIOD_HORIZON_MS[entry.period]) / MINUTE_MS;
    const minutes = entry.minutes.filter((minute) => minute >= since);
    if (minutes.length > 0) kept.push([key, { period: entry.period, minutes }]);
  }
  const text = () =>
    kept
      .map(
        ([key, entry]) =>
          `${PERIOD_CODE[entry.period]}${key}${entry.minutes.map((minute) => `-${minute.toString(36)}`).join('')}`,
      )
      .join('_');
  let written = text();
  while (written.length > MAX_HISTORY_CHARS && kept.length > 0) {
    // The oldest minute of all goes first (the first of each entry is its oldest).
    let oldest = 0;
    kept.forEach(([, entry], index) => {
      if ((entry.minutes[0] as number) < ((kept[oldest] as [string, HistoryEntry])[1].minutes[0] as number))
        oldest = index;
    });
    const entry = (kept[oldest] as [string, HistoryEntry])[1];
    entry.minutes.shift();
    if (entry.minutes.length === 0) kept.splice(oldest, 1);
    written = text();
  }
  return { text: written, maxAge: maxAgeOf(kept.map(([, entry]) => entry)) };
}

/** How long (seconds) the cookie must live for the history's longest period (at most MAX_HISTORY_AGE_S). */
export const historyMaxAge = (history: FrequencyHistory): number => maxAgeOf(history.values());

function maxAgeOf(entries: Iterable<HistoryEntry>): number {
  let longest = 0;
  for (const entry of entries) longest = Math.max(longest, PERIOD_HORIZON_MS[entry.period]);
  return Math.min(MAX_HISTORY_AGE_S, Math.ceil(longest / 1000));
}

/** One level's caps as serving checks them (a campaign's or a creative's): its key and its caps. */
interface CapLevel {
  key: string;
  caps: readonly FrequencyCap[];
  period: FrequencyPeriod;
}

/**
 * The caps one tag's ad is served under, compiled when its live creative (or placement) is read: its
 * campaign's and its creative's, the campaign's zone and flight start, and the campaign's choice for a
 * request that cannot be capped.
 */
export interface TagCaps {
  levels: readonly CapLevel[];
  zone: string;
  flightStart: number | null;
  uncappable: UncappableChoice;
  /**
   * The campaign whose ads the frequency report counts (its caps' level and its longest period: the
   * report's window, docs/reports.md "Frequency"); null when only the creative has caps.
   */
  counted: { campaignId: string; key: string; period: FrequencyPeriod } | null;
}

/** A tag's caps; null when neither its campaign nor its creative has one (nothing to check or record). */
export function compileTagCaps(options: {
  campaignId: string;
  creativeId: string | null;
  campaignCaps: readonly FrequencyCap[] | null | undefined;
  creativeCaps: readonly FrequencyCap[] | null | undefined;
  zone: string;
  flightStart: number | null;
  uncappable: UncappableChoice | undefined;
}): TagCaps | null {
  const levels: CapLevel[] = [];
  const level = (key: string, caps: readonly FrequencyCap[] | null | undefined) => {
    if (caps && caps.length > 0) levels.push({ key, caps, period: longestPeriod(caps) });
  };
  const campaignKey = historyKey('campaign', options.campaignId);
  level(campaignKey, options.campaignCaps);
  const campaignLevel = levels[0];
  if (options.creativeId !== null) level(historyKey('creative', options.creativeId), options.creativeCaps);
  if (levels.length === 0) return null;
  return {
    levels,
    zone: options.zone,
    flightStart: options.flightStart,
    uncappable: options.uncappable ?? 'serve',
    counted:
      campaignLevel === undefined
        ? null
        : { campaignId: options.campaignId, key: campaignKey, period: campaignLevel.period },
  };
}

/** Whether the browser's history leaves room under every cap of the tag at `now` (ms). */
export function tagCapsHold(tag: TagCaps, history: FrequencyHistory, now: number): boolean {
  return tag.levels.every((level) =>
    capsHold(level.caps, history.get(level.key)?.minutes ?? [], now, tag.zone, tag.flightStart),
  );
}

/** Adds an ad served at `now` (ms) to the history, under each level of the tag that has caps. */
export function recordServed(tag: TagCaps, history: FrequencyHistory, now: number): void {
  const minute = Math.floor(now / MINUTE_MS);
  for (const level of tag.levels) {
    const entry = history.get(level.key);
    const minutes = [...(entry?.minutes ?? []), minute].sort((a, b) => a - b);
    history.set(level.key, { period: level.period, minutes });
  }
}

/**
 * Which of its campaign's ads in the campaign's frequency window (its longest cap period, in its zone)
 * an ad just served at `now` (ms) is to this browser, once recorded (recordServed): 1 for the first.
 * Null when the tag's campaign has no caps (docs/reports.md, "Frequency").
 */
export function servedRank(tag: TagCaps, history: FrequencyHistory, now: number): number | null {
  if (tag.counted === null) return null;
  const start = capWindowStart(tag.counted.period, now, tag.zone, tag.flightStart);
  let rank = 0;
  for (const minute of history.get(tag.counted.key)?.minutes ?? [])
    if (minute * MINUTE_MS >= start) rank += 1;
  // The ad's own minute may start before a window that began within it (a flight at 10:00:30).
  return Math.max(1, rank);
}
