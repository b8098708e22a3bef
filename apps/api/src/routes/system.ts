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
];
