// When scheduled reports run and what they cover (the reports API issue): Daily at 08:00 local covering
// yesterday; Weekly on Monday 08:00 covering the last Monday to Sunday; Monthly on the 1st at 08:00
// covering last month; On campaign end the day after the campaign's end date, covering its whole flight.
// Times are computed in the schedule's zone on local calendar days, so daylight-saving changes never
// shift or skip a run (08:00 always exists).
import { formatInTimeZone, fromZonedTime } from 'date-fns-tz';
import type { ScheduleFrequency } from '../constants';
import type { RecipientState } from './report';
import { addDays } from './report-range';

export const SCHEDULE_RUN_TIME = '08:00:00';

/** Local calendar days, both included. */
export interface LocalDays {
  start: string;
  end: string;
}

/** The campaign's flight, for 'On campaign end' ('YYYY-MM-DD' days; either may be missing). */
export interface Flight {
  start?: string | null | undefined;
  end?: string | null | undefined;
}

const localDay = (instant: Date, zone: string) => formatInTimeZone(instant, zone, 'yyyy-MM-dd');
/** 1 Monday ... 7 Sunday of a 'YYYY-MM-DD' day. */
const isoWeekday = (day: string) => {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return weekday === 0 ? 7 : weekday;
};
const firstOfMonth = (day: string) => `${day.slice(0, 8)}01`;
const firstOfNextMonth = (day: string) => {
  const [year = 0, month = 0] = day.split('-').map(Number);
  return month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
};

/** The UTC instant of a run on a local day. */
export const runInstant = (day: string, zone: string): Date =>
  fromZonedTime(`${day}T${SCHEDULE_RUN_TIME}`, zone);

/** The days a run on local day `runDay` covers. */
export function scheduledPeriod(
  frequency: ScheduleFrequency,
  runDay: string,
  flight: Flight = {},
): LocalDays | undefined {
  switch (frequency) {
    case 'Daily':
      return { start: addDays(runDay, -1), end: addDays(runDay, -1) };
    case 'Weekly':
      return { start: addDays(runDay, -7), end: addDays(runDay, -1) };
    case 'Monthly': {
      const lastMonthEnd = addDays(firstOfMonth(runDay), -1);
      return { start: firstOfMonth(lastMonthEnd), end: lastMonthEnd };
    }
    case 'On campaign end':
      return flight.start && flight.end ? { start: flight.start, end: flight.end } : undefined;
  }
}

/**
 * The next run strictly after `after`, at 08:00 in `zone` (an IANA zone or a UTC offset); null when
 * there is none ('On campaign end' without an end date, or past it).
 */
export function nextScheduledRun(
  frequency: ScheduleFrequency,
  zone: string,
  after: Date,
  flight: Flight = {},
): Date | null {
  const today = localDay(after, zone);
  const firstCandidate = (day: string) =>
    runInstant(day, zone).getTime() > after.getTime() ? day : undefined;
  let day: string | undefined;
  switch (frequency) {
    case 'Daily':
      day = firstCandidate(today) ?? addDays(today, 1);
      break;
    case 'Weekly': {
      const monday = addDays(today, (8 - isoWeekday(today)) % 7);
      day = firstCandidate(monday) ?? addDays(monday, 7);
      break;
    }
    case 'Monthly': {
      day = (today === firstOfMonth(today) ? firstCandidate(today) : undefined) ?? firstOfNextMonth(today);
      break;
    }
    case 'On campaign end': {
      if (!flight.end) return null;
      day = firstCandidate(addDays(flight.end, 1));
      break;
    }
  }
  return day === undefined ? null : runInstant(day, zone);
}

/** The local day a run at `instant` belongs to (its 08:00's day). */
export const runDayOf = (instant: Date, zone: string): string => localDay(instant, zone);

/**
 * "Send now": the last complete period before `now`: yesterday, the last full week, last month, or the
 * flight (so far, up to yesterday, while the campaign still runs).
 */
export function lastCompletePeriod(
  frequency: ScheduleFrequency,
  zone: string,
  now: Date,
  flight: Flight = {},
): LocalDays | undefined {
  const today = localDay(now, zone);
  switch (frequency) {
    case 'Daily':
      return scheduledPeriod('Daily', today);
    case 'Weekly':
      return scheduledPeriod('Weekly', addDays(today, -(isoWeekday(today) - 1)));
    case 'Monthly':
      return scheduledPeriod('Monthly', today);
    case 'On campaign end': {
      if (!flight.start) return undefined;
      const yesterday = addDays(today, -1);
      const end = flight.end && flight.end < today ? flight.end : yesterday;
      return end < flight.start ? undefined : { start: flight.start, end };
    }
  }
}

/** What "Send now" tells its user: who was mailed, who was not and why, and plainly when nobody was. */
export function sendNowOutcome(sent: {
  start: string;
  end: string;
  recipients: readonly string[];
  notMailed: readonly { address: string; state: RecipientState }[];
}): { tone: 'success' | 'warning'; title: string; text: string } {
  const period = `${sent.start.slice(0, 10)} to ${sent.end.slice(0, 10)}`;
  const why = (state: RecipientState) =>
    state === 'awaiting'
      ? 'has not confirmed the mail it got yet'
      : state === 'unsubscribed'
        ? 'unsubscribed'
        : "was over today's mail limit";
  const notMailed = sent.notMailed
    .map((recipient) => `${recipient.address} ${why(recipient.state)}`)
    .join('; ');
  if (sent.recipients.length === 0) {
    return {
      tone: 'warning',
      title: 'Nobody was mailed',
      text: `No recipient can receive the report of ${period} yet: ${notMailed || 'the schedule has no recipient'}. Addresses outside the company's domain receive reports once they confirm.`,
    };
  }
  return {
    tone: 'success',
    title: 'Report sent',
    text: `${period}, mailed to ${sent.recipients.join(', ')}.${notMailed ? ` Not mailed: ${notMailed}.` : ''}`,
  };
}
