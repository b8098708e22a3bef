// The raw events' check on their type, written from the domain's list when the server migrates: every
// counted event type (COUNTED_EVENT_TYPES, each with its figure in reports/figures.ts) and the coded
// pings ('error:303'). The step is named by a digest of the check it writes, so it runs once on every
// database and once more whenever the list changes: a new counted event type needs no migration of its
// own for the check (docs/architecture.md, "How to add a figure").
import { createHash } from 'node:crypto';
import { CODED_EVENT_KINDS, COUNTED_EVENT_TYPES } from '@adconsole/domain';

/** `alter table events` dropping the type check and adding it again over `types` and the coded kinds. */
export const eventTypesCheck = (
  types: readonly string[],
  coded: readonly string[] = CODED_EVENT_KINDS,
): string =>
  `alter table events drop constraint if exists events_type_check;
alter table events add constraint events_type_check check (
  type in (${types.map((type) => `'${type}'`).join(', ')})
  or type ~ '^(${coded.join('|')}):[0-9]{1,3}$'
);`;

const sql = eventTypesCheck(COUNTED_EVENT_TYPES);

/**
 * The check of today's list, after every numbered migration (its name sorts after theirs): its name
 * carries the check's digest, so a database migrated before the list grew runs it again.
 */
export const eventTypesMigration = {
  name: `9000_event_types_${createHash('sha256').update(sql).digest('hex').slice(0, 12)}`,
  sql,
};
