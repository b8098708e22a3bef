// The demo account's advertisers (docs/product.md §3): Northwind Outdoor, whose campaigns the demo's
// are (the running one funded by an insertion order with a PO number and a budget), and Contoso Coffee
// with a campaign of its own booked at a CPC. Written straight into the tables: a handful of rows, so
// the demo's start stays as fast as it was.
import type { Queryable } from '../../db/database';
import { insertAdvertiser } from '../../db/queries/advertisers';
import { insertCampaign } from '../../db/queries/campaigns';
import { insertInsertionOrder } from '../../db/queries/insertion-orders';
import { newId } from '../ids';

export const DEMO_ADVERTISER = 'Northwind Outdoor';
const DEMO_SECOND_ADVERTISER = 'Contoso Coffee';
/** The order funding the demo campaign: USD 7,500.00 (the campaign books 1,275,000 impressions at USD 4.50 CPM). */
const DEMO_ORDER = {
  poNumber: 'PO-NW-2026-014',
  name: 'Northwind summer flight',
  budgetMinor: 750_000,
};

interface DemoAdvertisers {
  northwindId: string;
  contosoId: string;
  orderId: string;
}

/** The two advertisers and Northwind's order (flying `start` to `end`), before their campaigns. */
export async function seedDemoAdvertisers(
  db: Queryable,
  ownerId: string,
  flight: { start: string; end: string },
): Promise<DemoAdvertisers> {
  const advertiser = async (name: string, billing: { name: string; email: string }) => {
    const row = await insertAdvertiser(db, {
      id: newId(),
      ownerId,
      name,
      currency: 'USD',
      billingName: billing.name,
      billingEmail: billing.email,
      notes: null,
    });
    if (!row) throw new Error(`The demo advertiser ${name} was not saved`);
    return row.id;
  };
  const northwindId = await advertiser(DEMO_ADVERTISER, {
    name: 'Northwind Outdoor Ltd., Accounts payable',
    email: 'ap@northwind.example',
  });
  const contosoId = await advertiser(DEMO_SECOND_ADVERTISER, {
    name: 'Contoso Coffee GmbH',
    email: 'billing@contoso.example',
  });
  const orderId = newId();
  await insertInsertionOrder(db, {
    id: orderId,
    advertiserId: northwindId,
    poNumber: DEMO_ORDER.poNumber,
    name: DEMO_ORDER.name,
    startDate: flight.start,
    endDate: flight.end,
    budgetMinor: DEMO_ORDER.budgetMinor,
  });
  return { northwindId, contosoId, orderId };
}

/** Contoso Coffee's campaign: booked at a CPC over the coming weeks, nothing published yet. */
export async function seedContosoCampaign(
  db: Queryable,
  ownerId: string,
  advertiserId: string,
  flight: { start: string; end: string },
): Promise<string> {
  const id = newId();
  await insertCampaign(db, {
    id,
    ownerId,
    name: 'Morning brew launch',
    advertiserId,
    body: {
      data: {
        start: { date: flight.start },
        end: { date: flight.end },
        timezone: 'UTC',
        goal: { metric: 'clicks', amount: 12_000 },
        rate: { model: 'CPC', amount: 0.85, currency: 'USD' },
        // A budget in money, not yet spent (docs/serving.md, "Budgets in money").
        budget: { lifetime: 10_000, daily: 400 },
      },
    },
  });
  return id;
}
