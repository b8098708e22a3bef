// A browser's cap history as its cookie's text (docs/serving.md, "Frequency caps"): read back as written;
// pruned to each entry's longest window; never over the size limit, the oldest ads dropped first;
// anything malformed read as no history (a new browser); a tag's caps checked and recorded per level.
import { describe, expect, it } from 'vitest';
import {
  compileTagCaps,
  decodeHistory,
  encodedHistory,
  encodeHistory,
  type FrequencyHistory,
  historyKey,
  historyMaxAge,
  MAX_HISTORY_AGE_S,
  MAX_HISTORY_CHARS,
  recordServed,
  servedRank,
  tagCapsHold,
} from './frequency-history';

const at = (iso: string) => Date.parse(iso);
const minute = (iso: string) => Math.floor(at(iso) / 60_000);
const NOW = at('2026-01-07T12:00:00Z');

describe("a browser's cap history", () => {
  it('keys are short and differ by kind and id', () => {
    const campaign = historyKey('campaign', '65a1b2c3d4e5f60718293a4b');
    expect(campaign).toMatch(/^c[0-9a-z]{7}$/);
    expect(historyKey('creative', '65a1b2c3d4e5f60718293a4b')).toBe(`r${campaign.slice(1)}`);
    expect(historyKey('campaign', '65a1b2c3d4e5f60718293a4c')).not.toBe(campaign);
  });

  it('reads back as written', () => {
    const history: FrequencyHistory = new Map([
      [
        'c0000001',
        { period: 'day', minutes: [minute('2026-01-07T08:00:00Z'), minute('2026-01-07T11:00:00Z')] },
      ],
      ['rzzzzzzz', { period: 'week', minutes: [minute('2026-01-02T08:00:00Z')] }],
    ]);
    const text = encodeHistory(history, NOW);
    expect(text).toMatch(/^dc0000001-[0-9a-z]+-[0-9a-z]+_wrzzzzzzz-[0-9a-z]+$/);
    expect(decodeHistory(text)).toEqual(history);
  });

  it("prunes each entry to its period's horizon and drops entries left empty", () => {
    const history: FrequencyHistory = new Map([
      // An hour's caps keep 2 hours: 09:59 goes, 10:00 stays.
      [
        'c0000001',
        { period: 'hour', minutes: [minute('2026-01-07T09:59:00Z'), minute('2026-01-07T10:00:00Z')] },
      ],
      // A day's keep 26 hours: everything of the 5th goes.
      ['c0000002', { period: 'day', minutes: [minute('2026-01-05T20:00:00Z')] }],
    ]);
    expect(decodeHistory(encodeHistory(history, NOW))).toEqual(
      new Map([['c0000001', { period: 'hour', minutes: [minute('2026-01-07T10:00:00Z')] }]]),
    );
  });

  it("the cookie's Max-Age is the longest period among the entries written, pruned ones left out", () => {
    const history: FrequencyHistory = new Map([
      ['c0000001', { period: 'hour', minutes: [minute('2026-01-07T11:30:00Z')] }],
      // A week's entry whose one ad is 9 days old: pruned (a week keeps 8 days), so it sets no age.
      ['c0000002', { period: 'week', minutes: [minute('2025-12-29T12:00:00Z')] }],
      ['c0000003', { period: 'day', minutes: [minute('2026-01-07T09:00:00Z')] }],
    ]);
    const { text, maxAge } = encodedHistory(history, NOW);
    expect(text).toBe(encodeHistory(history, NOW));
    // A day keeps 26 hours: 26 x 3,600 s.
    expect(maxAge).toBe(93_600);
    expect(maxAge).toBe(historyMaxAge(decodeHistory(text) ?? new Map()));
    // With the week's ad 7 days old it is written, and a week keeps 8 days: 691,200 s.
    const week = new Map(history).set('c0000002', {
      period: 'week',
      minutes: [minute('2025-12-31T12:00:00Z')],
    });
    expect(encodedHistory(week, NOW).maxAge).toBe(691_200);
    expect(encodedHistory(new Map(), NOW)).toEqual({ text: '', maxAge: 0 });
  });

  it('stays under the size limit, the oldest ads of all dropped first', () => {
    const history: FrequencyHistory = new Map();
    // 40 creatives with 5 ads each this week: far more than fits.
    for (let index = 0; index < 40; index += 1)
      history.set(historyKey('creative', `creative-${index}`), {
        period: 'week',
        minutes: [0, 1, 2, 3, 4].map((day) => minute('2026-01-02T00:00:00Z') + day * 1440 + index),
      });
    const text = encodeHistory(history, NOW);
    expect(text.length).toBeLessThanOrEqual(MAX_HISTORY_CHARS);
    const kept = decodeHistory(text);
    const minutes = [...(kept?.values() ?? [])].flatMap((entry) => entry.minutes).sort((a, b) => a - b);
    const all = [...history.values()].flatMap((entry) => entry.minutes).sort((a, b) => a - b);
    // What is kept is the newest ads of all.
    expect(minutes).toEqual(all.slice(all.length - minutes.length));
    expect(minutes.length).toBeGreaterThan(80);
  });

  it('anything malformed is no history: a tampered text, an unknown period, too long, out of order', () => {
    for (const text of [
      'xc0000001-1',
      'dc0000001',
      'dc000001-1',
      'dc0000001-1_dc0000001-2',
      'dc0000001-2-1',
      'dc0000001-1;evil',
      `dc0000001${'-zz'.repeat(400)}`,
    ])
      expect(decodeHistory(text), text).toBeNull();
    expect(decodeHistory('')).toEqual(new Map());
  });

  it("the cookie lives as long as the longest period's horizon, at most 35 days", () => {
    expect(historyMaxAge(new Map())).toBe(0);
    expect(historyMaxAge(new Map([['c0000001', { period: 'day', minutes: [1] }]]))).toBe(26 * 3600);
    expect(historyMaxAge(new Map([['c0000001', { period: 'flight', minutes: [1] }]]))).toBe(
      MAX_HISTORY_AGE_S,
    );
    expect(MAX_HISTORY_AGE_S).toBe(35 * 86_400);
  });
});

