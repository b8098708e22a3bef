// The gate (docs/serving.md, "The gate"): whether an ad request gets an ad, every decision in one order,
// written once here for a live creative's own tag and a placement's alike, and the count of its outcome.
// A tag is a campaign and the creatives it can answer with (one for a live creative's tag; a placement's
// rotation), and a request passes, in GATE_STEPS' order:
//   paused      the campaign paused or archived (a placement: every creative paused or unpublished, after the rules)
//   flight      out of its flight
//   invalid     invalid traffic (any reason of traffic-quality.ts, the rate rule's among them: counted for
//               the tag as the request enters, so a request over it is invalid at every step, as a bot's)
//               goes on, judged by the rules as anyone, but reads and writes no device state, never
//               reaches the throttle, reaches no one and adds nothing to the forecast's history: it is
//               answered as the page needs and counted `servedInvalid`, so it spends no budget and enters
//               no rate
//   rules       the campaign's delivery rules, then each creative's own (the eligible creatives)
//   consent     whether the request may store or read device state (the cap jar's `cappable`, its
//               consent: consent.ts, docs/privacy.md), and EU creatives only with a valid TC string
//   caps        each eligible creative's frequency caps against the request's history
//   noCreative  a creative to answer with (none eligible, or the chosen one has no answer)
//   throttle    an evenly delivered campaign's throttle, a client taking at most its share
//   budget      a campaign's budget in money: this process's allowance of what is left (budgets.ts)
// and then the ad with caps is committed to the history (a device's under its row's lock, where a
// concurrent request may have taken the last ad: then `frequency`). The answer never tells which: the
// ad JSON's 404, the empty VAST document. A served ad then counts toward reach under the request's
// identity, where its consent lets it keep one (docs/reports.md, "Reach"). The tag tester judges the same
// steps in a dry run that counts and writes nothing (gate-dry-run.ts: one judgement for each GateStep).
import {
  creativeSetting,
  type DeliveryCheck,
  flightZone,
  type NotServedReason,
  type RandomSource,
  type RequestNote,
  type RequestOutcome,
  randomSource,
  type TagCaps,
} from '@adconsole/domain';
import type { Context } from '../../context';
import type { BudgetedCampaign } from './budgets';
import type { RequestConsent } from './consent';
import type { EvenCampaign } from './even-delivery';
import type { CapJar } from './frequency-jar';
import type { LiveCreative } from './live-creatives';
import { positionOf, type ServedPlacement } from './placements';
import type { CarriedReason } from './signing';
import type { TrafficClient } from './traffic-quality';

/** Every step of the gate, in its order (the one place it is written; gate.test.ts reads it). */
export const GATE_STEPS = [
  'paused',
  'flight',
  'invalid',
  'rules',
  'consent',
  'caps',
  'noCreative',
  'throttle',
  'budget',
] as const;
export type GateStep = (typeof GATE_STEPS)[number];

/** The serving clock (ms): the context's, pinned in tests. */
export const servingNow = (ctx: Pick<Context, 'clock'>): number => ctx.clock?.() ?? Date.now();

/** One creative a tag can answer with. */
interface GateItem {
  /** Its live creative (undefined: none published: it counts as paused). */
  liveId: string | undefined;
  paused: boolean;
  /** Its creative's own rules (a live creative's own tag has them in its campaign's check). */
  rules: DeliveryCheck | null;
  caps: TagCaps | null;
  /** An EU creative: served only with a valid TC string where GDPR applies (docs/privacy.md). */
  euCreative: boolean;
  /** The key its requests are counted under (events/request-counter.ts). */
  countKey: string;
}

/** A tag as the gate judges it: its campaign, and the creatives it can answer with. */
export interface GateTag {
  campaign: {
    /** Paused or archived: it serves nothing (counted "paused"). */
    pausedOrArchived: boolean;
    liveAt(now: number): boolean;
    delivery: DeliveryCheck | null;
    even: EvenCampaign | null;
    budget: BudgetedCampaign | null;
  };
  items: readonly GateItem[];
  /** The position served among the eligible items (a placement's rotation; a live creative's tag: 0). */
  choose(
    eligible: readonly boolean[] | undefined,
    lastPosition: number | null,
    random?: RandomSource,
  ): number;
  /** Where a request no creative answers is counted (the placement's own key; the live creative's). */
  noCreativeKey: string;
  /** The key the rate rule counts the tag's requests under: its live creative's id; a placement's `p|<id>`. */
  rateKey: string;
  /** A live creative's own tag: the live creative itself (no second read). */
  live?: LiveCreative;
}

