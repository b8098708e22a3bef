// Delivery rules calls (docs/serving.md, "Delivery rules"; docs/api.md): declarations; the work is in
// services/campaigns/delivery-rules.ts (read and set) and delivery-checks.ts (the estimate, the tag tester).
import { contract, DELIVERY_RULES, type DeliveryRuleSpec, MESSAGES } from '@adconsole/domain';
import { defineRoute } from '../http/routes';
import * as checks from '../services/campaigns/delivery-checks';
import * as rules from '../services/campaigns/delivery-rules';
import { normalizeClientAddress } from '../services/client-address';

const campaignNotYours = `${MESSAGES.campaignNotFound} (also for a campaign that is not yours)`;

/** Each rule of the domain's DELIVERY_RULES as the docs say it, by its kind. */
const ruleWords = (rule: DeliveryRuleSpec) =>
  rule.kind.type === 'list'
    ? `${rule.label.toLowerCase()} to include or exclude`
    : rule.kind.type === 'sites'
      ? 'sites and app bundles to allow and block (with whether a request whose site is unknown serves)'
      : "a 7 x 24 daypart in the campaign's timezone";
const RULES_IN_WORDS = DELIVERY_RULES.map(ruleWords).join('; ');
/** What a rule refuses as bad input, each list rule's message among them. */
const refused = `A rule that is not one of the rules, ${[
  ...new Set(
    DELIVERY_RULES.flatMap((rule: DeliveryRuleSpec) =>
      rule.kind.type === 'list' ? [rule.kind.invalid] : [],
    ),
  ),
].join(
  '; ',
)}; ${MESSAGES.deliveryRuleSite}; ${MESSAGES.deliveryRuleDaypart}; or rules that exclude every request (the field named in the message).`;

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
    summary: `Set a campaign's delivery rules, replacing them whole: ${RULES_IN_WORDS}; frequency caps and whether a request that cannot be capped serves. Serving follows at once (other processes within 5 s).`,
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
      "What share of the campaign's (or, with creativeID, the creative's) served impressions of the last 7 days the rules would have kept, from the breakdown rollups: each rule's share exactly, the rules together as the product of their shares; a rule whose fact no rollup keeps is answered `read: false` and left out. A campaign with no impressions yet is estimated from its account's other campaigns (`basis: 'account'`), or not at all (`basis: 'none'`).",
    tag: 'Delivery rules',
    errors: { 400: refused, 404: campaignNotYours },
    handler: ({ input, user, ctx }) => checks.deliveryEstimate(ctx, user, input),
  }),
  defineRoute({
    call: contract.testDelivery,
    audit: { none: 'judges one imagined request, counts nothing' },
    access: 'user',
    summary: `Why one request to one of the campaign's tags (a live creative's or a placement's) would or would not serve, judged as serving judges it: from the caller's own address, user agent and languages (its Accept-Language) unless others are given (a \`country\` in place of the address's, a common browser of a device type, \`device\`, or a typed \`userAgent\`, and another browser's languages, \`language\`), now unless \`at\` is. Each fact the rules read (${DELIVERY_RULES.map((rule: DeliveryRuleSpec) => rule.fact).join(', ')}), the first reason serving would count and every reason the campaign, its flight and its rules refuse it for. Nothing is counted.`,
    tag: 'Delivery rules',
    errors: {
      400: `${MESSAGES.deliveryTestTag}; ${MESSAGES.deliveryTestDeviceOrAgent}; or an address, country, site, device, user agent, languages or time that cannot be read`,
      404: `${MESSAGES.liveCreativeNotFound} / ${MESSAGES.placementNotFound} (a tag of another campaign, or not yours)`,
    },
    handler: ({ input, user, ctx, request }) =>
      checks.testDelivery(ctx, user, input, {
        ip: normalizeClientAddress(request.ip),
        userAgent: String(request.headers['user-agent'] ?? ''),
        language: request.headers['accept-language'],
      }),
  }),
];
