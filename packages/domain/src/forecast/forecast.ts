// The inventory forecast (docs/reports.md, "The inventory forecast"): before a campaign is booked, how
// many of the account's ad requests a targeting (the delivery rules), a flight and a goal would find.
// Read from the account's own history of ad requests, hour by hour, with the facts the delivery rules
// read (DELIVERY_RULES: country, device type, OS, browser, language, site; the hour for the daypart):
//
// 1. Seasonality by hour of the week: over the history window (60 days by default) the requests of
//    each of the week's 168 local hours, divided by how often that hour occurred, is its mean.
// 2. Level: the last `levelDays` (14) days' requests over what those means expected of them scale every
//    hour (traffic that grew or shrank lately counts as it is now).
// 3. The targeting: each request of the history is judged by the rules as serving judges it (the same
//    compiled check, at the request's hour), so the share kept follows the combinations that really
//    occurred, not a product of shares; the first rule a request fails is where the funnel loses it.
// 4. Contention: the account's other campaigns of the flight's days with an impressions goal want
//    their daily need (even: what is left over their days left; as fast as possible: all they can get
//    until their goal is met), drawn evenly from the requests their own rules keep; the part of it on
//    the requests this targeting keeps is taken first when both fit, shared by need when they do not.
// 5. Impressions: the requests kept times the account's serve rate (ads served per request its rules
//    let through: consent, caps and creatives lose the rest).
// 6. The verdict: every day's availability meets the goal's even daily need (fits); or the delivery
//    mode delivers the goal anyway, ahead on the fuller days (fits with its delivery mode); or it falls
//    short by the rest of the goal spread over the flight's days.
import { compileDeliveryRules, type DeliveryCheck } from '../delivery/compile';
import { type DeliveryMode, THROTTLE_CATCH_UP } from '../delivery/even-delivery';
import {
  DELIVERY_RULES,
  type DeliveryFacts,
  type DeliveryRuleName,
  type DeliveryRules,
} from '../delivery/rule-list';
import { hourOfWeek } from '../rules/hour-of-week';
import { offsetAt, offsetToMinutes } from '../timezones/offsets';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** The days of history the seasonality reads, and the latest ones the level reads. */
export const FORECAST_HISTORY_DAYS = 60;
export const FORECAST_LEVEL_DAYS = 14;

/** One hour of the account's ad requests with one combination of facts. */
export interface RequestHistoryRow {
  /** The UTC hour's start (ms). */
  at: number;
  facts: DeliveryFacts;
  /** Ad requests; those served an ad; those their own campaign's rules refused. */
  requests: number;
  served: number;
  refused: number;
}

/** A flight: its first and last local days ('YYYY-MM-DD', both included) and its zone. */
export interface ForecastFlight {
  start: string;
  end: string;
  timezone: string;
}

/** Another campaign of the account, as contention reads it. */
export interface ForecastContender {
  id: string;
  name: string;
  rules: DeliveryRules;
  flight: ForecastFlight;
  /** Its impressions goal; null when it has none (it wants nothing the forecast can count). */
  goal: number | null;
  deliveryMode: DeliveryMode;
  /** Impressions it delivered so far. */
  delivered: number;
}

export interface ForecastInput {
  rules: DeliveryRules;
  flight: ForecastFlight;
  /** Impressions to deliver over the flight. */
  goal: number;
  deliveryMode: DeliveryMode;
  history: readonly RequestHistoryRow[];
  contenders: readonly ForecastContender[];
  /** Now (ms): the history is the `historyDays` before it, the forecast from its local day on. */
  now: number;
  historyDays?: number;
  levelDays?: number;
}

export interface ForecastDay {
  date: string;
  /** All of the account's requests forecast that day, those the targeting keeps, and the part of those
   * the other campaigns take. */
  requests: number;
  kept: number;
  contention: number;
  /** Kept requests left to this campaign, and the impressions they make. */
  available: number;
  impressions: number;
  /** The goal's even daily need (impressions). */
  needed: number;
}

export interface ForecastStep {
  rule: DeliveryRuleName;
  /** Requests a day over the flight still kept once this rule (and those before it) judged them. */
  requestsPerDay: number;
  /** Of the requests before this rule, the share it keeps (0-1). */
  share: number;
}