const liveTags = new WeakMap<LiveCreative, GateTag>();
/** A live creative's own tag: its campaign's and its creative's rules in one check, one creative. */
export function liveTag(live: LiveCreative): GateTag {
  let tag = liveTags.get(live);
  if (tag === undefined) {
    tag = {
      campaign: {
        pausedOrArchived: live.pausedOrArchived,
        liveAt: live.liveAt,
        delivery: live.delivery,
        even: live.even,
        budget: live.budget,
      },
      items: [
        {
          liveId: live.id,
          paused: false,
          rules: null,
          caps: live.caps,
          euCreative: creativeSetting(live.snapshot, 'euCreative') === true,
          countKey: live.countKey,
        },
      ],
      choose: () => 0,
      noCreativeKey: live.countKey,
      rateKey: live.id,
      live,
    };
    liveTags.set(live, tag);
  }
  return tag;
}

const defaultRandom = randomSource();
const placementTags = new WeakMap<ServedPlacement, GateTag>();
/** A placement's tag: its campaign, and its rotation's creatives with their own rules and caps. */
export function placementTag(placement: ServedPlacement): GateTag {
  let tag = placementTags.get(placement);
  if (tag === undefined) {
    tag = {
      campaign: placement.campaign,
      items: placement.items.map((item, index) => ({
        liveId: placement.liveIds[index],
        paused: item.paused,
        rules: placement.creativeRules[index] ?? null,
        caps: placement.caps[index] ?? null,
        euCreative: placement.euCreatives[index] === true,
        countKey: placement.countKeys[index] ?? placement.noCreativeKey,
      })),
      choose: (eligible, lastPosition, random = defaultRandom) =>
        placement.choose(lastPosition, random, eligible),
      noCreativeKey: placement.noCreativeKey,
      rateKey: `p|${placement.id}`,
    };
    placementTags.set(placement, tag);
  }
  return tag;
}

/** What a request brings to the gate. */
export interface GateRequest {
  client: TrafficClient;
  /** Its cap history (frequency-jar.ts); undefined: none is read (no caps judged). */
  jar: CapJar | undefined;
  /** The position the page was last served (`pos=`, a placement's sequential rotation). */
  pos?: string | undefined;
  /** Whether the chosen live creative has an answer at all (a VAST creative's video). */
  answerable?: (live: LiveCreative) => boolean;
}

/**
 * What the gate answers a request that gets an ad with: the live creative, its position among the tag's
 * creatives, and the verdict its impression carries (traffic-quality.ts; null: valid).
 */
export interface GatePass {
  live: LiveCreative;
  position: number;
  reason: CarriedReason | null;
}

/**
 * The live creative a request to `tag` is answered with, its position and verdict, its outcome counted
 * (and its notes); undefined when it gets none.
 */
