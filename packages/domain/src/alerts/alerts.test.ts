import { describe, expect, it } from 'vitest';
import { campaignPacing, type PacingDelivery } from '../campaigns/pacing';
import type { ImpressionBucket } from './alert-hours';
import { ALERT_DEFAULTS } from './alert-settings';
import {
  type CampaignAlertFigures,
  deliveryDrop,
  deliverySpike,
  evaluateCampaignAlerts,
  flightEnding,
  invalidTraffic,
  noDelivery,
  pacingBehind,
  topVastError,
  vastErrors,
} from './alerts';

const bucket = (from: string, count: number): ImpressionBucket => ({ from: new Date(from), count });

// Tuesday 24 November 2026, 15:20 UTC: the last full hour is 14:00-15:00; the same hour of the week
// 1-4 weeks back starts at 14:00Z on 17, 10 and 3 November and 27 October.
const now = new Date('2026-11-24T15:20:00Z');
const autumn = { start: { date: '2026-10-01' }, end: { date: '2026-12-31' }, timezone: 'UTC' };
const pastWeeks = ['2026-11-17', '2026-11-10', '2026-11-03', '2026-10-27'];
/** The last hour with `last` impressions, and the four past weeks' same hour with `past`. */
const figures = (last: number, past: readonly number[]) => ({
  now,
  flight: autumn,
  impressions: [
    bucket('2026-11-24T14:00:00Z', last),
    ...past.map((count, index) => bucket(`${pastWeeks[index]}T14:00:00Z`, count)),
    // Other hours do not count: the hour before, and the current (unfinished) hour.
    bucket('2026-11-24T13:00:00Z', 50_000),
    bucket('2026-11-24T15:00:00Z', 50_000),
  ],
});
const flat = [1_000, 1_000, 1_000, 1_000];

describe('delivery drop: the last full local hour under 50 % of the usual hour of the week', () => {
  it.each([
    // [case, last hour, the 4 past weeks, firing, threshold]
    // Flat median 1,000; the line is 1,000 x 50 % = 500. A 60 % drop leaves 400 < 500: fires.
    ['a 60 % drop against a flat median fires', 400, flat, true, 500],
    // A 40 % drop leaves 600 >= 500: holds.
    ['a 40 % drop does not', 600, flat, false, 500],
    // Exactly half is not under half.
    ['exactly 50 % does not', 500, flat, false, 500],
    // Past [1,000, 1,200, 200, 900], sorted 200, 900, 1,000, 1,200: median (900 + 1,000) / 2 = 950; the
    // line 475. 470 < 475 fires.
    ['an uneven history: its median, 950', 470, [1_000, 1_200, 200, 900], true, 475],
    // Median 80 is under the floor of 100 expected impressions: not checked, even at 0.
    ['a drop below the floor does not', 0, [80, 80, 80, 80], false, 40],
  ] as const)('%s', (_case, last, past, firing, threshold) => {
    const evaluation = deliveryDrop(figures(last, past), ALERT_DEFAULTS['delivery-drop']);
    expect(evaluation).toMatchObject({ rule: 'delivery-drop', firing, value: last, threshold });
  });

  it('says what dropped, where and against what, in plain English', () => {
    expect(deliveryDrop(figures(400, flat), ALERT_DEFAULTS['delivery-drop']).message).toBe(
      'Impressions dropped to 400 in the hour from 14:00 on 2026-11-24 (UTC): 40 % of the usual 1,000 for that hour of the week, under the 50 % this alert allows.',
    );
    expect(deliveryDrop(figures(0, [80, 80, 80, 80]), ALERT_DEFAULTS['delivery-drop']).message).toBe(
      'Not checked: the hour from 14:00 on 2026-11-24 (UTC) usually has 80 impressions, fewer than the 100 an alert needs.',
    );
  });

  it('the user threshold and floor apply: 70 % fires at 600, a floor of 50 checks a usual 80', () => {
    // 1,000 x 70 % = 700 > 600.
    expect(deliveryDrop(figures(600, flat), { enabled: true, percent: 70, floor: 100 }).firing).toBe(true);
    // 80 x 50 % = 40 > 30.
    expect(
      deliveryDrop(figures(30, [80, 80, 80, 80]), { enabled: true, percent: 50, floor: 50 }).firing,
    ).toBe(true);
  });

  it('across a daylight-saving change, compares with the same local hour (New York, March)', () => {
    // Tuesday 10 March 2026, 15:20 EDT = 19:20Z: the last hour is 14:00-15:00 EDT = 18:00-19:00Z, with 400.
    // The four Tuesdays before were on EST: 14:00 local = 19:00Z, 1,000 each (median 1,000, line 500):
    // 400 < 500 fires. A comparison by UTC hour would read 18:00Z (13:00 EST), 100 each: no drop at all,
    // a spike instead (400 > 3 x 100).
    const tuesdays = ['2026-03-03', '2026-02-24', '2026-02-17', '2026-02-10'];
    const newYork = {
      now: new Date('2026-03-10T19:20:00Z'),
      flight: { start: { date: '2026-01-01' }, end: { date: '2026-06-30' }, timezone: 'America/New_York' },
      impressions: [
        bucket('2026-03-10T18:00:00Z', 400),
        ...tuesdays.flatMap((day) => [bucket(`${day}T19:00:00Z`, 1_000), bucket(`${day}T18:00:00Z`, 100)]),
      ],
    };
    expect(deliveryDrop(newYork, ALERT_DEFAULTS['delivery-drop'])).toMatchObject({
      firing: true,
      value: 400,
      threshold: 500,
    });
    expect(deliverySpike(newYork, ALERT_DEFAULTS['delivery-spike']).firing).toBe(false);
  });

  it('not checked when the last hour is outside the flight, or no earlier week was in it', () => {
    const ended = { ...figures(0, flat), flight: { ...autumn, end: { date: '2026-11-20' } } };
    expect(deliveryDrop(ended, ALERT_DEFAULTS['delivery-drop'])).toMatchObject({ firing: false });
    const started = { ...figures(0, flat), flight: { ...autumn, start: { date: '2026-11-24' } } };
    expect(deliveryDrop(started, ALERT_DEFAULTS['delivery-drop']).message).toBe(
      'Not checked: no earlier week of the flight has the hour from 14:00 (UTC) to compare with.',
    );
  });
});