export interface ForecastContention {
  id: string;
  name: string;
  goal: number | null;
  deliveryMode: DeliveryMode;
  delivered: number;
  /** Of the requests this targeting keeps over the flight, the share its rules keep too (0-1). */
  overlap: number;
  /** Requests a day over the flight it takes of this targeting's. */
  takenPerDay: number;
}

export type ForecastVerdictKind = 'fits' | 'fitsWithMode' | 'short' | 'noHistory';

export interface InventoryForecast {
  /** The history read: [from, to) as ms, and its requests. */
  historyFrom: number;
  historyTo: number;
  historyRequests: number;
  /** Ads served per request let through by its rules, over the history (0-1). */
  serveRate: number;
  /** Recent traffic over what the seasonality expected of it. */
  level: number;
  /** The flight's days from today (earlier days are not forecast). */
  days: ForecastDay[];
  /** Requests a day over the flight before any rule. */
  requestsPerDay: number;
  funnel: ForecastStep[];
  contention: ForecastContention[];
  verdict: { kind: ForecastVerdictKind; deliverable: number; shortPerDay: number };
}

/** The later of two days 'YYYY-MM-DD' (they compare as texts). */
const laterDay = (a: string, b: string) => (a.localeCompare(b) > 0 ? a : b);

/** A 168-slot profile of requests by local hour of the week. */
const profile = () => new Float64Array(168);

/** The local day ('YYYY-MM-DD') of an instant in a zone. */
export function localDay(timezone: string, at: number): string {
  const offset = offsetToMinutes(offsetAt(timezone, new Date(at))) * 60_000;
  return new Date(at + offset).toISOString().slice(0, 10);
}

/** The UTC hours of local days [first, last], each with its local day and hour of the week. */
function hoursOfDays(timezone: string, first: string, last: string) {
  const hours: { at: number; day: string; hour: number }[] = [];
  const from = Date.parse(`${first}T00:00:00Z`) - 14 * HOUR_MS;
  const to = Date.parse(`${last}T00:00:00Z`) + DAY_MS + 14 * HOUR_MS;
  for (let at = from; at < to; at += HOUR_MS) {
    const day = localDay(timezone, at);
    if (day >= first && day <= last) hours.push({ at, day, hour: hourOfWeek(timezone, at) });
  }
  return hours;
}

/** The days 'YYYY-MM-DD' from `first` to `last`, both included. */
export function daysBetween(first: string, last: string): string[] {
  const days: string[] = [];
  for (let at = Date.parse(`${first}T00:00:00Z`); at <= Date.parse(`${last}T00:00:00Z`); at += DAY_MS)
    days.push(new Date(at).toISOString().slice(0, 10));
  return days;
}

/** A check of rules in a zone; null when they refuse nothing. */
const checkOf = (rules: DeliveryRules, timezone: string): DeliveryCheck | null =>
  compileDeliveryRules(rules, timezone);
const passes = (check: DeliveryCheck | null, row: RequestHistoryRow) =>
  check === null || check(row.facts, row.at) === null;

/** The rules of a set in serving's order (those the forecast can read: caps are no request's fact). */
function rulesOf(rules: DeliveryRules): DeliveryRuleName[] {
  return DELIVERY_RULES.flatMap((spec) => {
    const rule = (rules as Record<string, unknown>)[spec.key];
    const present =
      spec.kind.type === 'sites' ? Boolean(rule) || rules.unknownSite === 'skip' : Boolean(rule);
    return present ? [spec.key] : [];
  });
}

