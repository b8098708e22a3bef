import { describe, expect, it } from 'vitest';
import { quartileTracker } from './quartiles';

describe('quartileTracker', () => {
  it('fires start when playback begins, then each quartile as the position reaches it', () => {
    const tracker = quartileTracker();
    expect(tracker.progress(0, 8)).toEqual(['start']);
    expect(tracker.progress(1.9, 8)).toEqual([]);
    expect(tracker.progress(2, 8)).toEqual(['firstQuartile']);
    expect(tracker.progress(4.1, 8)).toEqual(['midpoint']);
    expect(tracker.progress(6.5, 8)).toEqual(['thirdQuartile']);
    expect(tracker.ended()).toEqual(['complete']);
  });

  it('fires every step a jump passes over, in order', () => {
    const tracker = quartileTracker();
    expect(tracker.progress(5, 8)).toEqual(['start', 'firstQuartile', 'midpoint']);
  });

  it('fires each event once: a replay after the end fires nothing again', () => {
    const tracker = quartileTracker();
    tracker.progress(0, 4);
    tracker.progress(3.9, 4);
    expect(tracker.ended()).toEqual(['complete']);
    expect(tracker.progress(0, 4)).toEqual([]);
    expect(tracker.progress(3.9, 4)).toEqual([]);
    expect(tracker.ended()).toEqual([]);
  });

  it('counts a looping video jumping back from its last quarter as complete', () => {
    const tracker = quartileTracker();
    tracker.progress(0, 3);
    expect(tracker.progress(2.8, 3)).toEqual(['firstQuartile', 'midpoint', 'thirdQuartile']);
    expect(tracker.progress(0.1, 3)).toEqual(['complete']);
    expect(tracker.progress(2.9, 3)).toEqual([]);
    expect(tracker.progress(0.1, 3)).toEqual([]);
  });

  it('does not take a small step back (a seek, a stall) for the end', () => {
    const tracker = quartileTracker();
    tracker.progress(2.5, 3);
    expect(tracker.progress(2.2, 3)).toEqual([]);
  });

  it('an ended video without progress reports fires every step before complete', () => {
    expect(quartileTracker().ended()).toEqual([
      'start',
      'firstQuartile',
      'midpoint',
      'thirdQuartile',
      'complete',
    ]);
  });

  it('ignores positions without a known duration', () => {
    const tracker = quartileTracker();
    expect(tracker.progress(0, Number.NaN)).toEqual([]);
    expect(tracker.progress(1, 0)).toEqual([]);
    expect(tracker.progress(Number.NaN, 3)).toEqual([]);
  });
});
