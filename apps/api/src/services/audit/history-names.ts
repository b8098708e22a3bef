// The names a campaign's history reads its entries by (docs/console.md, "History"): the thing an entry is
// about when its changes do not name it ("changed creative “Leaderboard”", not "changed creative"), and
// the creatives and placements an entry names by id (an A/B test's placement and variants, a placement's
// items, a live creative's creative). From the log itself (each thing's latest `name`) and the campaign's
// creatives and placements as they are now.
import type { AuditEntry } from '@adconsole/domain';
import type { Queryable } from '../../db/database';
import { listPlacementsOfCampaign } from '../../db/queries/placements';
import { listCreativeNamesOfCampaign } from '../../db/queries/reports';

/** The ids an entry's changes name: plain ids, lists of them, and the id at the head of a list item. */
function idsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value, value.split(' ')[0] ?? value];
  if (Array.isArray(value)) return value.flatMap(idsIn);
  return [];
}

/** The entries (newest first) with `entityName` and `names` where the history knows them. */
export async function withHistoryNames(
  db: Queryable,
  campaignId: string,
  entries: readonly AuditEntry[],
): Promise<AuditEntry[]> {
  const [creatives, placements] = await Promise.all([
    listCreativeNamesOfCampaign(db, campaignId),
    listPlacementsOfCampaign(db, campaignId),
  ]);
  // Each thing's latest name: the log's, oldest to newest, then what the tables hold now.
  const latest = new Map<string, string>();
  for (const entry of [...entries].reverse()) {
    const [before, after] = entry.changes.name ?? [];
    const name = typeof after === 'string' ? after : typeof before === 'string' ? before : undefined;
    if (name !== undefined) latest.set(entry.entityId, name);
  }
  for (const thing of [...creatives, ...placements]) latest.set(thing.id, thing.name);
  return entries.map((entry) => {
    const names = Object.fromEntries(
      Object.values(entry.changes)
        .flatMap(([before, after]) => [...idsIn(before), ...idsIn(after)])
        .flatMap((id) => {
          const name = latest.get(id);
          return name === undefined || id === entry.entityId ? [] : [[id, name]];
        }),
    );
    const entityName = entry.changes.name ? undefined : latest.get(entry.entityId);
    return {
      ...entry,
      ...(entityName === undefined ? {} : { entityName }),
      ...(Object.keys(names).length === 0 ? {} : { names }),
    };
  });
}