describe('delivery spike: the last full local hour over 3 times the usual hour', () => {
  it.each([
    // Flat median 1,000: the line 3 x 1,000 = 3,000.
    ['3,100 fires', 3_100, flat, true, 3_000],
    ['exactly 3 times does not', 3_000, flat, false, 3_000],
    // Median 80 under the floor of 100: not checked.
    ['under the floor does not', 10_000, [80, 80, 80, 80], false, 240],
  ] as const)('%s', (_case, last, past, firing, threshold) => {
    expect(deliverySpike(figures(last, past), ALERT_DEFAULTS['delivery-spike'])).toMatchObject({
      rule: 'delivery-spike',
      firing,
      value: last,
      threshold,
    });
  });

  it('says how many times the usual hour', () => {
    expect(deliverySpike(figures(3_100, flat), ALERT_DEFAULTS['delivery-spike']).message).toBe(
      'Impressions spiked to 3,100 in the hour from 14:00 on 2026-11-24 (UTC): 3.1 times the usual 1,000 for that hour of the week, over the 3 times this alert allows.',
    );
  });
});

describe('no delivery: no impression for 2 hours while the flight is live', () => {
  const november = { start: { date: '2026-11-01' }, end: { date: '2026-11-30' }, timezone: 'UTC' };
  it.each([
    // [case, flight, now, last impression, firing, hours without one]
    // 15:00 - 12:30 = 2.5 h >= 2.
    [
      '2.5 hours since the last one fires',
      november,
      '2026-11-24T15:00:00Z',
      '2026-11-24T12:30:00Z',
      true,
      2.5,
    ],
    ['exactly 2 hours fires', november, '2026-11-24T15:00:00Z', '2026-11-24T13:00:00Z', true, 2],
    ['1.5 hours does not', november, '2026-11-24T15:00:00Z', '2026-11-24T13:30:00Z', false, 1.5],
    // The flight starts at 14:00 today; none since: 15:00 - 14:00 = 1 h.
    [
      'an hour after the start without one does not',
      { ...november, start: { date: '2026-11-24 14:00' } },
      '2026-11-24T15:00:00Z',
      null,
      false,
      1,
    ],
    // 16:30 - 14:00 = 2.5 h; an impression of an earlier test (before the start) does not count.
    [
      '2.5 hours after the start without one fires',
      { ...november, start: { date: '2026-11-24 14:00' } },
      '2026-11-24T16:30:00Z',
      '2026-11-20T10:00:00Z',
      true,
      2.5,
    ],
    // The flight ended on 30 November (until 1 December 00:00): not checked.
    ['after the flight, not checked', november, '2026-12-02T15:00:00Z', '2026-11-30T23:00:00Z', false, null],
    ['before the flight, not checked', november, '2026-10-30T15:00:00Z', null, false, null],
  ] as const)('%s', (_case, flight, at, last, firing, value) => {
    const evaluation = noDelivery(
      { now: new Date(at), flight, lastImpressionAt: last ? new Date(last) : null },
      ALERT_DEFAULTS['no-delivery'],
    );
    expect(evaluation).toMatchObject({ rule: 'no-delivery', firing, value, threshold: 2 });
  });

  // Delivery could start at the latest of the flight's start, the campaign's creation and its first
  // live creative: a campaign made at 15:40 with a flight from midnight, published at 15:45.
  it.each([
    [
      'made today, flight from midnight: 50 minutes after publishing, not firing',
      '2026-11-24T16:35:00Z',
      false,
      50 / 60,
      'since its first creative went live',
    ],
    [
      '2 hours after publishing without an impression: fires',
      '2026-11-24T17:45:00Z',
      true,
      2,
      'since its first creative went live',
    ],
  ] as const)('no delivery counts from when delivery could start: %s', (_case, at, firing, value, since) => {
    const evaluation = noDelivery(
      {
        now: new Date(at),
        flight: { ...november, start: { date: '2026-11-24 00:00' } },
        lastImpressionAt: null,
        createdAt: new Date('2026-11-24T15:40:00Z'),
        firstLiveAt: new Date('2026-11-24T15:45:00Z'),
      },
      ALERT_DEFAULTS['no-delivery'],
    );
    expect(evaluation).toMatchObject({ firing, value: expect.closeTo(value, 6) });
    expect(evaluation.message).toContain(since);
  });

  it('no delivery: created before the flight starts, the flight start counts', () => {
    const evaluation = noDelivery(
      {
        now: new Date('2026-11-24T16:30:00Z'),
        flight: { ...november, start: { date: '2026-11-24 14:00' } },
        lastImpressionAt: null,
        createdAt: new Date('2026-11-20T09:00:00Z'),
        firstLiveAt: new Date('2026-11-21T09:00:00Z'),
      },
      ALERT_DEFAULTS['no-delivery'],
    );
    expect(evaluation).toMatchObject({ firing: true, value: 2.5 });
    expect(evaluation.message).toBe(
      'No impressions for 2.5 hours since the flight started, while the flight is live (the alert is at 2 hours).',
    );
  });

  it('says for how long and since when', () => {
    const evaluation = noDelivery(
      {
        now: new Date('2026-11-24T15:00:00Z'),
        flight: november,
        lastImpressionAt: new Date('2026-11-24T12:30:00Z'),
      },
      ALERT_DEFAULTS['no-delivery'],
    );
    expect(evaluation.message).toBe(
      'No impressions for 2.5 hours since the last one, while the flight is live (the alert is at 2 hours).',
    );
  });
});

