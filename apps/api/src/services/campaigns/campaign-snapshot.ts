// What the audit log keeps of a campaign: the fields a person sets (goal and rate as people read them, its
// advertiser by name and its insertion order by PO number and name), docs/architecture.md "How to audit a
// change".
import { formatBudget } from '@adconsole/domain';
import type { Queryable } from '../../db/database';
import { findAdvertiser } from '../../db/queries/advertisers';
import type { CampaignRow } from '../../db/queries/campaigns';
import { findInsertionOrder } from '../../db/queries/insertion-orders';
import type { Change } from '../audit/record';
import { goalText, rateText } from '../audit/snapshots';

/** How a campaign's advertiser and order read in its history. */
interface CampaignNames {
  advertiser: string | null;
  insertionOrder: string | null;
}

async function namesOf(db: Queryable, row: CampaignRow): Promise<CampaignNames> {
  const [advertiser, order] = await Promise.all([
    findAdvertiser(db, row.advertiser_id),
    row.insertion_order_id ? findInsertionOrder(db, row.insertion_order_id) : undefined,
  ]);
  return {
    // The unnamed advertiser reads as none, as the campaign's data.advertiser answers it.
    advertiser: advertiser && !advertiser.unnamed ? advertiser.name : null,
    insertionOrder: order ? `${order.po_number} ${order.name}` : null,
  };
}

const flightDay = (value: unknown) =>
  value && typeof value === 'object' && 'date' in value ? (value as { date: unknown }).date : (value ?? null);

const campaignSnapshot = (row: CampaignRow, names: CampaignNames) => ({
  name: row.name,
  advertiser: names.advertiser,
  // Only a campaign funded by an order at some time names it: the entries from before orders read the same.
  ...(names.insertionOrder ? { insertionOrder: names.insertionOrder } : {}),
  start: flightDay(row.body.data?.start),
  end: flightDay(row.body.data?.end),
  timezone: row.body.data?.timezone ?? null,
  goal: goalText(row.body.data?.goal),
  // Only an even campaign's entries name it: the entries from before even delivery read the same.
  ...(row.body.data?.deliveryMode === 'even' ? { deliveryMode: 'Evenly' } : {}),
  rate: rateText(row.body.data?.rate),
  // Only a campaign with a budget names it: the entries from before budgets read the same.
  ...(row.body.data?.budget && row.body.data.rate
    ? { budget: formatBudget(row.body.data.budget, row.body.data.rate.currency) }
    : {}),
  clickParam: row.click_param,
  archivedAt: row.archived_at ? new Date(row.archived_at).toISOString() : null,
  // Only a campaign paused at some time names it: the entries from before pausing read the same.
  ...(row.paused_at ? { pausedAt: new Date(row.paused_at).toISOString(), pausedBy: row.paused_by } : {}),
});

/** A campaign made, changed or deleted (`extra`: more fields of the after side, e.g. what it was copied from). */
export async function campaignChange(
  db: Queryable,
  before: CampaignRow | null,
  after: CampaignRow | null,
  extra: Record<string, unknown> = {},
): Promise<Change> {
  const id = (after ?? before)?.id ?? '';
  return {
    entity: 'campaign',
    entityId: id,
    campaignId: id || null,
    before: before && campaignSnapshot(before, await namesOf(db, before)),
    after: after && { ...campaignSnapshot(after, await namesOf(db, after)), ...extra },
  };
}
