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
//    their need (evenly: what is left of their goal over their days left, each day; as fast as
//    possible: all they can get until their goal is met, after what their days before this flight
//    took), drawn from the requests their own rules keep; the part of it on the requests this
//    targeting keeps is taken first when both fit, shared by need when they do not. Contenders that
//    keep the same requests share them once: together they take at most what any of them keeps.
// 5. Impressions: the requests kept times the account's serve rate (ads served per request its rules
//    let through: consent, caps and creatives lose the rest).
// 6. The verdict: every day's availability meets the need a day (the rest of the goal over the days
//    left: for a running campaign, what it delivered is counted, as its page's pacing counts it); or the
//    delivery mode delivers it anyway, ahead on the fuller days (fits with its delivery mode); or it
//    falls short by the rest spread over the flight's days.
//
// Bounded work: only the flight's own hours are walked (at most MAX_FORECAST_DAYS days from today), a
// contender's days outside them are counted by weekday (forecast-days.ts), at most
// MAX_FORECAST_CONTENDERS contenders are read, and a rule whose fact the history lacks is not judged
// (the funnel says "not read"). Every answer keeps contention and availability within the requests kept.

import { hourOfWeek } from '../calendar/hour-of-week';
import { flightInstants } from '../campaigns/flight';
import { compileDeliveryRules, type DeliveryCheck } from '../delivery/compile';
import { type DeliveryMode, THROTTLE_CATCH_UP } from '../delivery/even-delivery';
import {
  DELIVERY_RULE,
  DELIVERY_RULES,
  type DeliveryFacts,
  type DeliveryRuleName,
  type DeliveryRules,
} from '../delivery/rule-list';
import {
  addDays,
  DAY_MS,
  daysBetween,
  earlierDay,
  HOUR_MS,
  hoursOfDays,
  laterDay,
  localDay,
  weekdaysBetween,
} from './forecast-days';

export { daysBetween, localDay } from './forecast-days';

/** The days of history the seasonality reads, and the latest ones the level reads. */
export const FORECAST_HISTORY_DAYS = 60;
export const FORECAST_LEVEL_DAYS = 14;
/** The other campaigns a forecast reads at most (those whose flights meet its own, soonest first). */
export const MAX_FORECAST_CONTENDERS = 200;

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
  /**
   * What the campaign itself delivered so far (a running campaign being edited): its need a day is the
   * rest of the goal over its days left, as its page's pacing says.
   */
  delivered?: number;
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
  /**
   * Whether the history carries the rule's fact: a rule whose fact no request of the history has (say
   * the language, before the tags carried it) is not judged (it keeps every request) and says so.
   */
  read: boolean;
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

/** A 168-slot profile of requests by local hour of the week. */
const profile = () => new Float64Array(168);
const add = (values: Float64Array, hour: number, count: number) => {
  values[hour] = (values[hour] as number) + count;
};

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

/**
 * The rules of `steps` whose fact no request of the history carries (the language before tags carried
 * it): the history cannot say what they keep, so the forecast does not judge by them and says so.
 */
function unreadRules(steps: readonly DeliveryRuleName[], rows: readonly RequestHistoryRow[]) {
  const unread = new Set<DeliveryRuleName>();
  for (const rule of steps) {
    const fact = DELIVERY_RULE[rule].fact;
    if (fact === 'time') continue;
    if (!rows.some((row) => row.facts[fact] !== '')) unread.add(rule);
  }
  return unread;
}

/** The days left of a flight at `now`, as pacing counts them: from now (or its start) to its end. */
export function flightDaysLeft(flight: ForecastFlight, now: number): number {
  const { from, until } = flightInstants({
    start: { date: flight.start },
    end: { date: flight.end },
    timezone: flight.timezone,
  });
  if (until === undefined) return 0;
  return Math.max(0, until.getTime() - Math.max(now, from?.getTime() ?? now)) / DAY_MS;
}

/** A campaign's need a day: what is left of its goal over its days left (pacing's "needed a day"). */
export function dailyNeed(goal: number, delivered: number, flight: ForecastFlight, now: number): number {
  const daysLeft = flightDaysLeft(flight, now);
  return daysLeft > 0 ? Math.max(0, goal - delivered) / daysLeft : 0;
}

/** Requests that make `impressions` at the serve rate (every request when nothing was ever served). */
const requestsFor = (impressions: number, serveRate: number) =>
  impressions <= 0 ? 0 : serveRate > 0 ? impressions / serveRate : Number.POSITIVE_INFINITY;

/** One contender's requests and the days of the flight it competes on. */
interface ContenderDays {
  /** Per flight day: the requests its rules keep, and those of them this targeting keeps too. */
  own: number[];
  both: number[];
  /** The requests its rules keep on each weekday (Monday 0), for its days before this flight. */
  week: number[];
}

