import { contract, MESSAGES } from '@adconsole/domain';
import { defineRoute } from '../http/routes';
import { ping } from '../services/system/health';
import { publicConfigOf } from '../services/system/public-config';

export const systemRoutes = [
  defineRoute({
    call: contract.ping,
    access: 'public',
    summary: 'Health check for a load balancer: answers "Pong" only while the database answers.',
    description:
      'Runs one query against the database (3 s at most). Answers 503 when the database does not answer, and from SIGTERM on while the process drains before it exits (docs/deploy.md), so the load balancer sends new requests to another process.',
    tag: 'System',
    errors: { 503: `'${MESSAGES.databaseUnavailable}' or '${MESSAGES.shuttingDown}'` },
    handler: ({ ctx }) => ping(ctx),
  }),
  defineRoute({
    call: contract.config,
    access: 'public',
    summary:
      "The console's public settings: the company domain sign-up is limited to, where ad tags load from, and the TCF vendor id tags put in their consent macros.",
    tag: 'System',
    handler: async ({ ctx }) => publicConfigOf(ctx.config),
  }),
];
