// Draining for rolling restarts: on SIGTERM the process fails its health check at once (GET /api/ping
// answers 503) and closes the connection after each answer, but keeps answering for DRAIN_SECONDS, the
// load balancer's time to notice and send new requests elsewhere. Then it stops accepting connections,
// lets the requests in flight finish, writes the events the writer (and its journal) still holds, closes the database and exits 0. SIGINT (Ctrl-C) does not wait.
import type { FastifyInstance } from 'fastify';

/** The longest a shutdown may take after the drain before the process exits anyway (1). */
const SHUTDOWN_LIMIT_MS = 60_000;

export interface DrainOptions {
  /** How long to keep answering after SIGTERM before closing (DRAIN_SECONDS × 1000). */
  drainMs: number;
  /** Where the signals come from: the process, or a test's emitter. */
  signals?: { once(signal: 'SIGTERM' | 'SIGINT', listener: () => void): unknown };
  /** Ends the process (process.exit; a test records the code). */
  exit?: (code: number) => void;
}

/** Marks the process draining, waits `drainMs`, then closes the server (and with it the writer and database). */
async function drain(app: FastifyInstance, drainMs: number): Promise<void> {
  app.adconsole.lifecycle.draining = true;
  if (drainMs > 0) await new Promise((resolve) => setTimeout(resolve, drainMs));
  await app.close();
}

/** Wires SIGTERM (drain, then exit 0) and SIGINT (no wait) to the server. */
export function shutdownOnSignals(app: FastifyInstance, options: DrainOptions): void {
  const signals = options.signals ?? process;
  const exit = options.exit ?? ((code: number) => process.exit(code));
  let stopping = false;
  const stop = (drainMs: number) => () => {
    if (stopping) return;
    stopping = true;
    const limit = setTimeout(() => exit(1), drainMs + SHUTDOWN_LIMIT_MS);
    limit.unref();
    drain(app, drainMs).then(
      () => {
        clearTimeout(limit);
        exit(0);
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        clearTimeout(limit);
        exit(1);
      },
    );
  };
  signals.once('SIGTERM', stop(options.drainMs));
  signals.once('SIGINT', stop(0));
}
