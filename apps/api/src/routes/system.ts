import { z } from 'zod';
import { defineRoute } from '../http/routes';

export const systemRoutes = [
  defineRoute({
    method: 'GET',
    path: '/ping',
    summary: 'Liveness check: answers "Pong".',
    tag: 'System',
    access: 'public',
    answer: z.literal('Pong'),
    handler: async () => 'Pong',
  }),
  defineRoute({
    method: 'GET',
    path: '/config',
    summary: "The console's public settings: the company domain sign-up is limited to.",
    tag: 'System',
    access: 'public',
    answer: z.object({ companyDomain: z.string(), companyName: z.string() }),
    handler: async ({ ctx }) => ({
      companyDomain: ctx.config.companyDomain,
      companyName: 'Adconsole',
    }),
  }),
];
