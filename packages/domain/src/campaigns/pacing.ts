// Pacing (docs/reports.md, "Pacing"): a campaign's delivery to date against the even-delivery line of
// its goal over its flight, in the campaign's timezone, with a projection to the flight's end and a
// status. Time is measured in local wall-clock time, so every local day of the flight carries the same
// share of the goal whether it lasts 23, 24 or 25 hours (a daylight-saving change).
import type { DELIVERY_MODES } from '../constants';
import { offsetAt, offsetToMinutes } from '../timezones/offsets';
import { type CampaignFlight, flightInstants, flightZone } from './flight';
import type { CampaignGoal, GoalMetric } from './pricing';

export const PACING_STATUSES = [
  'not-started',
  'on-track',
  'ahead',
  'behind',
  'at-risk',
  'delivered',
  'missed',
] as const;
export type PacingStatus = (typeof PACING_STATUSES)[number];

export const PACING_STATUS_LABELS: Record<PacingStatus, string> = {
  'not-started': 'Not started',
  'on-track': 'On track',
  ahead: 'Ahead',
  behind: 'Behind',
  'at-risk': 'At risk',
  delivered: 'Delivered',
  missed: 'Missed',
};

/** Delivery within this share of the plan (either side) is on track; beyond it, ahead or behind. */
export const PACING_TOLERANCE = 0.1;
/** The projection's daily rate is the average of up to this many complete local days before today. */
export const PACING_RECENT_DAYS = 7;

/** A local day's count of the goal's metric ('YYYY-MM-DD' in the campaign's zone). */
export interface PacingDelivery {
  date: string;
  count: number;
  /**
   * The day's counted impressions, whatever the goal's metric (a click goal has impressions before its
   * first click): what says the campaign has started. Absent, `count` stands for them.
   */
  impressions?: number;
}

export interface PacingDay {
  date: string;
  /** Delivered from the flight's start to the end of this day (today: so far); null for days to come. */
  delivered: number | null;
  /** The even-delivery line at the end of this day (at the flight's end on its last day). */
  plan: number;
  /** Today's delivery carried to the end of this day at the recent daily rate; null before today. */
  projected: number | null;
}

export interface Pacing {
  metric: GoalMetric;
  goal: number;
  status: PacingStatus;
  /** Delivered from the flight's start until now. */
  delivered: number;
  /** Where the even-delivery line stands now. */
  plan: number;
  /** delivered / plan - 1 (-0.2 is 20 % behind); null before the plan has anything. */
  deviation: number | null;
  /** What the flight delivers by its end if the recent daily rate holds. */
  projected: number;
  /** The recent daily rate (see PACING_RECENT_DAYS). */
  dailyRate: number;
  /** The daily rate the rest of the flight needs to reach the goal (0 once delivered or ended). */
  neededDailyRate: number;
  /** Local days of the flight elapsed (fractional) and in all. */
  elapsedDays: number;
  flightDays: number;
  /** The local days of the flight, first to last. */
  days: PacingDay[];
  /** How the goal is delivered (delivery/even-delivery.ts); the API sets it, absent: as fast as possible. */
  deliveryMode?: (typeof DELIVERY_MODES)[number];
  /** Evenly: the share of the requests the throttle serves now; null before it has one. */
  throttleRate?: number | null;
}

const DAY_MS = 86_400_000;
const dayOfWall = (wall: number) => new Date(wall).toISOString().slice(0, 10);
const wallOfDay = (day: string) => Date.parse(`${day}T00:00:00Z`);
/**
 * When the flight's first whole local day ends (its wall time): the day of the start when the flight
 * starts at midnight, else the next one; the flight's end when it ends sooner. Until then a campaign
 * with no impression is not started (docs/reports.md, "Pacing"): no tag is live yet.
 */
const firstWholeDayEnd = (start: number, end: number) =>
  Math.min(Math.ceil(start / DAY_MS) * DAY_MS + DAY_MS, end);

/** The even-delivery line of a goal over a flight, in local wall-clock time of the campaign's zone. */
export interface EvenPlanLine {
  from: Date;
  until: Date;
  /** An instant as local wall-clock time (ms, as if the zone's local time were UTC). */
  wall: (instant: Date) => number;
  /** The flight's start and end as wall-clock times. */
  start: number;
  end: number;
  /** plan(t) = goal × (local time elapsed since the start) / (the flight's local length), at wall time `at`. */
  planAt: (at: number) => number;
}

/** The goal's even-delivery line over the flight; null when the flight has no start or no end. */
export function evenPlanLine(goal: CampaignGoal, flight: CampaignFlight): EvenPlanLine | null {
  const { from, until } = flightInstants(flight);
  if (!from || !until || until <= from) return null;
  const zone = flightZone(flight);
  const wall = (instant: Date) => {
    try {
      return instant.getTime() + offsetToMinutes(offsetAt(zone, instant)) * 60_000;
    } catch {
      return instant.getTime();
    }
  };
  const start = wall(from);
  const end = wall(until);
  const planAt = (at: number) => (goal.amount * (Math.min(Math.max(at, start), end) - start)) / (end - start);
  return { from, until, wall, start, end, planAt };
}

