// The browser's paint reports played by hand in Node. The e2e page-load journey checks the real effect
// in Chromium: the share page's chart code is fetched after its first contentful paint.
import { describe, expect, it, vi } from 'vitest';
import { afterFirstPaint } from './after-paint';
import { playPaintReports } from './paint-fixtures';

const { firstContentfulPaint, listening } = playPaintReports();

describe('afterFirstPaint', () => {
  it('waits for the first contentful paint, then runs the work once', () => {
    const work = vi.fn();
    afterFirstPaint(work);
    vi.advanceTimersByTime(1000);
    expect(work).not.toHaveBeenCalled();
    firstContentfulPaint();
    expect(work).toHaveBeenCalledOnce();
    vi.runAllTimers();
    expect(work).toHaveBeenCalledOnce();
    expect(listening()).toBe(0);
  });

  it('runs in a later task when the page has painted already (a navigation in the console)', () => {
    firstContentfulPaint();
    const work = vi.fn();
    afterFirstPaint(work);
    expect(work).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(work).toHaveBeenCalledOnce();
  });

  it('runs after 3 s when no paint is reported (a tab opened in the background)', () => {
    const work = vi.fn();
    afterFirstPaint(work);
    vi.advanceTimersByTime(2999);
    expect(work).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(work).toHaveBeenCalledOnce();
  });

  it('runs nothing once cancelled', () => {
    const work = vi.fn();
    afterFirstPaint(work)();
    firstContentfulPaint();
    vi.runAllTimers();
    expect(work).not.toHaveBeenCalled();
  });
});
