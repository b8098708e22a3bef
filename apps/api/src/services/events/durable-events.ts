// The events this process has made durable lately (committed, journalled or in the event log), by
// impression and type: a repeat of one (a player's retry, a pixel fired twice, a replayed URL) is
// answered at once, with no signature check, no classification and no write. The store would drop it
// anyway: an impression's event of a type counts once (integrity.ts, `judgeEvent`'s `duplicate`), so
// the answer and the counts are what they were before. A repeat this process has not seen (another
// process made the first one durable, or it has been forgotten) goes the whole way and is dropped by
// the store, as before. docs/serving.md, "A repeated beacon".
import { RecentMap } from '../recent-map';
import type { TrackedEvent } from './tracked-event';

/** How many events are remembered: about 8 MB of keys; minutes of a busy process's events. */
const DURABLE_EVENTS_LIMIT = 100_000;

export class DurableEvents {
  private readonly keys: RecentMap<string, true>;

  constructor(limit = DURABLE_EVENTS_LIMIT) {
    this.keys = new RecentMap(limit);
  }

  /** Whether the impression's event of this type was made durable here lately. */
  has(impressionId: string, type: string): boolean {
    return this.keys.get(`${type}|${impressionId}`) === true;
  }

  /**
   * `record` (the writer's or the event log's), remembering the event once it resolves, that is once it
   * is durable. Not when it rejects, nor an event of no impression (an import's).
   */
  through(record: (event: TrackedEvent) => Promise<void>): (event: TrackedEvent) => Promise<void> {
    return async (event) => {
      await record(event);
      if (event.impressionId !== null) this.keys.set(`${event.type}|${event.impressionId}`, true);
    };
  }
}
