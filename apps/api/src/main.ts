// Starts the server: configuration, migrations, demo data, then listen and print the URL.
import { buildApp, prepareDatabase } from './app';
import { ConfigError, loadConfig } from './config';
import { seedDemoData } from './services/demo';

async function main() {
  const config = loadConfig();
  const db = await prepareDatabase(config);
  const app = await buildApp(config, { db });
  app.addHook('onClose', async () => db.close());
  const demo = await seedDemoData(db, config);
  await app.listen({ port: config.port, host: config.host });
  if (demo) {
    console.log(`Demo admin: ${demo.email} / password: ${demo.password}`);
  } else {
    console.log(
      `Demo admin: demo@${config.companyDomain} (password printed at first start; set DEMO_PASSWORD to fix it)`,
    );
  }
  console.log(`Adconsole API listening on ${config.publicUrl} (API under ${config.publicUrl}/api)`);
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
