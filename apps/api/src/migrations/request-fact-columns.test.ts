// The forecast's history's fact columns are written from the domain's list when the server migrates
// (docs/reports.md, "The inventory forecast"): a database of the numbered migrations alone gains a
// column for every fact of REQUEST_FACTS, its rows kept with the new facts unknown, and the table's key
// over every fact; the step's name follows the list, so a new fact is a new step and needs no migration.
import { REQUEST_FACTS } from '@adconsole/domain';
import { describe, expect, it } from 'vitest';
import { migrate } from '../db/migrate';
import { freshDatabase, testDatabaseKind } from '../test/harness';
import { eventTypesMigration } from './event-types';
import { migrations } from './index';
import { requestFactColumns, requestFactColumnsMigration } from './request-fact-columns';

const numbered = migrations.filter((migration) => /^\d{4}_/.test(migration.name) && migration.name < '8000');

describe(`the forecast history's fact columns on ${testDatabaseKind()}`, () => {
  it('adds each fact of the list as a column (old rows unknown) and keys the table on every fact', async () => {
    const fresh = await freshDatabase();
    const db = fresh.db;
    try {
      await migrate(db, numbered);
      await db.query(
        `insert into ad_request_facts (campaign_id, bucket, country, requests) values ('c1', '2026-11-26T10:00:00Z', 'DE', 3)`,
      );
      await migrate(db);
      const columns = (
        await db.query<{ column_name: string }>(
          "select column_name from information_schema.columns where table_name = 'ad_request_facts'",
        )
      ).map((row) => row.column_name);
      for (const fact of REQUEST_FACTS) expect(columns, fact.key).toContain(fact.column);
      const [old] = await db.query<Record<string, string | number>>(
        'select * from ad_request_facts where campaign_id = $1',
        ['c1'],
      );
      for (const fact of REQUEST_FACTS)
        expect(old?.[fact.column], fact.key).toBe(fact.key === 'country' ? 'DE' : '');
      // Two rows that differ in the last fact alone are two rows of the key.
      const last = REQUEST_FACTS.at(-1)?.column ?? '';
      await db.query(
        `insert into ad_request_facts (campaign_id, bucket, country, ${last}, requests) values ('c1', '2026-11-26T10:00:00Z', 'DE', 'x', 1)`,
      );
      const [count] = await db.query<{ n: number }>('select count(*)::int as n from ad_request_facts');
      expect(count?.n).toBe(2);
      // Migrating again does nothing: the step ran once.
      expect(await migrate(db)).toEqual([]);
    } finally {
      await fresh.drop();
    }
  });

  it("runs after every numbered migration and before the events' check, named by its digest: a new fact is a new step", () => {
    expect(migrations.at(-2)).toBe(requestFactColumnsMigration);
    expect(migrations.at(-1)).toBe(eventTypesMigration);
    expect(requestFactColumnsMigration.name).toMatch(/^8000_request_fact_columns_[0-9a-f]{12}$/);
    expect(requestFactColumnsMigration.sql).toBe(
      requestFactColumns(REQUEST_FACTS.map((fact) => fact.column)),
    );
    for (const migration of numbered) expect(migration.name < requestFactColumnsMigration.name).toBe(true);
    expect(requestFactColumns(['country', 'weather'])).toContain('add column if not exists weather');
    expect(requestFactColumns(['country', 'weather'])).toContain(
      'primary key (campaign_id, bucket, country, weather)',
    );
  });
});