/**
 * Pacing of a goal over a flight at `now`, from the goal metric's counted figures by local day. Null
 * when the flight has no start or no end (there is no even-delivery line without both).
 *
 * - plan(t) = goal × (local time elapsed since the start) / (the flight's local length);
 * - the daily rate is the average of the last complete local days before today (up to 7; each day's
 *   share of the flight when the flight starts or ends within it), or, before one day is complete,
 *   delivery so far over the local time elapsed;
 * - projected = delivered + daily rate × local days left;
 * - status, the first that holds: not started (before the start, or until the first impression while
 *   the flight's first whole local day has not ended), delivered (the goal is reached), missed (the
 *   flight is over), at risk (projected to miss the goal by more than 10 %), behind (more
 *   than 10 % under the plan), ahead (more than 10 % over it), on track.
 */
export function campaignPacing(input: {
  goal: CampaignGoal;
  flight: CampaignFlight;
  delivered: readonly PacingDelivery[];
  now: Date;
}): Pacing | null {
  const { goal, flight, now } = input;
  const line = evenPlanLine(goal, flight);
  if (!line) return null;
  const { from, until, wall, start, end, planAt } = line;
  const length = end - start;
  const current = Math.min(Math.max(wall(now), start), end);
  // The fraction of a local day (starting at `dayStart`) inside the flight.
  const inFlight = (dayStart: number) =>
    Math.max(0, Math.min(dayStart + DAY_MS, end) - Math.max(dayStart, start)) / DAY_MS;

  const firstDay = dayOfWall(start);
  const lastDay = dayOfWall(end - 1);
  const today = dayOfWall(wall(now));
  const counts = new Map<string, number>();
  let impressions = 0;
  for (const row of input.delivered) {
    if (row.date >= firstDay && row.date <= lastDay && row.date <= today) {
      counts.set(row.date, (counts.get(row.date) ?? 0) + row.count);
      impressions += row.impressions ?? row.count;
    }
  }
  const delivered = [...counts.values()].reduce((sum, count) => sum + count, 0);

  // The recent rate: complete local days of the flight before today, newest first.
  let recentCount = 0;
  let recentDays = 0;
  for (
    let day = wallOfDay(today) - DAY_MS, taken = 0;
    day >= wallOfDay(firstDay) && taken < PACING_RECENT_DAYS;
    day -= DAY_MS, taken += 1
  ) {
    recentCount += counts.get(dayOfWall(day)) ?? 0;
    recentDays += inFlight(day);
  }
  const elapsedDays = (current - start) / DAY_MS;
  const dailyRate = recentDays > 0 ? recentCount / recentDays : elapsedDays > 0 ? delivered / elapsedDays : 0;
  const daysLeft = (end - current) / DAY_MS;
  const projected = delivered + dailyRate * daysLeft;
  const plan = planAt(current);
  const deviation = plan > 0 ? delivered / plan - 1 : null;

  let status: PacingStatus;
  if (now < from || (impressions === 0 && wall(now) < firstWholeDayEnd(start, end))) status = 'not-started';
  else if (delivered >= goal.amount) status = 'delivered';
  else if (now >= until) status = 'missed';
  else if (projected < goal.amount * (1 - PACING_TOLERANCE)) status = 'at-risk';
  else if (deviation !== null && deviation < -PACING_TOLERANCE) status = 'behind';
  else if (deviation !== null && deviation > PACING_TOLERANCE) status = 'ahead';
  else status = 'on-track';

  const days: PacingDay[] = [];
  let cumulative = 0;
  for (let day = wallOfDay(firstDay); day <= wallOfDay(lastDay); day += DAY_MS) {
    const date = dayOfWall(day);
    const dayEnd = Math.min(day + DAY_MS, end);
    cumulative += counts.get(date) ?? 0;
    const past = date <= today && now >= from;
    days.push({
      date,
      delivered: past ? cumulative : null,
      plan: planAt(dayEnd),
      projected:
        date >= today && now < until && now >= from
          ? delivered + (dailyRate * (dayEnd - current)) / DAY_MS
          : null,
    });
  }

  return {
    metric: goal.metric,
    goal: goal.amount,
    status,
    delivered,
    plan,
    deviation,
    projected,
    dailyRate,
    neededDailyRate:
      status === 'delivered' || now >= until || daysLeft <= 0
        ? 0
        : Math.max(0, goal.amount - delivered) / daysLeft,
    elapsedDays,
    flightDays: length / DAY_MS,
    days,
  };
}
