// Two questions a trafficker asks of delivery rules before and after saving them (docs/serving.md,
// "Delivery rules"): what share of the campaign's last 7 days of impressions new rules would have kept
// (the estimate, from the breakdown rollups: delivery/estimate.ts; a campaign that has not run yet is
// estimated from its account's other campaigns, and says so), and why one request to one of its tags
// would or would not serve (the tag tester: the request classified as serving classifies it, judged by
// every step of the gate in a dry run, serving/gate-dry-run.ts, with the same compiled rules as serving's
// cache entries, every reason it fails named, a step of the requester's own state said not judged, and
// nothing counted or written; the caller's own address, browser and languages unless others are
// given, a country instead of the address's when one is). Owner access as for the campaign: 404 for anyone else, and for a tag of
// another campaign.
import { isIP } from 'node:net';
import {
  ApiError,
  bothRuleSets,
  campaignFlight,
  type DeliveryEstimateAnswer,
  type DeliveryTest,
  ESTIMATE_DIMENSIONS,
  type EstimateDeliveryRequest,
  type EstimateDimension,
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
  TEST_USER_AGENTS,
  TESTER_SELECT_FACTS,
  type TestDeliveryRequest,
  zoneOfName,
} from '@adconsole/domain';
import type { Context } from '../../context';
import { listLiveIdsOfOwner } from '../../db/queries/live-creatives';
import { listReportLivesOfCampaign } from '../../db/queries/reports';
import { readBreakdown } from '../events/queries/breakdown';
import { readWeekHours } from '../events/queries/week-hours';
import type { SessionUser } from '../identity/sessions';
import { type GateTag, liveTag, placementTag, servingNow } from '../serving/gate';
import { dryRunGate } from '../serving/gate-dry-run';
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
  const now = servingNow(ctx);
  const from = new Date(now - WEEK_MS);
  const to = new Date(now);
  const zone = zoneOfName(campaignFlight(campaign.body.data).timezone, to);
  const { store } = ctx.events;
  /** The rollups' figures of some live creatives over the window: what the estimate reads. */
  const figuresOf = async (liveIds: readonly string[]) => {
    const byValue = async (dimension: EstimateDimension): Promise<ImpressionsByValue> =>
      (await readBreakdown(store, [...liveIds], from, to, dimension, [])).map((row) => ({
        value: row.value,
        impressions: row.counters.impressions,
      }));
    const [values, hours] = await Promise.all([
      Promise.all(ESTIMATE_DIMENSIONS.map(byValue)),
      readWeekHours(store, [...liveIds], from, to, zone),
    ]);
    const weekHours = Array.from({ length: 168 }, () => 0);
    for (const row of hours) weekHours[row.weekday * 24 + row.hour] = row.impressions;
    const byDimension = Object.fromEntries(
      ESTIMATE_DIMENSIONS.map((dimension, index) => [dimension, values[index] ?? []]),
    ) as Record<EstimateDimension, ImpressionsByValue>;
    return { byDimension, weekHours };
  };
  const own = estimateDelivery(rules, await figuresOf(lives.map((live) => live.id)));
  if (own.impressions > 0)
    return { from: from.toISOString(), to: to.toISOString(), basis: 'campaign', ...own };
  // Not run yet: the account's other campaigns' impressions stand in for the traffic it would meet.
  const account = await listLiveIdsOfOwner(ctx.db, campaign.owner_id, campaign.id);
  const estimate = account.length === 0 ? own : estimateDelivery(rules, await figuresOf(account));
  return {
    from: from.toISOString(),
    to: to.toISOString(),
    basis: estimate.impressions > 0 ? 'account' : 'none',
    ...estimate,
  };
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
 * The tag's query parameters of the facts a test sets from their closed set (REQUEST_FACTS' `select`:
 * `conn=` for the connection type), as a tag carries them; none given: unknown, as from a tag without.
 */
function testFactQuery(input: TestDeliveryRequest): Record<string, string> {
  const query: Record<string, string> = {};
  for (const fact of TESTER_SELECT_FACTS) {
    const value = (input as Partial<Record<string, string>>)[fact.key];
    const parameter = fact.edge.query[0]?.name;
    if (value && parameter) query[parameter] = value;
  }
  return query;
}

/**
 * POST /v1/campaign/deliveryRules/test: one request to one of the campaign's tags, judged as serving
 * would judge it now (or `at`), from the caller's own address and browser unless others are given.
 */
export async function testDelivery(
  ctx: Context,
  user: SessionUser,
  input: TestDeliveryRequest,
  caller: { ip: string; userAgent: string; language?: string | undefined },
): Promise<DeliveryTest> {
  const campaign = await ownCampaign(ctx.db, user, input.campaignID);
  const address = input.address || caller.ip;
  if (isIP(address) === 0) throw ApiError.of(400, `address: ${MESSAGES.deliveryTestAddress}`);
  const client = ctx.traffic.classify({
    ip: address,
    method: 'GET',
    headers: {
      'user-agent': input.device ? TEST_USER_AGENTS[input.device] : input.userAgent || caller.userAgent,
      // The languages given, else the caller's own (its browser's Accept-Language).
      ...(input.language || caller.language ? { 'accept-language': input.language || caller.language } : {}),
    },
    query: { ...testSite(input.site), ...testFactQuery(input) },
  });
  const facts = client.facts();
  // A country given stands for the address's (a desk tests a visitor of another country without an
  // address there); the facts are this request's own, so overwriting one changes no other request.
  if (input.country) (facts as { country: string }).country = input.country;
  const at = input.at === undefined ? servingNow(ctx) : Date.parse(input.at);
  let tag: GateTag;
  if (input.placementID !== undefined) {
    const placement = await ctx.placements.get(input.placementID);
    if (placement?.campaignId !== campaign.id) throw ApiError.of(404, MESSAGES.placementNotFound);
    tag = placementTag(placement);
  } else {
    const live = await ctx.liveCreatives.get(input.liveID ?? '');
    if (live?.campaignId !== campaign.id) throw ApiError.of(404, MESSAGES.liveCreativeNotFound);
    tag = liveTag(live);
  }
  // Every step of the gate, in its order, counting and writing nothing (serving/gate-dry-run.ts).
  const judged = await dryRunGate(ctx, tag, { facts, invalid: client.reason, now: at });
  const reason: NotServedReason | null = judged.reasons[0] ?? null;
  // The creative the request gets: a placement's drawn as serving draws it (none when not served); a live
  // creative's tag's own.
  const liveId = tag.live?.id ?? (reason === null ? judged.liveId : null);
  const live = liveId === null ? undefined : await ctx.liveCreatives.get(liveId);
  const timezone = campaignFlight(campaign.body.data).timezone;
  const labelOf = (refusal: NotServedReason) => figureSpec(FIGURE_OF_OUTCOME[refusal]).short ?? refusal;
  const labelled = (reasons: readonly NotServedReason[]) =>
    reasons.map((refusal) => ({ reason: refusal, label: labelOf(refusal) }));
  const { carriedSites: _carried, ...read } = facts;
  return {
    served: reason === null,
    reason,
    reasonLabel: reason === null ? null : labelOf(reason),
    reasons: labelled(judged.reasons),
    steps: judged.steps.map((step) => ({ ...step, reasons: labelled(step.reasons) })),
    liveID: liveId,
    creativeID: live?.creativeId ?? null,
    request: { ...read, at: new Date(at).toISOString(), localTime: localTimeText(timezone, at) },
  };
}
