// A clock that only a story's play function moves, for stories of a rule about time (a notification's
// delay, the ad's viewable and hover seconds). The component takes it where it would take the window's
// timers; time then passes only in `advance()`, so a loaded machine can neither fire a timer early (a
// slow step outlasting the delay) nor late (a sleep that was too short). Nothing waits in real time.
export class ManualClock {
  private time = 0;
  private lastId = 0;
  private readonly timers = new Map<number, { at: number; callback: () => void }>();

  readonly now = (): number => this.time;

  readonly setTimeout = (callback: () => void, ms: number): number => {
    this.lastId += 1;
    this.timers.set(this.lastId, { at: this.time + Math.max(0, ms), callback });
    return this.lastId;
  };

  readonly clearTimeout = (id: unknown): void => {
    this.timers.delete(id as number);
  };

  /** The time left on each timer that is set, soonest first: what a play function waits for. */
  pending(): number[] {
    return [...this.timers.values()].map((timer) => timer.at - this.time).sort((a, b) => a - b);
  }

  /** Moves time on by `ms`, running each timer that falls due on the way, in order. */
  advance(ms: number): void {
    const end = this.time + ms;
    for (;;) {
      let due: [number, { at: number; callback: () => void }] | undefined;
      for (const entry of this.timers)
        if (entry[1].at <= end && (!due || entry[1].at < due[1].at)) due = entry;
      if (!due) break;
      this.timers.delete(due[0]);
      this.time = due[1].at;
      due[1].callback();
    }
    this.time = end;
  }

  /** Back to time 0 with no timer set (between stories that share one clock). */
  reset(): void {
    this.timers.clear();
    this.time = 0;
  }
}
