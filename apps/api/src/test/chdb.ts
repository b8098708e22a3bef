// The embedded ClickHouse (chdb) for the ClickHouse suite and bench: `npm run test:clickhouse` installs
// it into tools/chdb (543 MB, never part of `pnpm install`); this loads it from there and answers a
// `@clickhouse/client` whose queries run in this process, on a fresh database per call.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ClickHouseClient, createClient } from '@clickhouse/client';

type Connection = NonNullable<NonNullable<Parameters<typeof createClient>[0]>['connection']>;

const CHDB_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../tools/chdb');

/**
 * A connection to the process's one chdb engine: libchdb binds one data directory per process, and
 * `:memory:` connections share it (reference-counted), so each client may close its own.
 */
function chdbConnection(): Connection {
  if (!existsSync(path.join(CHDB_DIR, 'node_modules/chdb'))) {
    throw new Error(
      `chdb is not installed in ${CHDB_DIR}: run \`npm run test:clickhouse\` (it installs it).`,
    );
  }
  const load = createRequire(path.join(CHDB_DIR, 'package.json'));
  const { createChdbConnection } = load('chdb/connection') as {
    createChdbConnection(options: { path: string }): Connection;
  };
  return createChdbConnection({ path: ':memory:' });
}

let databases = 0;

/** A client of the embedded ClickHouse and a database name no other test in this process uses. */
export function embeddedClickHouse(): { client: ClickHouseClient; database: string } {
  databases += 1;
  return {
    client: createClient({ connection: chdbConnection() }),
    database: `adconsole_test_${process.pid}_${databases}`,
  };
}
