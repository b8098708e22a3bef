// Delivery rules calls (docs/serving.md, "Delivery rules"): a campaign's rules with its creatives' own,
// read and set per level. A rule set that no request could match is refused by its schema; here, with
// the campaign's row locked, the two levels together: a creative's rules that leave nothing with its
// campaign's, or a campaign's that would leave one of its creatives nothing, answer 400 naming it. A
// creative that is a variant of a running A/B test keeps the rules of the test's other variants (409:
// docs/reports.md, "A/B tests"). Every change is audited (who changed which rule from what to what) and
// reaches serving at once in this process (the caches cleared), in others within the caches' 5 s.
// Access: the campaign's owner or an admin, 404 for anyone else.
import {
  ApiError,
  bothRuleSets,
  type CampaignDeliveryRules,
  campaignFlight,
  campaignRulesStrandCreativeMessage,
  creativeRulesServeNothingMessage,
  DELIVERY_RULE,
  type DeliveryRules,
  MESSAGES,
  ruleSetServesNothing,
  type SetCampaignDeliveryRulesRequest,
  type SetCreativeDeliveryRulesRequest,
  storedDeliveryRules,
} from '@adconsole/domain';
import type { Context } from '../../context';
import type { Queryable } from '../../db/database';
import { listRunningAbTestsOfCampaign } from '../../db/queries/ab-tests';
import { type CampaignRow, findCampaign, lockCampaign } from '../../db/queries/campaigns';
import { type CreativeRow, listCreativesOfCampaigns } from '../../db/queries/creatives';
import { updateCampaignDeliveryRules, updateCreativeDeliveryRules } from '../../db/queries/delivery-rules';
import { recordChange } from '../audit/record';
import { deliveryRulesChange } from '../audit/snapshots';
import type { SessionUser } from '../identity/sessions';
import { ownCampaign, ownCreative } from './access';

/** Rules as stored and answered (a row written before a rule existed holds fewer: the same). */
const rulesOf = (stored: DeliveryRules | null | undefined): DeliveryRules =>
  storedDeliveryRules(stored ?? {});

function rulesAnswer(campaign: CampaignRow, creatives: readonly CreativeRow[]): CampaignDeliveryRules {
  return {
    campaignID: campaign.id,
    timezone: campaignFlight(campaign.body.data).timezone,
    rules: rulesOf(campaign.delivery_rules),
    creatives: creatives.map((creative) => ({
      creativeID: creative.id,
      name: creative.name,
      type: creative.type,
      rules: rulesOf(creative.delivery_rules),
    })),
  };
}

async function answerOf(db: Queryable, campaignId: string): Promise<CampaignDeliveryRules> {
  const campaign = await findCampaign(db, campaignId);
  if (!campaign) throw ApiError.of(404, MESSAGES.campaignNotFound);
  return rulesAnswer(campaign, await listCreativesOfCampaigns(db, [campaignId]));
}

/** GET /v1/campaign/deliveryRules: the campaign's rules, its zone and each creative's own. */
export async function getDeliveryRules(
  ctx: Context,
  user: SessionUser,
  campaignId: string,
): Promise<CampaignDeliveryRules> {
  const campaign = await ownCampaign(ctx.db, user, campaignId);
  return rulesAnswer(campaign, await listCreativesOfCampaigns(ctx.db, [campaign.id]));
}

/** Records a change of rules (from `was`'s to `rules`) in the change's transaction, and answers the campaign's rules. */
async function recordedAnswer(
  tx: Queryable,
  user: SessionUser,
  of: { entityId: string; campaignId: string },
  was: { delivery_rules: DeliveryRules | null | undefined },
  rules: DeliveryRules,
): Promise<CampaignDeliveryRules> {
  await recordChange(tx, user, deliveryRulesChange(of, rulesOf(was.delivery_rules), rules));
  return answerOf(tx, of.campaignId);
}

/** Serving reads the new rules with its next entries: here at once, elsewhere within 5 s. */
function rulesChanged(ctx: Context) {
  ctx.liveCreatives.clear();
  ctx.placements.clear();
}

