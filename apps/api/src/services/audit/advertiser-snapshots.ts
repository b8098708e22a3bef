// What the audit log keeps of an advertiser and an insertion order (docs/product.md §3): the fields a
// person sets, flat and readable (a budget as an amount of the currency, the campaigns an order funds by
// their ids). Neither belongs to one campaign: their entries are the advertiser's, not a campaign's.
import { minorToAmount } from '@adconsole/domain';
import type { AdvertiserRow } from '../../db/queries/advertisers';
import type { InsertionOrderRow } from '../../db/queries/insertion-orders';
import type { Change, Snapshot } from './record';

const advertiserSnapshot = (row: AdvertiserRow): Snapshot => ({
  name: row.name,
  currency: row.currency,
  billingName: row.billing_name,
  billingEmail: row.billing_email,
  notes: row.notes,
  requiresApproval: row.requires_approval,
  clientSeesCosts: row.client_sees_costs,
});

/** An advertiser made, changed or deleted. */
export const advertiserChange = (before: AdvertiserRow | null, after: AdvertiserRow | null): Change => ({
  entity: 'advertiser',
  entityId: (after ?? before)?.id ?? '',
  campaignId: null,
  before: before && advertiserSnapshot(before),
  after: after && advertiserSnapshot(after),
});

/** An order as the log keeps it: with its currency (the advertiser's) and the campaigns it funds. */
interface OrderSnapshotFields {
  row: InsertionOrderRow;
  currency: string;
  campaignIds: readonly string[];
}

const orderSnapshot = ({ row, currency, campaignIds }: OrderSnapshotFields): Snapshot => ({
  poNumber: row.po_number,
  name: row.name,
  start: row.start_date,
  end: row.end_date,
  orderBudget: `${currency} ${minorToAmount(Number(row.budget_minor), currency)}`,
  campaignIds: [...campaignIds].sort(),
});

/** An insertion order made, changed or deleted. */
export const insertionOrderChange = (
  before: OrderSnapshotFields | null,
  after: OrderSnapshotFields | null,
): Change => ({
  entity: 'insertionOrder',
  entityId: (after ?? before)?.row.id ?? '',
  campaignId: null,
  before: before && orderSnapshot(before),
  after: after && orderSnapshot(after),
});
