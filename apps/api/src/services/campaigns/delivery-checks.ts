// Two questions a trafficker asks of delivery rules before and after saving them (docs/serving.md,
// "Delivery rules"): what share of the campaign's last 7 days of impressions new rules would have kept
// (the estimate, from the breakdown rollups: rules/delivery-estimate.ts), and why one request to one of
// its tags would or would not serve (the tag tester: the request classified as serving classifies it,
// judged by the same compiled rules as serving's cache entries, and nothing counted). Owner access as
// for the campaign: 404 for anyone else, and for a tag of another campaign.
import { isIP } from 'node:net';
import {
  ApiError,
  bothRuleSets,
  campaignFlight,
  type DeliveryEstimateAnswer,
  type DeliveryTest,
  type EstimateDeliveryRequest,
  estimateDelivery,
  FIGURE_OF_OUTCOME,
  figureSpec,
  type ImpressionsByValue,
  MESSAGES,
  type NotServedReason,
  normalizeAppBundle,
  normalizeSite,
  offsetAt,
  offsetToMinutes,
  storedDeliveryRules,
  type TestDeliveryRequest,
  zoneOfName,
} from '@adconsole/domain';
import type { Context } from '../../context';
import { listReportLivesOfCampaign } from '../../db/queries/reports';
import { readBreakdown } from '../events/queries/breakdown';
import { readWeekHours } from '../events/queries/week-hours';
import type { SessionUser } from '../identity/sessions';
import { refusalOf, servingNow } from '../serving/delivery';
import { choosePlacementLive } from '../serving/placements';
import { ownCampaign, ownCreative } from './access';

const WEEK_MS = 7 * 86_400_000;

/** POST /v1/campaign/deliveryRules/estimate: the share of the last 7 days' impressions the rules keep. */
export async function deliveryEstimate(
  ctx: Context,
  user: SessionUser,
  input: EstimateDeliveryRequest,
): Promise<DeliveryEstimateAnswer> {
  const campaign = await ownCampaign(ctx.db, user, input.campaignID);
  let rules = storedDeliveryRules(input.rules);
  let lives = await listReportLivesOfCampaign(ctx.db, campaign.id);
  if (input.creativeID !== undefined) {
    // A creative's rules with its campaign's saved ones, over that creative's impressions.
    const creative = await ownCreative(ctx.db, user, input.creativeID);
    if (creative.campaign_id !== campaign.id) throw ApiError.of(404, MESSAGES.creativeNotFound);
    const { unknownSite: _unknownSite, ...own } = rules;
    rules = bothRuleSets(storedDeliveryRules(campaign.delivery_rules ?? {}), own);
    lives = lives.filter((live) => live.creative_id === creative.id);
  }
  const liveIds = lives.map((live) => live.id);
  const now = servingNow(ctx);
  const from = new Date(now - WEEK_MS);
  const to = new Date(now);
  const zone = zoneOfName(campaignFlight(campaign.body.data).timezone, to);
  const { store } = ctx.events;
  const byValue = async (
    dimension: 'country' | 'device' | 'os' | 'browser' | 'site',
  ): Promise<ImpressionsByValue> =>
    (await readBreakdown(store, liveIds, from, to, dimension, [])).map((row) => ({
      value: row.value,
      impressions: row.counters.impressions,
    }));
  const [countries, devices, os, browsers, sites, hours] = await Promise.all([
    byValue('country'),
    byValue('device'),
    byValue('os'),
    byValue('browser'),
    byValue('site'),
    readWeekHours(store, liveIds, from, to, zone),
  ]);
  const weekHours = Array.from({ length: 168 }, () => 0);
  for (const row of hours) weekHours[row.weekday * 24 + row.hour] = row.impressions;
  const estimate = estimateDelivery(rules, { countries, devices, os, browsers, sites, weekHours });
  return { from: from.toISOString(), to: to.toISOString(), ...estimate };
}

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** An instant in a zone as the tester shows it: 'Mon 08:15'. */
function localTimeText(timezone: string, at: number): string {
  const local = new Date(at + offsetToMinutes(offsetAt(timezone, new Date(at))) * 60_000);
  const weekday = WEEKDAYS[(local.getUTCDay() + 6) % 7] ?? '';
  return `${weekday} ${local.toISOString().slice(11, 16)}`;
}

/** The site a test names as the breakdowns keep it: a bundle, a page's or a domain's host; '' for none. */
function testSite(site: string | undefined): { bundle?: string; site?: string } {
  if (site === undefined || site === '') return {};
  if (site.toLowerCase().startsWith('app:')) {
    if (normalizeAppBundle(site.slice(4)) === '')
      throw ApiError.of(400, `site: ${MESSAGES.deliveryTestSite}`);
    return { bundle: site.slice(4) };
  }
  if (normalizeSite(site) === '') throw ApiError.of(400, `site: ${MESSAGES.deliveryTestSite}`);
  return { site };
}

/**
 * POST /v1/campaign/deliveryRules/test: one request to one of the campaign's tags, judged as serving
 * would judge it now (or `at`), from the caller's own address and browser unless others are given.
 */
export async function testDelivery(
  ctx: Context,
  user: SessionUser,
  input: TestDeliveryRequest,
  caller: { ip: string; userAgent: string },
): Promise<DeliveryTest> {
  const campaign = await ownCampaign(ctx.db, user, input.campaignID);
  const address = input.address || caller.ip;
  if (isIP(address) === 0) throw ApiError.of(400, `address: ${MESSAGES.deliveryTestAddress}`);
  const client = ctx.traffic.classify({
    ip: address,
    method: 'GET',
    headers: { 'user-agent': input.userAgent || caller.userAgent },
    query: testSite(input.site),
  });
  const facts = client.dimensions();
  const at = input.at === undefined ? servingNow(ctx) : Date.parse(input.at);
  let reason: NotServedReason | null;
  let liveId: string | null = null;
  if (input.placementID !== undefined) {
    const placement = await ctx.placements.get(input.placementID);
    if (placement?.campaignId !== campaign.id) throw ApiError.of(404, MESSAGES.placementNotFound);
    const choice = choosePlacementLive(placement, null, () => facts, at);
    reason = 'reason' in choice ? choice.reason : null;
    liveId = 'reason' in choice ? null : choice.liveId;
  } else {
    const live = await ctx.liveCreatives.get(input.liveID ?? '');
    if (live?.campaignId !== campaign.id) throw ApiError.of(404, MESSAGES.liveCreativeNotFound);
    reason = refusalOf(live, () => facts, at);
    liveId = live.id;
  }
  const live = liveId === null ? undefined : await ctx.liveCreatives.get(liveId);
  const timezone = campaignFlight(campaign.body.data).timezone;
  return {
    served: reason === null,
    reason,
    reasonLabel: reason === null ? null : (figureSpec(FIGURE_OF_OUTCOME[reason]).short ?? null),
    liveID: liveId,
    creativeID: live?.creativeId ?? null,
    request: { ...facts, at: new Date(at).toISOString(), localTime: localTimeText(timezone, at) },
  };
}
