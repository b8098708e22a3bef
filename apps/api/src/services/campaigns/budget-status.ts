// Campaigns' budgets now (docs/product.md §3, docs/reports.md "Budgets: spent and left"): spent and left
// of the lifetime and today's budget, from the counted figures the ad server reads (serving/budgets.ts),
// at the rate as the reports spend. Campaigns without a budget and a rate are not read.
import { type BudgetFigures, budgetFigures, flightZone } from '@adconsole/domain';
import type { Queryable } from '../../db/database';
import type { CampaignRow } from '../../db/queries/campaigns';
import type { EventStore } from '../events/store';
import { readBudgetCounters } from '../serving/budgets';

/** Where the budgets read: the database, the event store and the clock (tests pin it). */
interface BudgetStatusSource {
  db: Queryable;
  events: { store: EventStore };
  clock?: (() => number) | undefined;
}

/** Each campaign's budget figures at the source's clock; null without a budget or a rate. */
export async function campaignBudgets(
  source: BudgetStatusSource,
  rows: readonly Pick<CampaignRow, 'id' | 'body'>[],
): Promise<Map<string, BudgetFigures | null>> {
  const now = source.clock?.() ?? Date.now();
  const entries = await Promise.all(
    rows.map(async (row): Promise<[string, BudgetFigures | null]> => {
      const data = row.body.data;
      if (!data?.budget || !data.rate) return [row.id, null];
      const counters = await readBudgetCounters(source, { id: row.id, zone: flightZone(data) }, now);
      return [row.id, budgetFigures(data.budget, data.rate, counters)];
    }),
  );
  return new Map(entries);
}
