// The load balancer's health check (GET /api/ping): "Pong" only while this process can do its work. It
// answers 503 when the database does not answer within a few seconds (the process could answer
// nothing useful), and from SIGTERM on (draining: the load balancer stops sending new requests while
// the ones in flight finish; http/drain.ts).
import { ApiError, MESSAGES } from '@adconsole/domain';
import type { Context } from '../../context';
import { pingDatabase } from '../../db/queries/health';

/** How long the check waits for the database before it answers 503. */
const DATABASE_CHECK_MS = 3000;

export async function ping(ctx: Context): Promise<'Pong'> {
  if (ctx.lifecycle.draining) throw ApiError.of(503, MESSAGES.shuttingDown);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), DATABASE_CHECK_MS);
  });
  try {
    const answer = await Promise.race([pingDatabase(ctx.db).then(() => 'answered' as const), late]);
    if (answer === 'late') throw ApiError.of(503, MESSAGES.databaseUnavailable);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw ApiError.of(503, MESSAGES.databaseUnavailable);
  } finally {
    clearTimeout(timer);
  }
  return 'Pong';
}
