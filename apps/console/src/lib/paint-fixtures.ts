// The browser's paint reports played by hand in Node, for the tests of the work that waits for the first
// contentful paint (after-paint.test.ts, when-idle.test.ts): `performance.getEntriesByName` and
// `PerformanceObserver` stand in, with fake timers, for each test of the file that calls this.
import { afterEach, beforeEach, vi } from 'vitest';

/**
 * Installs the stand-ins around each test; answers the call that makes the browser paint first, and how
 * many of the pages' observers still listen.
 */
export function playPaintReports(): { firstContentfulPaint: () => void; listening: () => number } {
  let paints: string[] = [];
  let observers: { callback: () => void; connected: boolean }[] = [];
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
  return {
    /** The browser paints for the first time and tells the pages' observers. */
    firstContentfulPaint: () => {
      paints.push('first-paint', 'first-contentful-paint');
      for (const observer of observers) if (observer.connected) observer.callback();
    },
    listening: () => observers.filter((observer) => observer.connected).length,
  };
}
