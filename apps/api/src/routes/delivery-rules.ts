// Delivery rules calls (docs/serving.md, "Delivery rules"; docs/api.md): declarations; the work is in
// services/campaigns/delivery-rules.ts (read and set) and delivery-checks.ts (the estimate, the tag tester).
import { contract, MESSAGES } from '@adconsole/domain';
import { defineRoute } from '../http/routes';
import * as checks from '../services/campaigns/delivery-checks';
import * as rules from '../services/campaigns/delivery-rules';

const campaignNotYours = `${MESSAGES.campaignNotFound} (also for a campaign that is not yours)`;
const refused =
  'A rule that is not one of the rules, an unknown country, device type or family, a malformed domain or app bundle, a daypart that is not 7 x 24 booleans, or rules that exclude every request (the field named in the message).';

export const deliveryRulesRoutes = [
  defineRoute({
    call: contract.getDeliveryRules,
    access: 'user',
    summary:
      "A campaign's delivery rules, its timezone (the daypart's) and each of its creatives' own rules, which narrow the campaign's.",
    tag: 'Delivery rules',
    errors: { 404: campaignNotYours },
    handler: ({ input, user, ctx }) => rules.getDeliveryRules(ctx, user, input.campaignID),
  }),
  defineRoute({
    call: contract.setCampaignDeliveryRules,
    audit: 'deliveryRules',
    access: 'user',
    summary:
      "Set a campaign's delivery rules, replacing them whole: countries, device types, operating systems and browsers to include or exclude, sites and app bundles to allow and block, whether a request with an unknown site serves, and a 7 x 24 daypart in the campaign's timezone. Serving follows at once (other processes within 5 s).",
    tag: 'Delivery rules',
    errors: {
      400: `${refused} Also refused: rules with which one of the campaign's creatives could never serve.`,
      404: campaignNotYours,
    },
    handler: ({ input, user, ctx }) => rules.setCampaignDeliveryRules(ctx, user, input),
  }),
  defineRoute({
    call: contract.setCreativeDeliveryRules,
    audit: 'deliveryRules',
    access: 'user',
    summary:
      "Set a creative's own delivery rules, replacing them whole; they can only narrow its campaign's (a request must match both). The unknown-site choice is the campaign's.",
    tag: 'Delivery rules',
    errors: {
      400: `${refused} Also refused: rules that leave no request together with the campaign's.`,
      404: `${MESSAGES.creativeNotFound} (also for a creative that is not yours)`,
      409: MESSAGES.deliveryRulesInAbTest,
    },
    handler: ({ input, user, ctx }) => rules.setCreativeDeliveryRules(ctx, user, input),
  }),
  defineRoute({
    call: contract.estimateDelivery,
    audit: { none: 'reads figures only' },
    access: 'user',
    summary:
      "What share of the campaign's (or, with creativeID, the creative's) served impressions of the last 7 days the rules would have kept, from the breakdown rollups: each rule's share exactly, the rules together as the product of their shares.",
    tag: 'Delivery rules',
    errors: { 400: refused, 404: campaignNotYours },
    handler: ({ input, user, ctx }) => checks.deliveryEstimate(ctx, user, input),
  }),
  defineRoute({
    call: contract.testDelivery,
    audit: { none: 'judges one imagined request, counts nothing' },
    access: 'user',
    summary:
      "Why one request to one of the campaign's tags (a live creative's or a placement's) would or would not serve, judged as serving judges it: from the caller's own address and user agent unless others are given, now unless `at` is. The country, device, OS, browser and site the server reads, and the first rule that refuses it. Nothing is counted.",
    tag: 'Delivery rules',
    errors: {
      400: `${MESSAGES.deliveryTestTag}; or an address, site or time that cannot be read`,
      404: `${MESSAGES.liveCreativeNotFound} / ${MESSAGES.placementNotFound} (a tag of another campaign, or not yours)`,
    },
    handler: ({ input, user, ctx, request }) =>
      checks.testDelivery(ctx, user, input, {
        ip: request.ip,
        userAgent: String(request.headers['user-agent'] ?? ''),
      }),
  }),
];
