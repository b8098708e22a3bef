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

  it('a VAST error, a verification not executed and loaded need no impression: a player reports them when no ad showed', () => {
    for (const type of ['error:401', 'error:900', 'verificationNotExecuted:1', 'loaded']) {
      expect(prerequisiteOf(type)).toBeNull();
      expect(judgeEvent(type, null, history([]))).toEqual({ verdict: 'store', reason: null });
      // The ad request's verdict still travels with it.
      expect(judgeEvent(type, 'bot', history([]))).toEqual({ verdict: 'store', reason: 'bot' });
      expect(eventRank(type)).toBe(0);
    }
  });

  it('an error counts once per impression and code: a second 401 is a replay, a 402 is another error', () => {
    const seen = history([['error:401', null]]);
    expect(judgeEvent('error:401', null, seen)).toEqual({ verdict: 'duplicate' });
    expect(judgeEvent('error:402', null, seen)).toEqual({ verdict: 'store', reason: null });
  });

  it('skip and closeLinear follow start; NotViewable and ViewUndetermined follow the impression', () => {
    expect(prerequisiteOf('skip')).toBe('start');
    expect(prerequisiteOf('closeLinear')).toBe('start');
    expect(prerequisiteOf('notViewable')).toBe('impression');
    expect(prerequisiteOf('viewUndetermined')).toBe('impression');
  });

  it("VAST's own events and coded pings fit only video creatives (a banner's image sends none)", () => {
    for (const type of ['creativeView', 'skip', 'closeLinear', 'loaded', 'notViewable', 'error:401']) {
      expect(eventFitsCreative(type, { type: 'Banner', layout: null })).toBe(false);
      expect(eventFitsCreative(type, { type: 'VAST' })).toBe(true);
    }
  });
});