export async function passGate(
  ctx: Context,
  tag: GateTag,
  request: GateRequest,
): Promise<GatePass | undefined> {
  const { client } = request;
  const now = servingNow(ctx);
  // The request's verdict, the rate rule counted for this tag as it enters (a HEAD spends none of it):
  // invalid traffic, over the rate as a bot, takes the invalid path at every step.
  const reason = ctx.traffic.adRequestReason(client, tag.rateKey);
  const invalid = client.reason !== null || reason !== null;
  let notes: readonly RequestNote[] | undefined;
  const count = (key: string, outcome: RequestOutcome) => {
    if (!client.showsAd) return;
    ctx.events.requests.add(key, outcome, now);
    // The forecast's history: the requests of people (not invalid traffic), by campaign and facts, the
    // facts worked out only for the requests it takes (past a tag hour's first 1,000, 1 in 16:
    // events/request-facts.ts).
    if (!invalid) ctx.events.requestFacts.add(key, client, outcome, now);
    notes ??= requestNotes(client, request.jar);
    for (const note of notes) ctx.events.requests.add(key, note, now);
  };
  const refuse = (key: string, reason: NotServedReason) => {
    count(key, reason);
    return undefined;
  };
  const { campaign, items } = tag;
  // paused, flight
  if (campaign.pausedOrArchived) return refuse(tag.noCreativeKey, 'paused');
  if (!campaign.liveAt(now)) return refuse(tag.noCreativeKey, 'flight');
  // invalid traffic (`invalid`, above): judged by the rules, never by the caps or the throttle
  // rules: the campaign's, then each creative's own (undefined: every creative not paused is eligible)
  const refused = campaign.delivery?.(client.facts(), now) ?? null;
  if (refused !== null) return refuse(tag.noCreativeKey, refused);
  if (items.every((item) => item.paused)) return refuse(tag.noCreativeKey, 'paused');
  let eligible: boolean[] | undefined;
  if (items.some((item) => item.rules !== null)) {
    eligible = items.map((item) => !item.paused && (item.rules?.(client.facts(), now) ?? null) === null);
    if (!eligible.some(Boolean)) return refuse(tag.noCreativeKey, 'noCreative');
  }
  // consent: an EU creative only with a valid TC string where GDPR applies
  if (items.some((item) => item.euCreative)) {
    eligible = euCreatives(items, eligible ?? items.map((item) => !item.paused), request.jar?.consent);
    if (!eligible.some(Boolean)) return refuse(tag.noCreativeKey, 'noConsent');
  }
  // and caps: only a request that may keep device state reads it (the jar's `cappable`)
  const jar = invalid ? undefined : request.jar;
  if (jar && items.some((item, index) => item.caps !== null && !item.paused && eligible?.[index] !== false)) {
    // A device's history is read from the store; a browser's cookie needs no wait (no turn of the loop).
    const loading = jar.prepare();
    if (loading !== undefined) await loading;
    let capReason: NotServedReason | null = null;
    eligible = items.map((item, index) => {
      if (item.paused || eligible?.[index] === false) return false;
      const reason = item.caps === null ? null : jar.judge(item.caps, now);
      capReason ??= reason;
      return reason === null;
    });
    if (!eligible.some(Boolean)) return refuse(tag.noCreativeKey, capReason ?? 'noCreative');
  }
  const position = items.length === 1 ? 0 : tag.choose(eligible, positionOf(request.pos));
  const item = position < 0 ? undefined : items[position];
  if (item?.liveId === undefined) return refuse(tag.noCreativeKey, 'paused');
  // a creative to answer with
  const live = tag.live ?? (await ctx.liveCreatives.get(item.liveId));
  if (!live || request.answerable?.(live) === false) return refuse(tag.noCreativeKey, 'noCreative');
  if (!client.showsAd) return { live, position, reason };
  // the throttle, an address and a device each at most its share of the period's budget
  if (!invalid && campaign.even !== null) {
    const device = jar?.deviceShareKey;
    const clients = device === undefined ? [client.addressKey()] : [client.addressKey(), device];
    const admitting = ctx.throttles.admit(campaign.even, now, clients);
    const admitted = typeof admitting === 'boolean' ? admitting : await admitting;
    if (!admitted) return refuse(item.countKey, 'throttled');
  }
  // the budget: this process's allowance of what it still pays for (invalid traffic spends none)
  if (!invalid && campaign.budget !== null) {
    const allowing = ctx.budgets.admit(campaign.budget, now);
    const allowed = typeof allowing === 'boolean' ? allowing : await allowing;
    if (!allowed) return refuse(item.countKey, 'budget');
  }
  // the ad with caps committed to the history (a device's may have reached its cap meanwhile)
  if (jar && item.caps !== null) {
    const committing = jar.commit(item.caps, now);
    const committed = 'then' in committing ? await committing : committing;
    if (!committed.served) return refuse(item.countKey, committed.reason);
    if (committed.rank !== null && item.caps.counted)
      ctx.events.requests.addRank(
        item.caps.counted.campaignId,
        item.caps.counted.period,
        committed.rank,
        now,
      );
  }
  count(item.countKey, invalid ? 'servedInvalid' : (jar?.servedAs(item.caps) ?? 'served'));
  // reach: the ad's identity, where the request may keep one (invalid traffic reaches no one)
  if (!invalid)
    ctx.events.requests.addReach(
      item.countKey.slice(0, item.countKey.indexOf('\t')),
      live.id,
      jar?.reachIdentity(),
      now,
      flightZone(live.flight),
    );
  return { live, position, reason };
}

/** The items still eligible once EU creatives are judged by the request's consent (docs/privacy.md). */
function euCreatives(
  items: readonly GateItem[],
  eligible: boolean[],
  consent: RequestConsent | undefined,
): boolean[] {
  if (consent === undefined || !items.some((item, index) => item.euCreative && eligible[index]))
    return eligible;
  return consent.euCreativeServes() ? eligible : eligible.map((ok, index) => ok && !items[index]?.euCreative);
}

const NO_NOTES: readonly RequestNote[] = [];

/** The notes a request carries (delivery/outcomes.ts), counted with its outcome. */
function requestNotes(client: TrafficClient, jar: CapJar | undefined): readonly RequestNote[] {
  const fromJar = jar?.notes ?? NO_NOTES;
  if (!client.siteMismatch()) return fromJar;
  return [...fromJar, 'siteMismatch'];
}

/**
 * The live creative a request to the tag of `liveId` is answered with (and its verdict): the live
 * creative itself when it passes the gate; else the platform's fallback creative (`fallbackId`, the ad
 * JSON's `fallback_id`) when that one does, counted under its own tag. Undefined: nothing serves (an
 * unknown live creative is not counted: it belongs to no campaign).
 */
export async function servableLive(
  ctx: Context,
  liveId: string,
  client: TrafficClient,
  options: {
    fallbackId?: string | undefined;
    answerable?: (live: LiveCreative) => boolean;
    jar?: CapJar | undefined;
  } = {},
): Promise<GatePass | undefined> {
  const request = { client, jar: options.jar, answerable: options.answerable };
  const live = await ctx.liveCreatives.get(liveId);
  if (!live) return undefined;
  const own = await passGate(ctx, liveTag(live), request);
  if (own) return own;
  const fallbackId = options.fallbackId?.trim();
  if (!fallbackId || fallbackId === liveId) return undefined;
  const fallback = await ctx.liveCreatives.get(fallbackId);
  return fallback ? passGate(ctx, liveTag(fallback), request) : undefined;
}
