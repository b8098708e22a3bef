// Timers are injected (StartOptions.timers) so tests can drive time; the script uses the window's.
export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(id: unknown): void;
}

/** A one-shot timer that can be armed and disarmed any number of times until it fires once. */
export interface OnceTimer {
  /** Runs the timer while `on` holds; stops it (losing the time run so far) when `on` is false. */
  set(on: boolean): void;
  readonly done: boolean;
}

export function onceTimer(timers: Timers, ms: number, fire: () => void): OnceTimer {
  let id: unknown;
  let running = false;
  let done = false;
  return {
    set(on) {
      if (done || on === running) return;
      running = on;
      if (on) {
        id = timers.setTimeout(() => {
          running = false;
          done = true;
          fire();
        }, ms);
      } else timers.clearTimeout(id);
    },
    get done() {
      return done;
    },
  };
}
