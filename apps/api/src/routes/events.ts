// Ad events (admins only): importing history. Tracking itself is on the serving routes (routes/serve.ts).
import { contract, EVENT_IMPORT_MAX_ROWS } from '@adconsole/domain';
import { defineRoute } from '../http/routes';
import { importEvents } from '../services/events/import';

export const eventRoutes = [
  defineRoute({
    call: contract.importEvents,
    audit: 'events',
    access: 'admin',
    bodyLimit: 32 * 1024 * 1024,
    summary: `Import event history from another ad server (admins only): up to ${EVENT_IMPORT_MAX_ROWS.toLocaleString('en')} rows, all or none.`,
    description:
      'Each row is `{liveID, type, at, count?}`: `type` one of impression, viewable, engagement, click, start, firstQuartile, midpoint, thirdQuartile, complete; `at` ISO 8601 with an offset; `count` default 1. The rows go into the raw events and the 15-minute rollups in one transaction; a bad row answers 400 naming it (`events.<index>.<field>`) and nothing is written.',
    tag: 'Events',
    handler: ({ input, ctx, user }) => importEvents(ctx, user, input),
  }),
];
