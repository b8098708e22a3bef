// The events this process has made durable lately (committed, journalled or in the event log), by
// impression and type: a repeat of one (a player's retry, a pixel fired twice, a replayed URL) is
// answered at once, with no signature check, no classification and no write. The store would drop it
// anyway: an impression's event of a type counts once (integrity.ts, `judgeEvent`'s `duplicate`), so
// the answer and the counts are what they were before. A repeat this process has not seen (another
// process made the first one durable, or it has been forgotten) goes the whole way and is dropped by
// the store, as before. docs/serving.md, "A repeated beacon".
//
// Kept by impression id, each with a bit per tracked event type: a unique beacon's lookup is one Map
// miss on the id as the query gave it (no key text built per request). Coded pings (`error:401`) and
// the server's own events are not remembered: they go the whole way.
import { TRACKED_EVENT_TYPES } from '@adconsole/domain';
import { RecentMap } from '../recent-map';
import type { TrackedEvent } from './tracked-event';

/** How many impressions are remembered: about 10 MB; minutes of a busy process's events. */
const DURABLE_IMPRESSIONS_LIMIT = 100_000;

if (TRACKED_EVENT_TYPES.length > 30) throw new Error('DurableEvents keeps a type a bit: at most 30 types.');
const BIT_OF = new Map<string, number>(TRACKED_EVENT_TYPES.map((type, index) => [type, 1 << index]));

export class DurableEvents {
  private readonly impressions: RecentMap<string, number>;

  constructor(limit = DURABLE_IMPRESSIONS_LIMIT) {
    this.impressions = new RecentMap(limit);
  }

  /** Whether the impression's event of this type was made durable here lately. */
  has(impressionId: string, type: string): boolean {
    const bit = BIT_OF.get(type);
    return bit !== undefined && ((this.impressions.get(impressionId) ?? 0) & bit) !== 0;
  }

  /**
   * `record` (the writer's or the event log's), remembering the event once it resolves, that is once it
   * is durable. Not when it rejects, nor an event of no impression (an import's).
   */
  through(record: (event: TrackedEvent) => Promise<void>): (event: TrackedEvent) => Promise<void> {
    return async (event) => {
      await record(event);
      const bit = BIT_OF.get(event.type);
      if (event.impressionId === null || bit === undefined) return;
      this.impressions.set(event.impressionId, (this.impressions.get(event.impressionId) ?? 0) | bit);
    };
  }
}
