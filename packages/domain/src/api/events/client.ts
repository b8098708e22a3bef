// Admin calls on ad events: bringing history over from another ad server.
import type { z } from 'zod';
import { validate } from '../../validation/validation-error';
import type { Http } from '../http';
import { readData } from '../responses';
import { eventsContract } from './contract';
import { eventsImportRequestSchema } from './requests';

export function eventCalls(http: Http) {
  return {
    /** POST /v1/events/import: up to 100,000 rows, written all together or not at all. */
    async importEvents(input: z.input<typeof eventsImportRequestSchema>): Promise<{ imported: number }> {
      const body = validate(eventsImportRequestSchema, input);
      const answer = await http({ method: 'POST', path: eventsContract.importEvents.path, json: body });
      return readData(eventsContract.importEvents.answer, answer.data);
    },
  };
}
