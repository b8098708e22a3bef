// Starts the server: configuration, migrations, demo data, then listen and print the URL.
import path from 'node:path';
import { buildApp, prepareDatabase } from './app';
import { type Config, ConfigError, loadConfig } from './config';
import { shutdownOnSignals } from './http/drain';
import { seedDemoDataOnce } from './services/demo/demo';

/** What a newcomer needs once the server listens: the address that works, the sign-in, where mail goes. */
function startBanner(config: Config, demo: { email: string; password: string } | undefined): string {
  const lines = [`Adconsole is running at ${config.publicUrl}`];
  if (demo) {
    // Printed once, when the demo account is created, so a newcomer can sign in.
    lines.push(`  Sign in as the demo admin: ${demo.email} / ${demo.password}`);
  } else if (config.demoData) {
    lines.push(
      `  Demo admin: demo@${config.companyDomain} (its password was printed when it was created; reset it from the sign-in page)`,
    );
  }
  lines.push(
    config.smtpUrl
      ? '  Mail (invitations, password resets, reports) goes out through SMTP_URL'
      : `  Mail (invitations, password resets, reports) is written to ${path.join(config.dataDir, 'outbox')}`,
  );
  lines.push(`  API under ${config.publicUrl}/api, its description at ${config.publicUrl}/api/openapi.json`);
  if (config.demoData)
    lines.push(`  Demo publisher page with the demo ads live: ${config.adServingUrl}/serve/demo`);
  return lines.join('\n');
}

/**
 * A start-up step on its own line, with how long it took: `npm start` says what it is doing (opening and
 * migrating the database, seeding the demo) instead of going quiet for most of a minute after its build.
 */
async function step<T>(what: string, work: () => Promise<T>): Promise<T> {
  const started = Date.now();
  console.log(`${what}…`);
  const result = await work();
  console.log(`  done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

async function main() {
  const config = loadConfig();
  const where = config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`;
  const db = await step(`Opening the database (${where}) and applying its migrations`, () =>
    prepareDatabase(config),
  );
  // The outbox's lines (the demo's own alert mails come just after the banner) as plain text like the
  // banner's, not JSON log records among it.
  const app = await step('Starting the server (event store, jobs, serving)', () =>
    buildApp(config, { db, closesDb: true, outboxLog: (line) => console.log(line) }),
  );
  // Processes started together on an empty database seed it once: the others wait, then find users.
  let seeding = 0;
  const demo = await seedDemoDataOnce(app.adconsole, {
    days: app.adconsole.config.demoDays,
    onSeeding: (days) => {
      seeding = Date.now();
      console.log(
        `Seeding the demo data: an account, a campaign and ${days} days of events (first start only)…`,
      );
    },
  });
  if (seeding > 0) console.log(`  done in ${((Date.now() - seeding) / 1000).toFixed(1)} s`);
  // Fastify would log each address it listens on ("Server listening at http://127.0.0.1:4000", the LAN
  // address): the console works only at PUBLIC_URL (its CSP names that origin), so only that is printed.
  const level = app.log.level;
  app.log.level = 'warn';
  await app.listen({ port: config.port, host: config.host });
  app.log.level = level;
  console.log(startBanner(config, demo));
  // SIGTERM: fail the health check and keep answering for DRAIN_SECONDS, then stop accepting, let the
  // requests in flight finish (tracking calls wait for their batch), write the events still held, close
  // the database, exit (http/drain.ts). SIGINT: the same without the wait.
  shutdownOnSignals(app, { drainMs: config.drainSeconds * 1000 });
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('The server could not start:', error);
  }
  process.exit(1);
});
