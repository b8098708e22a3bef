// The daypart's hour of the week in the campaign's zone (docs/serving.md, "Delivery rules"): local
// wall-clock hours, across the March and October daylight-saving changes of Europe/Berlin and
// America/New_York (the skipped hour never occurs, the repeated hour is one cell read twice), and in a
// 30- and a 45-minute zone.
import { describe, expect, it } from 'vitest';
import { compileDeliveryRules } from '../delivery/compile';
import { type DeliveryFacts, UNKNOWN_FACTS } from '../delivery/rule-list';
import { hourOfWeek } from './hour-of-week';

/** The hour of the week of weekday (0 Monday) and hour. */
const cell = (weekday: number, hour: number) => weekday * 24 + hour;
const at = (iso: string) => Date.parse(iso);
const SUNDAY = 6;

/** Each row: a UTC instant and the local weekday and hour it falls in. */
const table = (timezone: string, rows: readonly [string, number, number][]) =>
  rows.map(([instant, weekday, hour]) => [instant, hourOfWeek(timezone, at(instant)), cell(weekday, hour)]);
const agree = (rows: readonly (string | number)[][]) => {
  for (const [instant, got, want] of rows) expect(got, String(instant)).toBe(want);
};

describe('the hour of the week in a zone', () => {
  it('Europe/Berlin, 29 March 2026: 01:59 is followed by 03:00, the hour 02 does not exist', () => {
    agree(
      table('Europe/Berlin', [
        ['2026-03-29T00:59:59Z', SUNDAY, 1],
        ['2026-03-29T01:00:00Z', SUNDAY, 3],
        ['2026-03-29T01:59:59Z', SUNDAY, 3],
        ['2026-03-29T02:00:00Z', SUNDAY, 4],
        ['2026-03-28T23:00:00Z', SUNDAY, 0],
      ]),
    );
  });

  it('Europe/Berlin, 25 October 2026: the hour 02 comes twice (summer, then winter time), one cell', () => {
    agree(
      table('Europe/Berlin', [
        ['2026-10-24T23:59:59Z', SUNDAY, 1],
        ['2026-10-25T00:00:00Z', SUNDAY, 2],
        ['2026-10-25T00:59:59Z', SUNDAY, 2],
        ['2026-10-25T01:00:00Z', SUNDAY, 2],
        ['2026-10-25T01:59:59Z', SUNDAY, 2],
        ['2026-10-25T02:00:00Z', SUNDAY, 3],
      ]),
    );
  });

  it('America/New_York, 8 March and 1 November 2026: 02 skipped, 01 repeated', () => {
    agree(
      table('America/New_York', [
        ['2026-03-08T06:59:59Z', SUNDAY, 1],
        ['2026-03-08T07:00:00Z', SUNDAY, 3],
        ['2026-11-01T04:59:59Z', SUNDAY, 0],
        ['2026-11-01T05:00:00Z', SUNDAY, 1],
        ['2026-11-01T06:00:00Z', SUNDAY, 1],
        ['2026-11-01T06:59:59Z', SUNDAY, 1],
        ['2026-11-01T07:00:00Z', SUNDAY, 2],
        // Monday 00:00 in New York (winter) is 05:00 UTC.
        ['2026-11-02T05:00:00Z', 0, 0],
      ]),
    );
  });

  it('Asia/Kolkata (+05:30) and Asia/Kathmandu (+05:45): a local hour starts on the half and three-quarter hour', () => {
    agree(
      table('Asia/Kolkata', [
        ['2026-01-05T18:29:59Z', 0, 23],
        ['2026-01-05T18:30:00Z', 1, 0],
        ['2026-01-05T19:29:59Z', 1, 0],
        ['2026-01-05T19:30:00Z', 1, 1],
      ]),
    );
    agree(
      table('Asia/Kathmandu', [
        ['2026-01-05T18:14:59Z', 0, 23],
        ['2026-01-05T18:15:00Z', 1, 0],
        ['2026-01-05T19:14:59Z', 1, 0],
        ['2026-01-05T19:15:00Z', 1, 1],
        // Sunday 23:45 UTC is Monday 05:30 in Kathmandu.
        ['2026-01-11T23:45:00Z', 0, 5],
      ]),
    );
  });

  it('an instant before the one remembered is worked out again (an injected clock going back)', () => {
    expect(hourOfWeek('UTC', at('2026-01-05T10:00:00Z'))).toBe(cell(0, 10));
    expect(hourOfWeek('UTC', at('2026-01-05T09:59:59Z'))).toBe(cell(0, 9));
    expect(hourOfWeek('UTC', at('2026-01-05T10:00:00Z'))).toBe(cell(0, 10));
  });
});

describe('the daypart across daylight-saving changes', () => {
  const request: DeliveryFacts = UNKNOWN_FACTS;
  /** A grid with only Sunday 02:00-02:59 on. */
  const sundayTwo = Array.from({ length: 7 }, (_, day) =>
    Array.from({ length: 24 }, (__, hour) => day === SUNDAY && hour === 2),
  );

  it('the repeated autumn hour serves both times (Berlin, 25 October 2026)', () => {
    const check = compileDeliveryRules({ daypart: sundayTwo }, 'Europe/Berlin');
    expect(check?.(request, at('2026-10-25T00:30:00Z'))).toBeNull();
    expect(check?.(request, at('2026-10-25T01:30:00Z'))).toBeNull();
    expect(check?.(request, at('2026-10-25T02:30:00Z'))).toBe('daypart');
  });

  it('the skipped spring hour never serves (Berlin, 29 March 2026): the day has no 02:00', () => {
    const check = compileDeliveryRules({ daypart: sundayTwo }, 'Europe/Berlin');
    // A grid with an hour off compiles to a check (null would serve every request).
    if (check === null) throw new Error('A daypart with hours off compiled to no check');
    const outcomes = new Map<string, number>();
    for (let minute = 0; minute < 24 * 60; minute += 15) {
      const outcome = String(check(request, at('2026-03-28T23:00:00Z') + minute * 60_000));
      outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
    }
    // Every quarter hour of 24 hours from Sunday 00:00 CET refused by the daypart (the local Sunday has 23
    // hours: the last four quarters are Monday's, off too).
    expect([...outcomes]).toEqual([['daypart', 96]]);
    // The same grid serves the Sunday 02:00 a week later, when it exists.
    expect(check(request, at('2026-04-05T00:30:00Z'))).toBeNull();
  });

  it('New York: the repeated 01 serves twice, the skipped 02 never', () => {
    const one = Array.from({ length: 7 }, (_, day) =>
      Array.from({ length: 24 }, (__, hour) => day === SUNDAY && hour === 1),
    );
    const check = compileDeliveryRules({ daypart: one }, 'America/New_York');
    expect(check?.(request, at('2026-11-01T05:30:00Z'))).toBeNull();
    expect(check?.(request, at('2026-11-01T06:30:00Z'))).toBeNull();
    const spring = compileDeliveryRules({ daypart: sundayTwo }, 'America/New_York');
    for (let minute = 0; minute < 24 * 60; minute += 15)
      expect(spring?.(request, at('2026-03-08T05:00:00Z') + minute * 60_000)).toBe('daypart');
  });
});
