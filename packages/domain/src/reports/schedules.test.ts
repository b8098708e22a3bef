import { describe, expect, it } from 'vitest';
import { lastCompletePeriod, nextScheduledRun, runDayOf, scheduledPeriod, sendNowOutcome } from './schedules';

const at = (iso: string) => new Date(iso);
const iso = (date: Date | null) => date?.toISOString() ?? null;

describe('scheduled report runs (08:00 in the schedule zone)', () => {
  it('Daily runs at 08:00 local and covers yesterday', () => {
    expect(iso(nextScheduledRun('Daily', 'Europe/Berlin', at('2026-06-10T05:59:00Z')))).toBe(
      '2026-06-10T06:00:00.000Z',
    );
    expect(iso(nextScheduledRun('Daily', 'Europe/Berlin', at('2026-06-10T06:00:00Z')))).toBe(
      '2026-06-11T06:00:00.000Z',
    );
    expect(scheduledPeriod('Daily', '2026-06-10')).toEqual({ start: '2026-06-09', end: '2026-06-09' });
  });

  it('Weekly runs on Monday 08:00 and covers the last Monday to Sunday', () => {
    // Wednesday 10 June 2026 -> Monday 15 June.
    expect(iso(nextScheduledRun('Weekly', 'UTC', at('2026-06-10T12:00:00Z')))).toBe(
      '2026-06-15T08:00:00.000Z',
    );
    // Monday before 08:00 -> the same Monday.
    expect(iso(nextScheduledRun('Weekly', 'UTC', at('2026-06-15T07:00:00Z')))).toBe(
      '2026-06-15T08:00:00.000Z',
    );
    expect(scheduledPeriod('Weekly', '2026-06-15')).toEqual({ start: '2026-06-08', end: '2026-06-14' });
  });

  it('Monthly runs on the 1st at 08:00 and covers last month', () => {
    expect(iso(nextScheduledRun('Monthly', 'Asia/Kathmandu', at('2026-02-15T00:00:00Z')))).toBe(
      '2026-03-01T02:15:00.000Z',
    );
    expect(scheduledPeriod('Monthly', '2026-03-01')).toEqual({ start: '2026-02-01', end: '2026-02-28' });
    expect(scheduledPeriod('Monthly', '2027-01-01')).toEqual({ start: '2026-12-01', end: '2026-12-31' });
  });

  it('On campaign end runs the day after the end date and covers the whole flight; never again after', () => {
    const flight = { start: '2026-05-01', end: '2026-05-31' };
    expect(
      iso(nextScheduledRun('On campaign end', 'America/New_York', at('2026-05-20T00:00:00Z'), flight)),
    ).toBe('2026-06-01T12:00:00.000Z');
    expect(
      nextScheduledRun('On campaign end', 'America/New_York', at('2026-06-01T12:00:00Z'), flight),
    ).toBeNull();
    expect(
      nextScheduledRun('On campaign end', 'UTC', at('2026-05-20T00:00:00Z'), { start: '2026-05-01' }),
    ).toBeNull();
    expect(scheduledPeriod('On campaign end', '2026-06-01', flight)).toEqual(flight);
  });

  it('daylight saving never shifts or skips a run: 08:00 local on both sides of the change', () => {
    // New York moves its clocks forward on 8 March 2026, Berlin back on 25 October 2026.
    expect(iso(nextScheduledRun('Daily', 'America/New_York', at('2026-03-07T13:00:00Z')))).toBe(
      '2026-03-08T12:00:00.000Z',
    );
    expect(iso(nextScheduledRun('Daily', 'America/New_York', at('2026-03-08T12:00:00Z')))).toBe(
      '2026-03-09T12:00:00.000Z',
    );
    expect(iso(nextScheduledRun('Daily', 'Europe/Berlin', at('2026-10-24T06:00:00Z')))).toBe(
      '2026-10-25T07:00:00.000Z',
    );
    expect(runDayOf(at('2026-10-25T07:00:00Z'), 'Europe/Berlin')).toBe('2026-10-25');
    expect(iso(nextScheduledRun('Weekly', 'Europe/Berlin', at('2026-10-20T00:00:00Z')))).toBe(
      '2026-10-26T07:00:00.000Z',
    );
  });

  it('send now: the last complete period', () => {
    const now = at('2026-06-10T12:00:00Z');
    expect(lastCompletePeriod('Daily', 'UTC', now)).toEqual({ start: '2026-06-09', end: '2026-06-09' });
    expect(lastCompletePeriod('Weekly', 'UTC', now)).toEqual({ start: '2026-06-01', end: '2026-06-07' });
    expect(lastCompletePeriod('Monthly', 'UTC', now)).toEqual({ start: '2026-05-01', end: '2026-05-31' });
    expect(
      lastCompletePeriod('On campaign end', 'UTC', now, { start: '2026-06-01', end: '2026-06-30' }),
    ).toEqual({
      start: '2026-06-01',
      end: '2026-06-09',
    });
    expect(
      lastCompletePeriod('On campaign end', 'UTC', now, { start: '2026-05-01', end: '2026-05-31' }),
    ).toEqual({
      start: '2026-05-01',
      end: '2026-05-31',
    });
  });
});

describe('what send now tells its user', () => {
  const period = { start: '2026-11-16 00:00:00', end: '2026-11-22 23:59:59' };
  it('names who was mailed, and who was not with the reason', () => {
    expect(
      sendNowOutcome({
        ...period,
        recipients: ['team@adconsole.test'],
        notMailed: [
          { address: 'client@agency.example', state: 'awaiting' },
          { address: 'old@agency.example', state: 'unsubscribed' },
        ],
      }),
    ).toEqual({
      tone: 'success',
      title: 'Report sent',
      text: '2026-11-16 to 2026-11-22, mailed to team@adconsole.test. Not mailed: client@agency.example has not confirmed the mail it got yet; old@agency.example unsubscribed.',
    });
  });
  it('says plainly when nobody could be mailed, never "mailed to ."', () => {
    const outcome = sendNowOutcome({
      ...period,
      recipients: [],
      notMailed: [{ address: 'client@agency.example', state: 'awaiting' }],
    });
    expect(outcome.tone).toBe('warning');
    expect(outcome.title).toBe('Nobody was mailed');
    expect(outcome.text).toBe(
      "No recipient can receive the report of 2026-11-16 to 2026-11-22 yet: client@agency.example has not confirmed the mail it got yet. Addresses outside the company's domain receive reports once they confirm.",
    );
    expect(outcome.text).not.toContain('mailed to .');
  });
});
