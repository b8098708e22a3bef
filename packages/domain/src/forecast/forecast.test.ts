// The inventory forecast (docs/reports.md, "The inventory forecast"): seasonality by hour of the week,
// the level of the latest days, the targeting as a sequential funnel judged by the serving check,
// contention by the other campaigns' goals and delivery modes, and the verdict; values computed by hand.
import { describe, expect, it } from 'vitest';
import { type DaypartGrid, type DeliveryFacts, UNKNOWN_FACTS } from '../delivery/rule-list';
import { type ForecastInput, forecastInventory, type RequestHistoryRow, verdictOf } from './forecast';
import { forecastMethodText, forecastVerdictText } from './forecast-text';

const HOUR_MS = 3_600_000;
/** Tuesday 1 December 2026, 00:00 UTC. */
const NOW = Date.parse('2026-12-01T00:00:00Z');

const facts = (country: string, device: string, language = 'de'): DeliveryFacts => ({
  ...UNKNOWN_FACTS,
  country,
  device,
  os: 'Android 14',
  browser: 'Chrome 126',
  language,
  site: 'news.example',
});

/**
 * Every hour of the `days` before NOW: each segment's requests (half of them served, none refused by
 * their own campaign's rules), times `scale(at)`.
 */
function history(
  days: number,
  segments: readonly [DeliveryFacts, number][],
  scale: (at: number) => number = () => 1,
): RequestHistoryRow[] {
  const rows: RequestHistoryRow[] = [];
  for (let at = NOW - days * 24 * HOUR_MS; at < NOW; at += HOUR_MS)
    for (const [segment, requests] of segments) {
      const count = requests * scale(at);
      if (count > 0) rows.push({ at, facts: segment, requests: count, served: count / 2, refused: 0 });
    }
  return rows;
}

/** Per hour: 4 from Germany on mobiles, 2 from Germany on desktops, 2 from France on mobiles. */
const MIX: [DeliveryFacts, number][] = [
  [facts('DE', 'mobile'), 4],
  [facts('DE', 'desktop'), 2],
  [facts('FR', 'mobile', 'fr'), 2],
];

/** Monday 7 to Thursday 10 December, UTC, 14 days of MIX; no rules, no goal yet. */
const BASE: ForecastInput = {
  rules: {},
  flight: { start: '2026-12-07', end: '2026-12-10', timezone: 'UTC' },
  goal: 0,
  deliveryMode: 'asap',
  history: history(14, MIX),
  contenders: [],
  now: NOW,
  historyDays: 14,
  levelDays: 14,
};
const DE = { countries: { mode: 'include' as const, values: ['DE'] } };

/** Weekdays 09:00-17:59 (9 hours a day), no weekend. */
const WEEKDAYS_9_TO_18: DaypartGrid = Array.from({ length: 7 }, (_, day) =>
  Array.from({ length: 24 }, (_, hour) => day < 5 && hour >= 9 && hour < 18),
);