/**
 * What a contender takes of its own requests on each day of this flight: evenly, its need a day (what is
 * left over its days left); as fast as possible, everything until its goal is met, after what it takes on
 * its days before this flight (counted by weekday, not walked).
 */
function contenderTakes(
  other: ForecastContender,
  days: readonly string[],
  own: ContenderDays,
  serveRate: number,
  now: number,
): number[] {
  const goal = other.goal ?? 0;
  const today = localDay(other.flight.timezone, now);
  const first = laterDay(other.flight.start, today);
  const inFlight = (day: string) => day >= first && day <= other.flight.end;
  if (other.deliveryMode === 'even') {
    const perDay = requestsFor(dailyNeed(goal, other.delivered, other.flight, now), serveRate);
    return days.map((day, index) => (inFlight(day) ? Math.min(own.own[index] ?? 0, perDay) : 0));
  }
  let left = requestsFor(goal - other.delivered, serveRate);
  const flightFirst = days[0];
  if (flightFirst !== undefined && first < flightFirst) {
    const dayBefore = addDays(flightFirst, -1);
    const before = weekdaysBetween(first, earlierDay(dayBefore, other.flight.end));
    left -= before.reduce((sum, count, weekday) => sum + count * (own.week[weekday] ?? 0), 0);
  }
  return days.map((day, index) => {
    if (!inFlight(day) || !(left > 0)) return 0;
    const take = Math.min(own.own[index] ?? 0, left);
    left -= take;
    return take;
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
    add(occurrences, hour, 1);
    if (at >= levelFrom) levelHours.push(hour);
  }
  const rows = input.history.filter((row) => row.at >= historyFrom && row.at < historyTo);
  const steps = rulesOf(input.rules);
  const unread = unreadRules(steps, rows);
  const judged: DeliveryRules = { ...input.rules };
  for (const rule of unread) (judged as Record<string, unknown>)[rule] = null;
  const check = checkOf(judged, zone);
  const stepOf = new Map(DELIVERY_RULES.map((spec) => [spec.reason as string, steps.indexOf(spec.key)]));
  const others = input.contenders.filter((other) => other.goal !== null).slice(0, MAX_FORECAST_CONTENDERS);
  const otherChecks = others.map((other) => checkOf(other.rules, other.flight.timezone));
  const all = profile();
  /** Requests still kept after each step (the last is the targeting's). */
  const stepProfiles = steps.map(() => profile());
  const ownOf = others.map(() => profile());
  const bothOf = others.map(() => profile());
  /** Requests this targeting keeps that any contender keeps too: what they can take at most, together. */
  const anyOf = profile();
  let historyRequests = 0;
  let recent = 0;
  let served = 0;
  let letThrough = 0;
  for (const row of rows) {
    const hour = hourOfWeek(zone, row.at);
    add(all, hour, row.requests);
    historyRequests += row.requests;
    served += row.served;
    letThrough += row.requests - row.refused;
    if (row.at >= levelFrom) recent += row.requests;
    const reason = check === null ? null : check(row.facts, row.at);
    const failed = reason === null ? steps.length : (stepOf.get(reason) ?? steps.length);
    for (let step = 0; step < failed; step++) add(stepProfiles[step] as Float64Array, hour, row.requests);
    let anyKeeps = false;
    otherChecks.forEach((otherCheck, index) => {
      if (!passes(otherCheck, row)) return;
      add(ownOf[index] as Float64Array, hour, row.requests);
      if (reason === null) {
        add(bothOf[index] as Float64Array, hour, row.requests);
        anyKeeps = true;
      }
    });
    if (anyKeeps) add(anyOf, hour, row.requests);
  }
  const mean = (values: Float64Array, hour: number) => {
    const times = occurrences[hour] as number;
    return times > 0 ? (values[hour] as number) / times : 0;
  };
  const expected = levelHours.reduce((sum, hour) => sum + mean(all, hour), 0);
  const level = expected > 0 ? recent / expected : 0;
  const serveRate = letThrough > 0 ? Math.min(1, Math.max(0, served / letThrough)) : 1;
  const kept = steps.length > 0 ? (stepProfiles[steps.length - 1] as Float64Array) : all;

  // The days forecast: the flight's, from today (local) on; nothing outside them is walked.
  const today = localDay(zone, input.now);
  const flightFirst = laterDay(input.flight.start, today);
  const flightDays = daysBetween(flightFirst, input.flight.end);
  const dayIndex = new Map(flightDays.map((day, index) => [day, index]));
  const zeros = () => flightDays.map(() => 0);
  const perDay = {
    requests: zeros(),
    kept: zeros(),
    any: zeros(),
    steps: steps.map(() => zeros()),
    others: others.map(
      (): ContenderDays => ({ own: zeros(), both: zeros(), week: Array.from({ length: 7 }, () => 0) }),
    ),
  };
  const last = flightDays[flightDays.length - 1];
  for (const { day, hour } of last === undefined ? [] : hoursOfDays(zone, flightFirst, last)) {
    const index = dayIndex.get(day) as number;
    const at = (values: number[], profileOf: Float64Array) => {
      values[index] = (values[index] as number) + mean(profileOf, hour) * level;
    };
    at(perDay.requests, all);
    at(perDay.kept, kept);
    at(perDay.any, anyOf);
    stepProfiles.forEach((values, step) => {
      at(perDay.steps[step] as number[], values);
    });
    others.forEach((_, other) => {
      const days = perDay.others[other] as ContenderDays;
      at(days.own, ownOf[other] as Float64Array);
      at(days.both, bothOf[other] as Float64Array);
    });
  }
  others.forEach((_, other) => {
    const week = (perDay.others[other] as ContenderDays).week;
    const own = ownOf[other] as Float64Array;
    for (let hour = 0; hour < 168; hour += 1) {
      const weekday = Math.floor(hour / 24);
      week[weekday] = (week[weekday] as number) + mean(own, hour) * level;
    }
  });
  const takesOf = others.map((other, index) =>
    contenderTakes(other, flightDays, perDay.others[index] as ContenderDays, serveRate, input.now),
  );
  const delivered = Math.max(0, input.delivered ?? 0);
  const neededPerDay = dailyNeed(input.goal, delivered, input.flight, input.now);
  const need = requestsFor(neededPerDay, serveRate);
  const days: ForecastDay[] = [];
  const takenOf = others.map(() => 0);
  const overlapOf = others.map(() => 0);
  let keptInFlight = 0;
  flightDays.forEach((date, day) => {
    const keptDay = perDay.kept[day] as number;
    const takes = others.map((_, index) => {
      const { own, both } = perDay.others[index] as ContenderDays;
      const ownDay = own[day] as number;
      overlapOf[index] = (overlapOf[index] as number) + (both[day] as number);
      return ownDay > 0 ? ((takesOf[index]?.[day] ?? 0) * (both[day] as number)) / ownDay : 0;
    });
    keptInFlight += keptDay;
    const wanted = takes.reduce((sum, take) => sum + take, 0);
    // Contenders that keep the same requests share them once: together they take at most those.
    const demand = Math.min(wanted, perDay.any[day] as number);
    // Both fit: the others take theirs first; they do not: the requests are shared by need, this
    // booking's need counted as the others' are, at most the day's requests (a need beyond what exists
    // cannot claim a larger share of it: two bookings that each want more than the day has split it).
    const claim = Math.min(need, keptDay);
    const shared = claim + demand > 0 ? (keptDay * demand) / (claim + demand) : 0;
    const contention = Math.min(keptDay, Math.max(0, demand + claim <= keptDay ? demand : shared));
    const available = keptDay - contention;
    takes.forEach((take, index) => {
      takenOf[index] = (takenOf[index] as number) + (wanted > 0 ? (contention * take) / wanted : 0);
    });
    days.push({
      date,
      requests: perDay.requests[day] as number,
      kept: keptDay,
      contention,
      available,
      impressions: available * serveRate,
      needed: neededPerDay,
    });
  });
  const count = Math.max(1, flightDays.length);
  const dayMean = (total: number) => total / count;
  const requestsTotal = days.reduce((sum, day) => sum + day.requests, 0);
  let before = requestsTotal;
  const funnel: ForecastStep[] = steps.map((rule, step) => {
    const after = (perDay.steps[step] as number[]).reduce((sum, value) => sum + value, 0);
    const share = before > 0 ? Math.min(1, after / before) : 0;
    before = after;
    return { rule, requestsPerDay: dayMean(after), share, read: !unread.has(rule) };
  });
  const contention: ForecastContention[] = input.contenders.map((other) => {
    const index = others.indexOf(other);
    return {
      id: other.id,
      name: other.name,
      goal: other.goal,
      deliveryMode: other.deliveryMode,
      delivered: other.delivered,
      overlap: index < 0 || keptInFlight === 0 ? 0 : Math.min(1, (overlapOf[index] as number) / keptInFlight),
      takenPerDay: index < 0 ? 0 : dayMean(takenOf[index] as number),
    };
  });
  return {
    historyFrom,
    historyTo,
    historyRequests,
    serveRate,
    level,
    days,
    requestsPerDay: dayMean(requestsTotal),
    funnel,
    contention,
    verdict: verdictOf(days, Math.max(0, input.goal - delivered), input.deliveryMode, historyRequests),
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
