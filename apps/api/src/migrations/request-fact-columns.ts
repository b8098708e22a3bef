// The forecast's history's fact columns, written from the domain's list when the server migrates
// (docs/reports.md, "The inventory forecast"): a column of `ad_request_facts` for every fact of
// REQUEST_FACTS ('' unknown for the rows kept before it), and the table's key over all of them, so the
// rows of one hour and one combination of facts add up. The step is named by a digest of what it writes,
// so it runs once on every database and once more whenever a fact is added: a new fact needs no
// migration of its own (docs/architecture.md, "How to add a request fact"). A fact taken out of the
// list keeps its column until a migration of its own drops it.
import { createHash } from 'node:crypto';
import { REQUEST_FACTS } from '@adconsole/domain';

/** The columns and the key of `ad_request_facts` over `columns` (each fact's, in the list's order). */
export const requestFactColumns = (columns: readonly string[]): string =>
  [
    ...columns.map(
      (column) => `alter table ad_request_facts add column if not exists ${column} text not null default '';`,
    ),
    'alter table ad_request_facts drop constraint if exists ad_request_facts_pkey;',
    `alter table ad_request_facts add constraint ad_request_facts_pkey primary key (campaign_id, bucket, ${columns.join(', ')});`,
  ].join('\n');

const sql = requestFactColumns(REQUEST_FACTS.map((fact) => fact.column));

/**
 * The columns of today's list, after every numbered migration and before the events' check (its name
 * sorts between them): its name carries the digest, so a database migrated before the list grew runs it
 * again.
 */
export const requestFactColumnsMigration = {
  name: `8000_request_fact_columns_${createHash('sha256').update(sql).digest('hex').slice(0, 12)}`,
  sql,
};