describe('invalid traffic: the invalid share of the last hour’s ad requests over 10 %', () => {
  it.each([
    // 101 / 1,000 = 10.1 % > 10 %.
    [1_000, 101, true, 10.1],
    // 100 / 1,000 = 10 %: not over.
    [1_000, 100, false, 10],
    [0, 0, false, null],
  ] as const)('%s requests, %s invalid: firing %s at %s %', (adRequests, invalidRequests, firing, value) => {
    const evaluation = invalidTraffic({ adRequests, invalidRequests }, ALERT_DEFAULTS['invalid-traffic']);
    expect(evaluation.firing).toBe(firing);
    if (value === null) expect(evaluation.value).toBeNull();
    else expect(evaluation.value).toBeCloseTo(value, 10);
  });

  it('says the share and the counts', () => {
    expect(
      invalidTraffic({ adRequests: 1_000, invalidRequests: 101 }, ALERT_DEFAULTS['invalid-traffic']).message,
    ).toBe(
      'Invalid traffic at 10.1 % in the last hour (101 of 1,000 ad requests), over the 10 % this alert allows.',
    );
  });
});

describe('VAST errors: error pings over 5 % of impressions, naming the top code', () => {
  it('fires at 6 %: 40 + 15 + 5 = 60 pings for 1,000 impressions, most of them 303', () => {
    const evaluation = vastErrors(
      {
        impressions: 1_000,
        errors: [
          { code: 402, count: 15 },
          { code: 303, count: 40 },
          { code: 900, count: 5 },
        ],
      },
      ALERT_DEFAULTS['vast-errors'],
    );
    expect(evaluation).toMatchObject({ rule: 'vast-errors', firing: true, value: 6, threshold: 5 });
    expect(evaluation.message).toBe(
      'VAST errors at 6 % of impressions (60 error pings for 1,000 impressions; most were error 303 (No VAST response after one or more wrappers): 40), over the 5 % this alert allows.',
    );
  });

  it('never prints a share over 100 %: more error pings than impressions say so, with both counts', () => {
    const evaluation = vastErrors(
      { impressions: 105, errors: [{ code: 405, count: 160 }] },
      ALERT_DEFAULTS['vast-errors'],
    );
    expect(evaluation).toMatchObject({ firing: true, threshold: 5 });
    expect(evaluation.value).toBeCloseTo(152.38, 2);
    expect(evaluation.message).toBe(
      'More VAST errors than impressions (160 error pings for 105 impressions; most were error 405 (Problem displaying the MediaFile): 160), over the 5 % this alert allows.',
    );
    expect(
      vastErrors({ impressions: 100, errors: [{ code: 405, count: 150 }] }, { enabled: true, percent: 200 })
        .message,
    ).toBe(
      'More VAST errors than impressions (150 error pings for 100 impressions; most were error 405 (Problem displaying the MediaFile): 150; the alert is over 200 %).',
    );
    expect(
      vastErrors({ impressions: 100, errors: [{ code: 405, count: 100 }] }, ALERT_DEFAULTS['vast-errors'])
        .message,
    ).toMatch(/^VAST errors at 100 % of impressions/);
  });

  it('does not fire at exactly 5 % (50 / 1,000), nor without impressions', () => {
    expect(
      vastErrors({ impressions: 1_000, errors: [{ code: 401, count: 50 }] }, ALERT_DEFAULTS['vast-errors'])
        .firing,
    ).toBe(false);
    expect(
      vastErrors({ impressions: 0, errors: [{ code: 401, count: 50 }] }, ALERT_DEFAULTS['vast-errors']),
    ).toMatchObject({
      firing: false,
      value: null,
    });
  });

  it('the top code sums its rows; a tie goes to the lower code; none without a ping', () => {
    expect(
      topVastError([
        { code: 402, count: 6 },
        { code: 303, count: 10 },
        { code: 402, count: 4 },
      ]),
    ).toEqual({ code: 303, count: 10 });
    expect(topVastError([])).toBeUndefined();
  });
});

