import { contract } from '@adconsole/domain';
import { defineRoute } from '../http/routes';

export const systemRoutes = [
  defineRoute({
    call: contract.ping,
    access: 'public',
    summary: 'Liveness check: answers "Pong".',
    tag: 'System',
    handler: async () => 'Pong' as const,
  }),
  defineRoute({
    call: contract.config,
    access: 'public',
    summary:
      "The console's public settings: the company domain sign-up is limited to, where ad tags load from, and the TCF vendor id tags put in their consent macros.",
    tag: 'System',
    handler: async ({ ctx }) => ({
      companyDomain: ctx.config.companyEmailRule,
      companyName: 'Adconsole',
      adServingUrl: ctx.config.adServingUrl,
      tcfVendorID: ctx.config.tcfVendorID,
    }),
  }),
];
