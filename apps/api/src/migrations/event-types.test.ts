// The raw events' type check is written from the domain's list when the server migrates: every counted
// event type and the coded pings are admitted, anything else refused; the step's name follows the list,
// so a database migrated before the list grew writes the check again.
import { COUNTED_EVENT_TYPES } from '@adconsole/domain';
import { describe, expect, it } from 'vitest';
import { migrate } from '../db/migrate';
import { freshDatabase, testDatabaseKind } from '../test/harness';
import { eventTypesCheck, eventTypesMigration } from './event-types';
import { migrations } from './index';

describe(`the events' type check on ${testDatabaseKind()}`, () => {
  it('admits every counted event type of the list and the coded pings, and refuses any other type', async () => {
    const fresh = await freshDatabase();
    try {
      await migrate(fresh.db);
      const insert = (type: string) =>
        fresh.db.query('insert into events (live_id, type, at) values ($1, $2, now())', ['live-1', type]);
      for (const type of [...COUNTED_EVENT_TYPES, 'error:303', 'verificationNotExecuted:2'])
        await insert(type);
      const [stored] = await fresh.db.query<{ count: number }>('select count(*)::int as count from events');
      expect(stored?.count).toBe(COUNTED_EVENT_TYPES.length + 2);
      await expect(insert('unknownEvent')).rejects.toThrow(/events_type_check/);
      await expect(insert('error:x')).rejects.toThrow(/events_type_check/);
    } finally {
      await fresh.drop();
    }
  });

  it("runs after every numbered migration, named by its check's digest: a longer list is a new step", () => {
    expect(migrations.at(-1)).toBe(eventTypesMigration);
    expect(eventTypesMigration.sql).toBe(eventTypesCheck(COUNTED_EVENT_TYPES));
    expect(eventTypesMigration.name).toMatch(/^9000_event_types_[0-9a-f]{12}$/);
    for (const migration of migrations.slice(0, -1))
      expect(migration.name < eventTypesMigration.name).toBe(true);
    expect(eventTypesCheck([...COUNTED_EVENT_TYPES, 'newEvent'])).not.toBe(eventTypesMigration.sql);
    expect(eventTypesCheck(['impression'])).toContain("type in ('impression')");
  });
});