/** The inventory forecast of a targeting, a flight and a goal over the account's request history. */
export function forecastInventory(input: ForecastInput): InventoryForecast {
  const zone = input.flight.timezone;
  const historyDays = input.historyDays ?? FORECAST_HISTORY_DAYS;
  const levelDays = Math.min(input.levelDays ?? FORECAST_LEVEL_DAYS, historyDays);
  const historyTo = Math.floor(input.now / HOUR_MS) * HOUR_MS;
  const historyFrom = historyTo - historyDays * DAY_MS;
  const levelFrom = historyTo - levelDays * DAY_MS;
  // How often each hour of the week occurred in the window (the seasonality's divisor).
  const occurrences = profile();
  const levelHours: number[] = [];
  for (let at = historyFrom; at < historyTo; at += HOUR_MS) {
    const hour = hourOfWeek(zone, at);
    occurrences[hour] = (occurrences[hour] as number) + 1;
    if (at >= levelFrom) levelHours.push(hour);
  }
  const steps = rulesOf(input.rules);
  const check = checkOf(input.rules, zone);
  const stepOf = new Map(DELIVERY_RULES.map((spec) => [spec.reason as string, steps.indexOf(spec.key)]));
  const others = input.contenders.filter((other) => other.goal !== null);
  const otherChecks = others.map((other) => checkOf(other.rules, other.flight.timezone));
  const all = profile();
  /** Requests still kept after each step (the last is the targeting's). */
  const stepProfiles = steps.map(() => profile());
  const ownOf = others.map(() => profile());
  const bothOf = others.map(() => profile());
  let historyRequests = 0;
  let recent = 0;
  let served = 0;
  let letThrough = 0;
  const rows = [...input.history]
    .filter((row) => row.at >= historyFrom && row.at < historyTo)
    .sort((a, b) => a.at - b.at);
  for (const row of rows) {
    const hour = hourOfWeek(zone, row.at);
    all[hour] = (all[hour] as number) + row.requests;
    historyRequests += row.requests;
    served += row.served;
    letThrough += row.requests - row.refused;
    if (row.at >= levelFrom) recent += row.requests;
    const reason = check === null ? null : check(row.facts, row.at);
    const failed = reason === null ? steps.length : (stepOf.get(reason) ?? steps.length);
    for (let step = 0; step < failed; step++) {
      const kept = stepProfiles[step] as Float64Array;
      kept[hour] = (kept[hour] as number) + row.requests;
    }
    otherChecks.forEach((otherCheck, index) => {
      if (!passes(otherCheck, row)) return;
      const own = ownOf[index] as Float64Array;
      own[hour] = (own[hour] as number) + row.requests;
      if (reason === null) {
        const both = bothOf[index] as Float64Array;
        both[hour] = (both[hour] as number) + row.requests;
      }
    });
  }
  const mean = (values: Float64Array, hour: number) => {
    const times = occurrences[hour] as number;
    return times > 0 ? (values[hour] as number) / times : 0;
  };
  const expected = levelHours.reduce((sum, hour) => sum + mean(all, hour), 0);
  const level = expected > 0 ? recent / expected : 0;
  const serveRate = letThrough > 0 ? Math.min(1, served / letThrough) : 1;
  const kept = steps.length > 0 ? (stepProfiles[steps.length - 1] as Float64Array) : all;

  // The days forecast: from today (local) to the last day any of the flights needs.
  const today = localDay(zone, input.now);
  const flightFirst = laterDay(input.flight.start, today);
  const lastDay = others.reduce((last, other) => laterDay(other.flight.end, last), input.flight.end);
  const byDay = new Map<
    string,
    { requests: number; kept: number; steps: number[]; own: number[]; both: number[] }
  >();
  for (const { day, hour } of hoursOfDays(zone, today, lastDay)) {
    let entry = byDay.get(day);
    if (entry === undefined) {
      entry = {
        requests: 0,
        kept: 0,
        steps: steps.map(() => 0),
        own: others.map(() => 0),
        both: others.map(() => 0),
      };
      byDay.set(day, entry);
    }
    entry.requests += mean(all, hour) * level;
    entry.kept += mean(kept, hour) * level;
    stepProfiles.forEach((values, step) => {
      (entry.steps as number[])[step] =
        ((entry.steps as number[])[step] as number) + mean(values, hour) * level;
    });
    others.forEach((_, index) => {
      entry.own[index] = (entry.own[index] as number) + mean(ownOf[index] as Float64Array, hour) * level;
      entry.both[index] = (entry.both[index] as number) + mean(bothOf[index] as Float64Array, hour) * level;
    });
  }
  const horizon = daysBetween(today, lastDay);
  const flightDays = daysBetween(flightFirst, input.flight.end);
  // Each other campaign's requests wanted per day (its need in impressions over the serve rate).
  const wanted = others.map((other, index) => {
    const first = laterDay(other.flight.start, today);
    const days = horizon.filter((day) => day >= first && day <= other.flight.end);
    let left = Math.max(0, (other.goal as number) - other.delivered) / serveRate;
    const perDay = new Map<string, number>();
    for (const day of days) {
      const own = byDay.get(day)?.own[index] ?? 0;
      const need = other.deliveryMode === 'even' ? left / (days.length - days.indexOf(day)) : left;
      const take = Math.min(own, need);
      left -= take;
      perDay.set(day, take);
    }
    return perDay;
  });
  const neededPerDay = flightDays.length > 0 ? input.goal / flightDays.length : 0;
  const days: ForecastDay[] = [];
  const takenOf = others.map(() => 0);
  const overlapOf = others.map(() => 0);
  let keptInFlight = 0;
  for (const date of flightDays) {
    const entry = byDay.get(date);
    const keptDay = entry?.kept ?? 0;
    const takes = others.map((_, index) => {
      const own = entry?.own[index] ?? 0;
      const both = entry?.both[index] ?? 0;
      overlapOf[index] = (overlapOf[index] as number) + both;
      return own > 0 ? ((wanted[index]?.get(date) ?? 0) * both) / own : 0;
    });
    keptInFlight += keptDay;
    const demand = takes.reduce((sum, take) => sum + take, 0);
    const need = neededPerDay / serveRate;
    // Both fit: the others take theirs first; they do not: the requests are shared by need, this
    // booking's need counted as the others' are, at most the day's requests (a need beyond what exists
    // cannot claim a larger share of it: two bookings that each want more than the day has split it).
    const claim = Math.min(need, keptDay);
    const available =
      demand + need <= keptDay
        ? keptDay - demand
        : claim + demand > 0
          ? (keptDay * claim) / (claim + demand)
          : keptDay;
    const contention = keptDay - available;
    takes.forEach((take, index) => {
      takenOf[index] = (takenOf[index] as number) + (demand > 0 ? (contention * take) / demand : 0);
    });
    days.push({
      date,
      requests: entry?.requests ?? 0,
      kept: keptDay,
      contention,
      available,
      impressions: available * serveRate,
      needed: neededPerDay,
    });
  }
  const count = Math.max(1, flightDays.length);
  const perDay = (total: number) => total / count;
  const requestsTotal = days.reduce((sum, day) => sum + day.requests, 0);
  let before = requestsTotal;
  const funnel: ForecastStep[] = steps.map((rule, step) => {
    const after = flightDays.reduce((sum, day) => sum + (byDay.get(day)?.steps[step] ?? 0), 0);
    const share = before > 0 ? after / before : 0;
    before = after;
    return { rule, requestsPerDay: perDay(after), share };
  });
  const contention: ForecastContention[] = input.contenders.map((other) => {
    const index = others.indexOf(other);
    return {
      id: other.id,
      name: other.name,
      goal: other.goal,
      deliveryMode: other.deliveryMode,
      delivered: other.delivered,
      overlap: index < 0 || keptInFlight === 0 ? 0 : (overlapOf[index] as number) / keptInFlight,
      takenPerDay: index < 0 ? 0 : perDay(takenOf[index] as number),
    };
  });
  return {
    historyFrom,
    historyTo,
    historyRequests,
    serveRate,
    level,
    days,
    requestsPerDay: perDay(requestsTotal),
    funnel,
    contention,
    verdict: verdictOf(days, input.goal, input.deliveryMode, historyRequests),
  };
}