/** `perDay` delivered on each local day from `first` for `days` days. */
const even = (first: string, days: number, perDay: number): PacingDelivery[] =>
  Array.from({ length: days }, (_, index) => ({
    date: new Date(Date.parse(`${first}T00:00:00Z`) + index * 86_400_000).toISOString().slice(0, 10),
    count: perDay,
  }));
const november = { start: { date: '2026-11-01' }, end: { date: '2026-11-30' }, timezone: 'UTC' };
const goal = { metric: 'impressions' as const, amount: 300_000 };
const pacingAt = (perDay: number, days: number, at: string) =>
  campaignPacing({ goal, flight: november, delivered: even('2026-11-01', days, perDay), now: new Date(at) });

describe('pacing behind: projected to miss the goal by more than 10 %', () => {
  it.each([
    // Day 11 of 30, 8,000 a day for 10 days: projected 80,000 + 8,000 x 20 = 240,000 < 300,000 x 0.9 = 270,000.
    ['projected 240,000 of 300,000 fires', 8_000, 10, true, 240_000, 270_000],
    // 9,100 a day: 91,000 + 9,100 x 20 = 273,000 >= 270,000.
    ['projected 273,000 of 300,000 does not', 9_100, 10, false, 273_000, 270_000],
  ] as const)('%s', (_case, perDay, days, firing, value, threshold) => {
    const evaluation = pacingBehind(
      pacingAt(perDay, days, '2026-11-11T00:00:00Z'),
      ALERT_DEFAULTS['pacing-behind'],
    );
    expect(evaluation).toMatchObject({ rule: 'pacing-behind', firing, value, threshold });
  });

  it('the user threshold: 25 % short is 225,000, which 240,000 clears', () => {
    expect(
      pacingBehind(pacingAt(8_000, 10, '2026-11-11T00:00:00Z'), { enabled: true, percent: 25 }).firing,
    ).toBe(false);
  });

  it('says the projection against the goal', () => {
    expect(
      pacingBehind(pacingAt(8_000, 10, '2026-11-11T00:00:00Z'), ALERT_DEFAULTS['pacing-behind']).message,
    ).toBe(
      'Pacing behind: projected to deliver 240,000 of the 300,000 impressions booked (80 %), more than 10 % short of the goal.',
    );
  });

  it('not checked without pacing, before the start or once the flight is over', () => {
    expect(pacingBehind(null, ALERT_DEFAULTS['pacing-behind']).firing).toBe(false);
    expect(
      pacingBehind(pacingAt(0, 0, '2026-10-20T00:00:00Z'), ALERT_DEFAULTS['pacing-behind']).message,
    ).toBe('Not checked: the flight has not started.');
    expect(
      pacingBehind(pacingAt(1_000, 30, '2026-12-05T00:00:00Z'), ALERT_DEFAULTS['pacing-behind']).message,
    ).toBe('Not checked: the flight is over.');
  });

  it("not checked while the campaign has served nothing in the flight's first whole day, checked once it is over", () => {
    // 1 November 10:00: the plan is at 300,000 x (10 h / 30 days) = 4,166.67 and nothing served, which
    // would project 0 (at risk); pacing is not started, so the alert waits.
    const early = pacingBehind(pacingAt(0, 0, '2026-11-01T10:00:00Z'), ALERT_DEFAULTS['pacing-behind']);
    expect(early.firing).toBe(false);
    expect(early.message).toBe(
      'Not checked: nothing delivered yet (pacing waits for the first impression or the end of the first whole day).',
    );
    // 2 November 00:00, still nothing: the normal rule, projected 0 of 300,000 fires.
    const late = pacingBehind(pacingAt(0, 0, '2026-11-02T00:00:00Z'), ALERT_DEFAULTS['pacing-behind']);
    expect(late).toMatchObject({ firing: true, value: 0, threshold: 270_000 });
  });
});

