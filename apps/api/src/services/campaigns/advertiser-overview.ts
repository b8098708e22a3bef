// What an advertiser's page and an insertion order's page show (docs/product.md §7, GET /v1/advertiser/get
// and /v1/insertion-order/get): each campaign's status, lifetime valid events and spend at its rate, and
// each order's booked, delivered, spent and left. Money is summed exactly, in thousandths of the
// currency's minor unit (the domain's spendUnits), and turned into amounts once.
import {
  type AdvertiserCampaignRow,
  type CampaignRate,
  campaignStatus,
  clientSeesCosts,
  type GoalMetric,
  type InsertionOrderFigures,
  MAX_ADVERTISER_CAMPAIGNS,
  RATE_METRIC,
  spendUnits,
  toMinorUnits,
  unitsToAmount,
} from '@adconsole/domain';
import type { Context } from '../../context';
import { listCampaignsOfAdvertiser } from '../../db/queries/advertisers';
import type { CampaignRow } from '../../db/queries/campaigns';
import {
  type InsertionOrderRow,
  listCampaignsOfOrders,
  listInsertionOrdersOfAdvertiser,
} from '../../db/queries/insertion-orders';
import type { SessionUser } from '../identity/sessions';
import { advertiserAnswer, ownAdvertiser } from './advertisers';
import { loadCampaigns } from './campaign-loader';
import { insertionOrderAnswer, ownInsertionOrder } from './insertion-orders';

/** A campaign's lifetime budget and daily budget as its data keeps them (docs/product.md §3). */
type StoredBudget = { lifetime?: number; daily?: number } | null | undefined;
const budgetOf = (row: CampaignRow): StoredBudget =>
  (row.body.data as { budget?: StoredBudget } | undefined)?.budget ?? null;

/** A campaign row of the overview with its exact spend (units) beside it. */
interface Figured {
  row: AdvertiserCampaignRow;
  rate: CampaignRate | null;
  spendUnits: number;
  bookedUnits: number;
}

/** The goal's amount priced at the rate (thousandths of the minor unit); 0 when the rate prices another metric. */
function goalUnits(rate: CampaignRate, goal: { metric: GoalMetric; amount: number }): number {
  if (RATE_METRIC[rate.model] !== goal.metric) return 0;
  const counters = { impressions: 0, clicks: 0, videoCompletes: 0 };
  if (goal.metric === 'impressions') counters.impressions = goal.amount;
  else if (goal.metric === 'clicks') counters.clicks = goal.amount;
  else counters.videoCompletes = goal.amount;
  return spendUnits(rate, counters);
}

/** The campaigns' rows: their status as the list says it, lifetime figures and spend (one load for all). */
async function figuredCampaigns(ctx: Context, rows: CampaignRow[]): Promise<Figured[]> {
  const answers = await loadCampaigns(ctx, rows, { pacing: false });
  const now = new Date(ctx.clock?.() ?? Date.now());
  return rows.map((row, index) => {
    const answer = answers[index];
    const impressions = answer?.data.impressions ?? 0;
    const clicks = answer?.data.clicks ?? 0;
    const completes = answer?.videoCompletes ?? 0;
    const rate = row.body.data?.rate ?? null;
    const units = rate ? spendUnits(rate, { impressions, clicks, videoCompletes: completes }) : 0;
    const budget = budgetOf(row);
    const lifetimeMinor =
      rate && budget?.lifetime !== undefined ? toMinorUnits(budget.lifetime, rate.currency) : undefined;
    const goal = row.body.data?.goal;
    return {
      rate,
      spendUnits: units,
      bookedUnits:
        lifetimeMinor !== undefined ? lifetimeMinor * 1000 : rate && goal ? goalUnits(rate, goal) : 0,
      row: {
        id: row.id,
        name: row.name,
        status: answer ? campaignStatus(answer, now) : 'not-serving',
        insertionOrderId: row.insertion_order_id ?? null,
        start: row.body.data?.start ?? null,
        end: row.body.data?.end ?? null,
        impressions,
        clicks,
        completes,
        spend: rate ? unitsToAmount(units, rate.currency) : null,
        budget: budget ?? null,
      },
    };
  });
}

/**
 * An order's figures from its campaigns: booked and spent in the advertiser's currency (campaigns priced in
 * another are left out of the money, their events still counted), left = budget - spent.
 */
function orderFigures(
  order: InsertionOrderRow,
  currency: string,
  campaigns: Figured[],
): InsertionOrderFigures {
  const funded = campaigns.filter((campaign) => campaign.row.insertionOrderId === order.id);
  const inCurrency = funded.filter((campaign) => campaign.rate?.currency === currency);
  const booked = inCurrency.reduce((sum, campaign) => sum + campaign.bookedUnits, 0);
  const spent = inCurrency.reduce((sum, campaign) => sum + campaign.spendUnits, 0);
  const budgetUnits = Number(order.budget_minor) * 1000;
  return {
    ...insertionOrderAnswer(
      order,
      currency,
      funded.map((campaign) => campaign.row.id),
    ),
    booked: unitsToAmount(booked, currency),
    delivered: {
      impressions: funded.reduce((sum, campaign) => sum + campaign.row.impressions, 0),
      clicks: funded.reduce((sum, campaign) => sum + campaign.row.clicks, 0),
      completes: funded.reduce((sum, campaign) => sum + campaign.row.completes, 0),
    },
    spent: unitsToAmount(spent, currency),
    left: unitsToAmount(budgetUnits - spent, currency),
  };
}

/**
 * GET /v1/advertiser/get: the advertiser, its orders with their figures, its campaigns (newest first,
 * bounded). A client of the advertiser reads it too (docs/security.md, "Client access"): never the owner's
 * notes, and no money (orders, spend, budgets) unless the advertiser lets its clients see costs.
 */
export async function getAdvertiserOverview(ctx: Context, user: SessionUser, id: string) {
  const advertiser = await ownAdvertiser(ctx.db, user, id);
  const [rows, orders] = await Promise.all([
    listCampaignsOfAdvertiser(ctx.db, advertiser.id, MAX_ADVERTISER_CAMPAIGNS),
    listInsertionOrdersOfAdvertiser(ctx.db, advertiser.id),
  ]);
  const campaigns = await figuredCampaigns(ctx, rows);
  const overview = {
    advertiser: advertiserAnswer(advertiser),
    insertionOrders: orders.map((order) => orderFigures(order, advertiser.currency, campaigns)),
    campaigns: campaigns.map((campaign) => campaign.row),
  };
  if (user.role !== 'client') return overview;
  const read = { ...overview, advertiser: { ...overview.advertiser, notes: null } };
  if (clientSeesCosts(user, { clientSeesCosts: advertiser.client_sees_costs })) return read;
  return {
    ...read,
    insertionOrders: [],
    campaigns: read.campaigns.map((campaign) => ({ ...campaign, spend: null, budget: null })),
  };
}

/** GET /v1/insertion-order/get: the order with its figures and its campaigns. */
export async function getInsertionOrderOverview(ctx: Context, user: SessionUser, id: string) {
  const order = await ownInsertionOrder(ctx.db, user, id);
  const rows = await listCampaignsOfOrders(ctx.db, [order.id], MAX_ADVERTISER_CAMPAIGNS);
  const campaigns = await figuredCampaigns(ctx, rows);
  return {
    ...orderFigures(order, order.currency, campaigns),
    campaigns: campaigns.map((campaign) => campaign.row),
  };
}
