// The benches' throwaway databases: PGlite on disk in a temporary folder, or a new PostgreSQL database
// on the server at `adminUrl`; `drop` closes and removes either.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createPgliteDatabase, createPostgresDatabase, type Database } from '../apps/api/src/db/database';

export interface ScratchDatabase {
  db: Database;
  drop(): Promise<void>;
}

export async function scratchPglite(prefix: string): Promise<ScratchDatabase> {
  const dir = mkdtempSync(path.join(tmpdir(), `${prefix}-`));
  const db = await createPgliteDatabase(dir);
  return {
    db,
    drop: async () => {
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function scratchPostgres(adminUrl: string): Promise<ScratchDatabase> {
  // Random too: two benches (two worktrees) starting in one millisecond must not share a database.
  const name = `adconsole_bench_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = await createPostgresDatabase(adminUrl);
  await admin.exec(`create database ${name}`);
  await admin.close();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = await createPostgresDatabase(url.toString());
  return {
    db,
    drop: async () => {
      await db.close();
      const cleanup = await createPostgresDatabase(adminUrl);
      await cleanup.exec(`drop database if exists ${name} with (force)`);
      await cleanup.close();
    },
  };
}