/** PUT /v1/campaign/deliveryRules: the campaign's rules, replaced whole. */
export async function setCampaignDeliveryRules(
  ctx: Context,
  user: SessionUser,
  input: SetCampaignDeliveryRulesRequest,
): Promise<CampaignDeliveryRules> {
  const campaign = await ownCampaign(ctx.db, user, input.campaignID);
  const rules = storedDeliveryRules(input.rules);
  const answer = await ctx.db.transaction(async (tx) => {
    await lockCampaign(tx, campaign.id);
    // What the audit says it was: read under the lock, so two changes at once each record the other's.
    const was = await findCampaign(tx, campaign.id);
    if (!was) throw ApiError.of(404, MESSAGES.campaignNotFound);
    for (const creative of await listCreativesOfCampaigns(tx, [campaign.id])) {
      const nothing = ruleSetServesNothing(bothRuleSets(rules, rulesOf(creative.delivery_rules)));
      if (nothing !== null)
        throw ApiError.of(
          400,
          campaignRulesStrandCreativeMessage(creative.name, DELIVERY_RULE[nothing].servesNothing),
        );
    }
    const changed = await updateCampaignDeliveryRules(tx, campaign.id, rules);
    if (!changed) throw ApiError.of(404, MESSAGES.campaignNotFound);
    return recordedAnswer(tx, user, { entityId: campaign.id, campaignId: campaign.id }, was, rules);
  });
  rulesChanged(ctx);
  return answer;
}

/** The JSON a rule set is compared by (stored rules are sorted: equal rules read alike). */
const sameRules = (first: DeliveryRules, second: DeliveryRules) =>
  JSON.stringify(storedDeliveryRules(first)) === JSON.stringify(storedDeliveryRules(second));

/**
 * 409 when the creative is a variant of a running A/B test and its new rules differ from another
 * variant's: every variant of a test must see the same requests.
 */
async function keepTestVariantsAlike(tx: Queryable, creative: CreativeRow, rules: DeliveryRules) {
  const tests = await listRunningAbTestsOfCampaign(tx, creative.campaign_id);
  const variants = new Set(
    tests.flatMap((test) => (test.variants.includes(creative.id) ? test.variants : [])),
  );
  variants.delete(creative.id);
  if (variants.size === 0) return;
  const others = (await listCreativesOfCampaigns(tx, [creative.campaign_id])).filter((row) =>
    variants.has(row.id),
  );
  if (others.some((other) => !sameRules(rulesOf(other.delivery_rules), rules)))
    throw ApiError.of(409, MESSAGES.deliveryRulesInAbTest);
}

/** PUT /v1/campaign/creatives/deliveryRules: the creative's own rules, replaced whole. */
export async function setCreativeDeliveryRules(
  ctx: Context,
  user: SessionUser,
  input: SetCreativeDeliveryRulesRequest,
): Promise<CampaignDeliveryRules> {
  const creative = await ownCreative(ctx.db, user, input.creativeID);
  const rules = storedDeliveryRules(input.rules);
  const answer = await ctx.db.transaction(async (tx) => {
    await lockCampaign(tx, creative.campaign_id);
    const campaign = await findCampaign(tx, creative.campaign_id);
    if (!campaign) throw ApiError.of(404, MESSAGES.creativeNotFound);
    // What the audit says it was: read under the lock, so two changes at once each record the other's.
    const was = (await listCreativesOfCampaigns(tx, [creative.campaign_id])).find(
      (row) => row.id === creative.id,
    );
    if (!was) throw ApiError.of(404, MESSAGES.creativeNotFound);
    const nothing = ruleSetServesNothing(bothRuleSets(rulesOf(campaign.delivery_rules), rules));
    if (nothing !== null)
      throw ApiError.of(400, creativeRulesServeNothingMessage(DELIVERY_RULE[nothing].servesNothing));
    await keepTestVariantsAlike(tx, creative, rules);
    const changed = await updateCreativeDeliveryRules(tx, creative.id, rules);
    if (!changed) throw ApiError.of(404, MESSAGES.creativeNotFound);
    return recordedAnswer(tx, user, { entityId: creative.id, campaignId: creative.campaign_id }, was, rules);
  });
  rulesChanged(ctx);
  return answer;
}