/**
 * Whether the goal fits: every day's impressions meet its even need; or the delivery mode delivers it
 * (as fast as possible: everything each day until the goal; evenly: what is left over the days left,
 * catching up to THROTTLE_CATCH_UP times the plan's pace); or by how much a day it falls short.
 */
export function verdictOf(
  days: readonly Pick<ForecastDay, 'impressions' | 'needed'>[],
  goal: number,
  mode: DeliveryMode,
  historyRequests: number,
): InventoryForecast['verdict'] {
  if (historyRequests === 0) return { kind: 'noHistory', deliverable: 0, shortPerDay: 0 };
  if (days.length === 0) return { kind: 'short', deliverable: 0, shortPerDay: Math.ceil(goal) };
  const pace = goal / days.length;
  if (days.every((day) => day.impressions >= day.needed - 1e-9))
    return { kind: 'fits', deliverable: goal, shortPerDay: 0 };
  let delivered = 0;
  days.forEach((day, index) => {
    const left = goal - delivered;
    const wants = mode === 'even' ? Math.min(left / (days.length - index), THROTTLE_CATCH_UP * pace) : left;
    delivered += Math.max(0, Math.min(day.impressions, wants));
  });
  if (delivered >= goal - 0.5) return { kind: 'fitsWithMode', deliverable: goal, shortPerDay: 0 };
  return {
    kind: 'short',
    deliverable: Math.floor(delivered),
    shortPerDay: Math.ceil((goal - delivered) / days.length),
  };
}
