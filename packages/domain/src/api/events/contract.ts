// The admin call on ad events of the contract: bringing history over from another ad server.
import { z } from 'zod/mini';
import { call } from '../call';
import { eventsImportRequestSchema } from './requests';

/** POST /v1/events/import. */
export const eventsImportAnswerSchema = z.object({ imported: z.number().check(z.int(), z.nonnegative()) });

export const eventsContract = {
  importEvents: call({
    method: 'POST',
    path: '/v1/events/import',
    input: eventsImportRequestSchema,
    answer: eventsImportAnswerSchema,
  }),
} as const;
