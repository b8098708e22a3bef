// Starts the server: configuration, migrations, demo data, then listen and print the URL.
import { buildApp, prepareDatabase } from './app';
import { ConfigError, loadConfig } from './config';
import { seedDemoData } from './services/demo';

async function main() {
  const config = loadConfig();
  const db = await prepareDatabase(config);
  const app = await buildApp(config, { db });
  app.addHook('onClose', async () => db.close());
  const demo = await seedDemoData(app.adconsole);
  await app.listen({ port: config.port, host: config.host });
  if (demo) {
    // Printed once, when the demo account is created, so a newcomer can sign in.
    console.log(`Demo admin: ${demo.email} / password: ${demo.password}`);
  } else if (config.demoData) {
    console.log(
      `Demo admin: demo@${config.companyDomain} (its password was printed when it was created; reset it from the sign-in page, the link lands in ${config.dataDir}/outbox)`,
    );
  }
  console.log(`Adconsole listening on ${config.publicUrl} (API under ${config.publicUrl}/api)`);
  if (config.demoData)
    console.log(`Demo publisher page with the demo ads live: ${config.adServingUrl}/serve/demo`);
  // Stop accepting, let the requests in flight finish (tracking calls wait for their batch), write the
  // events still held, close the database, exit.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      app.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('The server could not start:', error);
  }
  process.exit(1);
});