describe('the inventory forecast', () => {
  it('no rules: every request of the account, 8 an hour, 192 a day; impressions at the serve rate (half)', () => {
    const forecast = forecastInventory({ ...BASE, goal: 384 });
    expect(forecast.historyRequests).toBe(14 * 24 * 8);
    expect(forecast.serveRate).toBe(0.5);
    expect(forecast.level).toBe(1);
    expect(forecast.days.map((day) => day.date)).toEqual([
      '2026-12-07',
      '2026-12-08',
      '2026-12-09',
      '2026-12-10',
    ]);
    expect(forecast.days[0]).toEqual({
      date: '2026-12-07',
      requests: 192,
      kept: 192,
      contention: 0,
      available: 192,
      impressions: 96,
      needed: 96,
    });
    expect(forecast.funnel).toEqual([]);
    expect(forecast.verdict).toEqual({ kind: 'fits', deliverable: 384, shortPerDay: 0 });
  });

  it('the funnel: each rule in serving order keeps its share of what the ones before it kept', () => {
    const forecast = forecastInventory({
      ...BASE,
      goal: 100,
      rules: { devices: { mode: 'include', values: ['mobile'] }, ...DE },
    });
    // Countries first (serving's order): 6 of 8 an hour; then mobiles: 4 of those 6.
    expect(forecast.funnel).toEqual([
      { rule: 'countries', requestsPerDay: 144, share: 0.75, read: true },
      { rule: 'devices', requestsPerDay: 96, share: 4 / 6, read: true },
    ]);
    expect(forecast.days[0]?.kept).toBe(96);
    expect(forecast.requestsPerDay).toBe(192);
  });

  it('the language, which the breakdowns never kept, is read from the requests themselves', () => {
    const forecast = forecastInventory({
      ...BASE,
      rules: { languages: { mode: 'include', values: ['fr'] } },
    });
    expect(forecast.funnel).toEqual([{ rule: 'languages', requestsPerDay: 48, share: 0.25, read: true }]);
  });

  it('the daypart keeps the hours it names, read in the flight zone (09:00 Berlin is 08:00 UTC in winter)', () => {
    const at8 = history(14, [[facts('DE', 'mobile'), 10]], (at) =>
      new Date(at).getUTCHours() === 8 ? 1 : 0,
    );
    const grid: DaypartGrid = Array.from({ length: 7 }, () =>
      Array.from({ length: 24 }, (_, hour) => hour === 9),
    );
    const berlin = forecastInventory({
      ...BASE,
      history: at8,
      rules: { daypart: grid },
      flight: { ...BASE.flight, timezone: 'Europe/Berlin' },
    });
    expect(berlin.days[0]?.kept).toBe(10);
    const utc = forecastInventory({ ...BASE, history: at8, rules: { daypart: grid } });
    expect(utc.days[0]?.kept).toBe(0);
  });

  it('weekday seasonality and the daypart: a weekend day has none, a weekday 9 hours of 8', () => {
    const forecast = forecastInventory({
      ...BASE,
      rules: { daypart: WEEKDAYS_9_TO_18 },
      flight: { start: '2026-12-07', end: '2026-12-13', timezone: 'UTC' },
      goal: 180,
    });
    expect(forecast.days.map((day) => day.impressions)).toEqual([36, 36, 36, 36, 36, 0, 0]);
    // 180 over 7 days is 25.7 a day: not every day, but as fast as possible the weekdays make it up.
    expect(forecast.verdict).toEqual({ kind: 'fitsWithMode', deliverable: 180, shortPerDay: 0 });
    // Evenly: 25.7 a day on the weekdays (128.6), then nothing: 51.4 short, 8 a day.
    const even = forecastInventory({
      ...BASE,
      rules: { daypart: WEEKDAYS_9_TO_18 },
      flight: { start: '2026-12-07', end: '2026-12-13', timezone: 'UTC' },
      goal: 180,
      deliveryMode: 'even',
    });
    expect(even.verdict).toEqual({ kind: 'short', deliverable: 128, shortPerDay: 8 });
  });

  it('seasonality by hour of the week: Saturdays with twice the traffic forecast twice the requests', () => {
    const forecast = forecastInventory({
      ...BASE,
      history: history(14, MIX, (at) => (new Date(at).getUTCDay() === 6 ? 2 : 1)),
      flight: { start: '2026-12-11', end: '2026-12-12', timezone: 'UTC' },
    });
    expect(forecast.days.map((day) => day.requests)).toEqual([192, 384]);
  });

  it('the level: traffic that doubled in the last 14 days is forecast at its new level', () => {
    const forecast = forecastInventory({
      ...BASE,
      history: history(28, MIX, (at) => (at >= NOW - 14 * 24 * HOUR_MS ? 2 : 1)),
      historyDays: 28,
    });
    // The hours' means are 12 an hour (8 and 16); the last 14 days had 16: level 4/3, 16 an hour.
    expect(forecast.level).toBeCloseTo(4 / 3, 10);
    expect(forecast.days[0]?.requests).toBeCloseTo(384, 9);
  });

  it('a flight that began is forecast from today; one without history says so', () => {
    const started = forecastInventory({ ...BASE, flight: { ...BASE.flight, start: '2026-11-20' }, goal: 10 });
    expect(started.days[0]?.date).toBe('2026-12-01');
    const empty = forecastInventory({ ...BASE, history: [], goal: 10 });
    expect(empty.verdict.kind).toBe('noHistory');
    expect(empty.days.every((day) => day.available === 0)).toBe(true);
    expect(forecastVerdictText(empty, 10, 'asap')).toBe(
      'No ad requests of this account in the last 60 days to forecast from',
    );
    expect(forecastMethodText(empty, 60, 14)).toMatch(/there are none yet\.$/);
  });
});