describe("a tag's caps", () => {
  const campaignCaps = [{ count: 3, period: 'day' as const }];
  const creativeCaps = [{ count: 1, period: 'hour' as const }];
  const options = {
    campaignId: 'camp',
    creativeId: 'crea',
    zone: 'UTC',
    flightStart: null,
    uncappable: undefined,
  };

  it('none at either level: nothing to check', () => {
    expect(compileTagCaps({ ...options, campaignCaps: [], creativeCaps: null })).toBeNull();
  });

  it("the campaign's cap counts its creatives together; the creative's its own ads", () => {
    const tag = compileTagCaps({ ...options, campaignCaps, creativeCaps });
    const other = compileTagCaps({ ...options, creativeId: 'other', campaignCaps, creativeCaps: null });
    if (tag === null || other === null) throw new Error('caps expected');
    expect(tag.uncappable).toBe('serve');
    const history: FrequencyHistory = new Map();
    recordServed(tag, history, at('2026-01-07T09:00:00Z'));
    // The creative's 1 an hour: full until 10:00; the campaign's 3 a day: 1 used.
    expect(tagCapsHold(tag, history, at('2026-01-07T09:59:00Z'))).toBe(false);
    expect(tagCapsHold(tag, history, at('2026-01-07T10:00:00Z'))).toBe(true);
    expect(tagCapsHold(other, history, at('2026-01-07T09:30:00Z'))).toBe(true);
    recordServed(other, history, at('2026-01-07T09:30:00Z'));
    recordServed(other, history, at('2026-01-07T09:40:00Z'));
    // Three ads of the campaign today: neither creative serves until tomorrow.
    expect(tagCapsHold(tag, history, at('2026-01-07T23:59:00Z'))).toBe(false);
    expect(tagCapsHold(other, history, at('2026-01-07T23:59:00Z'))).toBe(false);
    expect(tagCapsHold(other, history, at('2026-01-08T00:00:00Z'))).toBe(true);
    expect(history.get(historyKey('creative', 'crea'))?.minutes).toEqual([minute('2026-01-07T09:00:00Z')]);
    expect(history.get(historyKey('campaign', 'camp'))?.minutes).toHaveLength(3);
  });
});

describe("an ad's rank in its campaign's frequency window (docs/reports.md, 'Frequency')", () => {
  const base = {
    campaignId: 'camp',
    creativeId: 'crea',
    zone: 'Europe/Berlin',
    flightStart: null,
    uncappable: undefined,
  };

  it("the window is the campaign's longest cap period in its zone: 1st, 2nd, then 1st again the next local day", () => {
    const tag = compileTagCaps({
      ...base,
      campaignCaps: [
        { count: 1, period: 'hour' },
        { count: 5, period: 'day' },
      ],
      creativeCaps: null,
    });
    if (tag === null) throw new Error('caps expected');
    expect(tag.counted).toEqual({ campaignId: 'camp', key: historyKey('campaign', 'camp'), period: 'day' });
    const history: FrequencyHistory = new Map();
    const serve = (iso: string) => {
      recordServed(tag, history, at(iso));
      return servedRank(tag, history, at(iso));
    };
    // Berlin is UTC+1 in January: its day runs 23:00Z to 23:00Z.
    expect(serve('2026-01-07T08:00:00Z')).toBe(1);
    expect(serve('2026-01-07T22:59:00Z')).toBe(2);
    expect(serve('2026-01-07T23:00:00Z')).toBe(1);
    expect(serve('2026-01-08T10:00:00Z')).toBe(2);
  });

  it('a tag whose campaign has no cap (only its creative has) is not counted', () => {
    const tag = compileTagCaps({ ...base, campaignCaps: null, creativeCaps: [{ count: 2, period: 'day' }] });
    if (tag === null) throw new Error('caps expected');
    expect(tag.counted).toBeNull();
    const history: FrequencyHistory = new Map();
    recordServed(tag, history, at('2026-01-07T08:00:00Z'));
    expect(servedRank(tag, history, at('2026-01-07T08:00:00Z'))).toBeNull();
  });
});
