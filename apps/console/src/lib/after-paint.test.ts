// The browser's paint reports played by hand in Node. The e2e page-load journey checks the real effect
// in Chromium: the share page's chart code is fetched after its first contentful paint.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterFirstPaint } from './after-paint';

let paints: string[] = [];
let observers: { callback: () => void; connected: boolean }[] = [];

/** The browser paints for the first time and tells the pages' observers. */
function firstContentfulPaint() {
  paints.push('first-paint', 'first-contentful-paint');
  for (const observer of observers) if (observer.connected) observer.callback();
}

beforeEach(() => {
  vi.useFakeTimers();
  paints = [];
  observers = [];
  vi.spyOn(performance, 'getEntriesByName').mockImplementation(
    (name) => paints.filter((paint) => paint === name) as unknown as PerformanceEntryList,
  );
  vi.stubGlobal(
    'PerformanceObserver',
    class {
      entry: { callback: () => void; connected: boolean };
      constructor(callback: () => void) {
        this.entry = { callback, connected: false };
        observers.push(this.entry);
      }
      observe() {
        this.entry.connected = true;
      }
      disconnect() {
        this.entry.connected = false;
      }
    },
  );
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

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
    expect(observers.every((observer) => !observer.connected)).toBe(true);
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