describe('contention', () => {
  /** Another campaign of the account on Germany, with an impressions goal over the same days. */
  const other = (goal: number | null, deliveryMode: 'asap' | 'even', countries = ['DE']) => ({
    id: 'other',
    name: 'Other',
    rules: { countries: { mode: 'include' as const, values: countries } },
    flight: BASE.flight,
    goal,
    deliveryMode,
    delivered: 0,
  });

  it('both fit: the other takes its need first (24 impressions a day: 48 requests of the 144 kept)', () => {
    const forecast = forecastInventory({ ...BASE, rules: DE, goal: 192, contenders: [other(96, 'even')] });
    expect(forecast.days[0]).toMatchObject({ kept: 144, contention: 48, available: 96, impressions: 48 });
    expect(forecast.contention).toEqual([
      {
        id: 'other',
        name: 'Other',
        goal: 96,
        deliveryMode: 'even',
        delivered: 0,
        overlap: 1,
        takenPerDay: 48,
      },
    ]);
    expect(forecast.verdict.kind).toBe('fits');
  });

  it('they do not both fit: the requests are shared by need, and the goal falls short', () => {
    // Needs 288 requests a day (144 impressions), more than the 144 kept: it claims at most those 144,
    // the other 48: 144 × 144 / 192 = 108 requests, 54 impressions a day, 216 in the 4 days; short by
    // (576 − 216) / 4 = 90 a day.
    const forecast = forecastInventory({ ...BASE, rules: DE, goal: 576, contenders: [other(96, 'even')] });
    expect(forecast.days[0]?.available).toBeCloseTo((144 * 144) / 192, 9);
    expect(forecast.verdict).toEqual({ kind: 'short', deliverable: 216, shortPerDay: 90 });
  });

  it('two bookings that each want more than the day has split it (a need past the supply claims no more)', () => {
    // Needs 1,152 requests a day; the other, as fast as possible with 4,000 impressions to go, all 144
    // kept: each claims the 144, so each has 72 (by raw need it kept 144 × 1,152 / 1,296 = 128).
    const forecast = forecastInventory({ ...BASE, rules: DE, goal: 2304, contenders: [other(4000, 'asap')] });
    expect(forecast.days[0]).toMatchObject({ kept: 144, available: 72, contention: 72 });
    expect(forecast.contention[0]?.takenPerDay).toBe(72);
  });

  it('as fast as possible, the other wants everything its rules keep until its goal is met', () => {
    // 400 impressions is 800 requests: 144 a day on Germany (from today, 1 December: 6 days, 864).
    const early = { ...other(400, 'asap'), flight: { ...BASE.flight, start: '2026-12-01' } };
    const forecast = forecastInventory({ ...BASE, rules: DE, goal: 96, contenders: [early] });
    // Its goal is met by 6 December: nothing taken in the flight.
    expect(forecast.days[0]?.contention).toBe(0);
    const longer = forecastInventory({ ...BASE, rules: DE, goal: 96, contenders: [other(4000, 'asap')] });
    // Needs 48 requests a day, the other all 144: 144 × 48 / 192 = 36 left.
    expect(longer.days[0]?.available).toBe(36);
    expect(longer.verdict).toEqual({ kind: 'short', deliverable: 72, shortPerDay: 6 });
  });

  it('another targeting, or no goal, takes nothing', () => {
    const forecast = forecastInventory({
      ...BASE,
      rules: DE,
      goal: 96,
      contenders: [other(1000, 'even', ['FR']), { ...other(null, 'asap'), id: 'open' }],
    });
    expect(forecast.contention.map((row) => [row.id, row.overlap, row.takenPerDay])).toEqual([
      ['other', 0, 0],
      ['open', 0, 0],
    ]);
    expect(forecast.days[0]?.available).toBe(144);
    expect(forecastMethodText(forecast, 14, 14)).toContain('No other campaign with an impressions goal');
  });
});

describe('the verdict', () => {
  it('names the shortfall per day, rounded up', () => {
    const days = [
      { impressions: 10, needed: 12 },
      { impressions: 10, needed: 12 },
    ];
    expect(verdictOf(days, 24, 'asap', 1)).toEqual({ kind: 'short', deliverable: 20, shortPerDay: 2 });
    expect(forecastVerdictText({ verdict: verdictOf(days, 24, 'asap', 1), days }, 24, 'asap')).toBe(
      'Falls short by about 2 impressions a day (about 20 of 24 deliverable)',
    );
  });
});
