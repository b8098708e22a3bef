// Applies each migration once, in order, inside its own transaction, recorded in schema_migrations.
// Under an advisory lock: API processes started together on one database migrate one after the other,
// and the later ones find nothing left to do.
import { migrations as allMigrations, type Migration } from '../migrations/index';
import { type Database, LOCKS } from './database';

export function migrate(db: Database, migrations: readonly Migration[] = allMigrations): Promise<string[]> {
  return db.exclusive(LOCKS.migrations, () => applyMigrations(db, migrations));
}

async function applyMigrations(db: Database, migrations: readonly Migration[]): Promise<string[]> {
  await db.exec(
    'create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())',
  );
  const applied = new Set(
    (await db.query<{ name: string }>('select name from schema_migrations')).map((row) => row.name),
  );
  const ran: string[] = [];
  for (const migration of migrations) {
    if (applied.has(migration.name)) continue;
    await db.transaction(async (tx) => {
      await tx.exec(migration.sql);
      await tx.query('insert into schema_migrations (name) values ($1)', [migration.name]);
    });
    ran.push(migration.name);
  }
  return ran;
}
