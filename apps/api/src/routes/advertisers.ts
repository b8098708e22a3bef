// Advertiser and insertion-order calls (docs/product.md §7): declarations; the work is in
// services/campaigns/advertisers.ts, insertion-orders.ts, advertiser-overview.ts and
// services/reports/advertiser-report.ts.
import { ADVERTISER_MESSAGES, contract, MESSAGES } from '@adconsole/domain';
import { defineRoute } from '../http/routes';
import { getAdvertiserOverview, getInsertionOrderOverview } from '../services/campaigns/advertiser-overview';
import * as advertisers from '../services/campaigns/advertisers';
import * as orders from '../services/campaigns/insertion-orders';
import { advertiserReport } from '../services/reports/advertiser-report';

const notYours = `${ADVERTISER_MESSAGES.advertiserNotFound} (also for an advertiser that is not yours)`;
const orderNotYours = `${ADVERTISER_MESSAGES.insertionOrderNotFound} (also for an order of an advertiser that is not yours)`;
const tag = 'Advertisers';

export const advertiserRoutes = [
  defineRoute({
    call: contract.listAdvertisers,
    access: 'user',
    clients: 'read',
    summary:
      "Your advertisers by name ('Unassigned' last), each with its campaigns (archived ones left out) and how many are live now; an administrator's `view=all` lists everyone's, with the owner's e-mail.",
    tag,
    errors: { 403: `${MESSAGES.onlyAdministrators} (view=all)` },
    handler: ({ input, user, ctx }) => advertisers.listAdvertisers(ctx, user, input),
  }),
  defineRoute({
    call: contract.getAdvertiser,
    access: 'user',
    clients: 'read',
    summary:
      "One advertiser with its insertion orders (booked, delivered, spent and left against each budget) and its campaigns (newest first, at most 500): status, lifetime valid impressions, clicks and completed views, spend at each one's rate. A client of the advertiser reads it without the notes, and without orders, spend or budgets unless the advertiser's `clientSeesCosts` is set.",
    tag,
    errors: { 404: notYours },
    handler: ({ input, user, ctx }) => getAdvertiserOverview(ctx, user, input.id),
  }),
  defineRoute({
    call: contract.getAdvertiserReport,
    access: 'user',
    summary:
      "The campaign report's summary (every counter, rate, spend and effective cost) for each of the advertiser's campaigns over local days `startDate` to `endDate` in `timezone` (UTC unless named), and their totals: counters added, rates computed from the sums, spend over the campaigns priced in the advertiser's currency. At most the 500 newest campaigns (`truncated` says when there are more).",
    tag,
    errors: {
      400: 'startDate after endDate, more than 3,660 days, a day outside the years reported, or an unknown zone.',
      404: notYours,
    },
    handler: ({ input, user, ctx }) => advertiserReport(ctx, user, input),
  }),
  defineRoute({
    call: contract.createAdvertiser,
    audit: 'advertiser',
    access: 'user',
    summary:
      'Create an advertiser of yours: a name (unique among yours, case-insensitive), the ISO 4217 currency its campaigns are priced and budgeted in, and optionally the billing contact and notes.',
    tag,
    errors: { 409: ADVERTISER_MESSAGES.advertiserNameTaken },
    handler: ({ input, user, ctx }) => advertisers.createAdvertiser(ctx, user, input),
  }),
  defineRoute({
    call: contract.updateAdvertiser,
    audit: 'advertiser',
    access: 'user',
    summary:
      "Change an advertiser's name, currency, billing contact or notes (each kept when left out; null clears an optional one). VAST's <Advertiser> of its campaigns follows a new name within 5 seconds.",
    tag,
    errors: {
      404: notYours,
      409: `${ADVERTISER_MESSAGES.advertiserNameTaken}, or ${ADVERTISER_MESSAGES.advertiserCurrencyInUse}`,
    },
    handler: ({ input, user, ctx }) => advertisers.updateAdvertiser(ctx, user, input),
  }),
  defineRoute({
    call: contract.deleteAdvertiser,
    audit: 'advertiser',
    access: 'user',
    summary: 'Delete an advertiser without campaigns; its insertion orders go with it.',
    tag,
    errors: { 404: notYours, 409: ADVERTISER_MESSAGES.advertiserHasCampaigns },
    handler: ({ input, user, ctx }) => advertisers.deleteAdvertiser(ctx, user, input.id),
  }),
  defineRoute({
    call: contract.getInsertionOrder,
    access: 'user',
    summary:
      "One insertion order with its figures (booked: its campaigns' lifetime budgets, else goal × rate; delivered; spent; left = budget - spent) and its campaigns.",
    tag,
    errors: { 404: orderNotYours },
    handler: ({ input, user, ctx }) => getInsertionOrderOverview(ctx, user, input.id),
  }),
  defineRoute({
    call: contract.createInsertionOrder,
    audit: 'insertionOrder',
    access: 'user',
    summary:
      "Create an insertion order of one of your advertisers: PO number, name, flight days, a budget in the advertiser's currency and the campaigns of the advertiser it funds (each leaves the order it was funded by).",
    tag,
    errors: {
      400: `A budget with more decimals than the currency has, or ${ADVERTISER_MESSAGES.insertionOrderCampaigns}`,
      404: notYours,
    },
    handler: ({ input, user, ctx }) => orders.createInsertionOrder(ctx, user, input),
  }),
  defineRoute({
    call: contract.updateInsertionOrder,
    audit: 'insertionOrder',
    access: 'user',
    summary:
      'Change an insertion order: PO number, name, flight days (null opens a side), budget, and `campaignIds`, the whole list of the campaigns it funds; each is kept when left out.',
    tag,
    errors: {
      400: `An end before the start, a budget with more decimals than the currency has, or ${ADVERTISER_MESSAGES.insertionOrderCampaigns}`,
      404: orderNotYours,
    },
    handler: ({ input, user, ctx }) => orders.updateInsertionOrder(ctx, user, input),
  }),
  defineRoute({
    call: contract.deleteInsertionOrder,
    audit: 'insertionOrder',
    access: 'user',
    summary: 'Delete an insertion order: its campaigns keep running, funded by no order.',
    tag,
    errors: { 404: orderNotYours },
    handler: ({ input, user, ctx }) => orders.deleteInsertionOrder(ctx, user, input.id),
  }),
];