describe('flight ending: the flight ends within 3 days and the goal is not reached', () => {
  // The November flight runs until 1 December 00:00 UTC.
  it.each([
    // 28 November 12:00: 2.5 days left <= 3, 27 x 8,000 = 216,000 < 300,000 delivered: fires.
    ['2.5 days left, short of the goal, fires', 8_000, 27, '2026-11-28T12:00:00Z', true, 2.5],
    // 27 November 00:00: 4 days left > 3.
    ['4 days left does not', 8_000, 26, '2026-11-27T00:00:00Z', false, 4],
    // 27 x 12,000 = 324,000 >= 300,000: the goal is reached.
    ['the goal reached does not', 12_000, 27, '2026-11-28T12:00:00Z', false, 2.5],
    ['after the end, not checked', 8_000, 30, '2026-12-02T00:00:00Z', false, null],
  ] as const)('%s', (_case, perDay, days, at, firing, value) => {
    const evaluation = flightEnding(
      { now: new Date(at), flight: november, pacing: pacingAt(perDay, days, at) },
      ALERT_DEFAULTS['flight-ending'],
    );
    expect(evaluation).toMatchObject({ rule: 'flight-ending', firing, value, threshold: 3 });
  });

  it('says when it ends and what is delivered; without a goal, not checked', () => {
    const at = '2026-11-28T12:00:00Z';
    expect(
      flightEnding(
        { now: new Date(at), flight: november, pacing: pacingAt(8_000, 27, at) },
        ALERT_DEFAULTS['flight-ending'],
      ).message,
    ).toBe('The flight ends in 2.5 days with 216,000 of the 300,000 impressions booked delivered (72 %).');
    expect(
      flightEnding({ now: new Date(at), flight: november, pacing: null }, ALERT_DEFAULTS['flight-ending'])
        .message,
    ).toBe('Not checked: the campaign has no goal.');
  });
});

describe('every enabled rule for one campaign', () => {
  it('evaluates the rules in order and skips those switched off', () => {
    const campaign: CampaignAlertFigures = {
      ...figures(400, flat),
      lastImpressionAt: new Date('2026-11-24T15:10:00Z'),
      lastHour: { adRequests: 1_000, invalidRequests: 20, impressions: 400, vastErrors: [] },
      pacing: null,
    };
    const evaluations = evaluateCampaignAlerts(campaign, {
      ...ALERT_DEFAULTS,
      'vast-errors': { enabled: false, percent: 5 },
    });
    expect(evaluations.map((evaluation) => [evaluation.rule, evaluation.firing])).toEqual([
      ['delivery-drop', true],
      ['delivery-spike', false],
      ['no-delivery', false],
      ['invalid-traffic', false],
      ['pacing-behind', false],
      ['flight-ending', false],
      ['budget', false],
    ]);
  });
});
