import { describe, expect, it } from 'vitest';
import { EVENT_TYPES } from '../serving/serve-paths';
import {
  eventFitsCreative,
  eventRank,
  type ImpressionHistory,
  judgeEvent,
  prerequisiteOf,
} from './integrity';

const history = (entries: [string, string | null][]) => new Map(entries) as ImpressionHistory;

describe('event integrity', () => {
  it('a click or an engagement counts only after its impression counted (stops clicks without a view)', () => {
    for (const type of ['click', 'engagement', 'viewable']) {
      expect(judgeEvent(type, null, history([]))).toEqual({ verdict: 'wait' });
      expect(judgeEvent(type, null, history([['impression', null]]))).toEqual({
        verdict: 'store',
        reason: null,
      });
    }
  });

  it('complete and the quartiles count only after start (stops completes fired alone)', () => {
    for (const type of ['firstQuartile', 'midpoint', 'thirdQuartile', 'complete']) {
      expect(prerequisiteOf(type)).toBe('start');
      expect(judgeEvent(type, null, history([['impression', null]]))).toEqual({ verdict: 'wait' });
      expect(
        judgeEvent(
          type,
          null,
          history([
            ['impression', null],
            ['start', null],
          ]),
        ),
      ).toEqual({ verdict: 'store', reason: null });
    }
    expect(prerequisiteOf('start')).toBe('impression');
  });

  it('one of each type per impression: a replay is a duplicate, never stored twice (stops replayed beacons)', () => {
    expect(judgeEvent('impression', null, history([['impression', null]]))).toEqual({ verdict: 'duplicate' });
    expect(
      judgeEvent(
        'click',
        null,
        history([
          ['impression', null],
          ['click', 'rate'],
        ]),
      ),
    ).toEqual({ verdict: 'duplicate' });
  });

  it("an event of an invalid impression is invalid for the impression's reason (a bot's clicks stay a bot's)", () => {
    expect(judgeEvent('click', null, history([['impression', 'rate']]))).toEqual({
      verdict: 'store',
      reason: 'rate',
    });
    expect(judgeEvent('click', 'data-centre', history([['impression', null]]))).toEqual({
      verdict: 'store',
      reason: 'data-centre',
    });
    expect(judgeEvent('impression', 'bot', history([]))).toEqual({ verdict: 'store', reason: 'bot' });
    // Invalid on its own: stored with its reason at once, not held for an impression.
    expect(judgeEvent('complete', 'mismatch', history([]))).toEqual({ verdict: 'store', reason: 'mismatch' });
  });

  it('a new event type needs its impression first, without a rule of its own', () => {
    expect(prerequisiteOf('creativeView')).toBe('impression');
    expect(judgeEvent('creativeView', null, history([]))).toEqual({ verdict: 'wait' });
  });

  it('orders an impression first, then start, then the rest, video progress last', () => {
    const sorted = [...EVENT_TYPES].reverse().sort((a, b) => eventRank(a) - eventRank(b));
    expect(sorted[0]).toBe('impression');
    expect(sorted[1]).toBe('start');
    expect(sorted.slice(-4).sort()).toEqual(['complete', 'firstQuartile', 'midpoint', 'thirdQuartile']);
  });

  it('video events fit only VAST/VPAID creatives and banners with a video layout (stops completes on an image)', () => {
    for (const type of ['start', 'firstQuartile', 'midpoint', 'thirdQuartile', 'complete']) {
      expect(eventFitsCreative(type, { type: 'Banner', layout: null })).toBe(false);
      expect(eventFitsCreative(type, { type: 'Banner', layout: 'in-banner-video' })).toBe(true);
      expect(eventFitsCreative(type, { type: 'VAST' })).toBe(true);
      expect(eventFitsCreative(type, { type: 'VPAID' })).toBe(true);
    }
    for (const type of ['impression', 'viewable', 'engagement', 'click'])
      expect(eventFitsCreative(type, { type: 'Banner', layout: null })).toBe(true);
  });
});
