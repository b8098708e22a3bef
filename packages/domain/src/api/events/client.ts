// Admin calls on ad events: bringing history over from another ad server.
import type { Http } from '../http';
import { type CallInput, send } from '../send';
import { eventsContract } from './contract';

export function eventCalls(http: Http) {
  return {
    /** POST /v1/events/import: up to 100,000 rows, written all together or not at all. */
    importEvents: (input: CallInput<typeof eventsContract.importEvents>): Promise<{ imported: number }> =>
      send(http, eventsContract.importEvents, input),
  };
}
