// Whether an ad request gets an ad, and the count of why not (docs/serving.md, "Delivery rules" and "Why
// it did not serve"). A live creative's tag serves a request when its campaign is not archived ('paused'),
// its flight is live ('flight') and the request matches its campaign's delivery rules and its creative's
// own (compiled with the cache entry: live-creatives.ts), the first rule it fails being the reason, and
// the browser is under its frequency caps (`frequency`; `notCappable` for a request that cannot be
// capped where the campaign says so: frequency-jar.ts). Every
// ad request of a known live creative counts once under its outcome (events/request-counter.ts); the
// answer itself never tells which (the ad JSON's 404, the empty VAST document, as before).
import type { DeliveryFacts, NotServedReason, TagCaps } from '@adconsole/domain';
import type { Context } from '../../context';
import type { CapJar, CapJudge } from './frequency-jar';
import type { LiveCreative } from './live-creatives';
import type { TrafficClient } from './traffic-quality';

/** The serving clock (ms): the context's, pinned in tests. */
export const servingNow = (ctx: Pick<Context, 'clock'>): number => ctx.clock?.() ?? Date.now();

/**
 * Why a live creative does not serve this request at `now`; null when it does. The request's facts are
 * asked for only when the creative has rules to judge them by (a paused or ended one is refused without
 * deriving its site, browser and country); its caps are judged last, by `caps` (the request's cap
 * history: none judges none, as for a new browser).
 */
export function refusalOf(
  live: LiveCreative,
  facts: () => DeliveryFacts,
  now: number,
  caps?: CapJudge,
): NotServedReason | null {
  if (live.archived) return 'paused';
  if (!live.liveAt(now)) return 'flight';
  const refused = live.delivery === null ? null : live.delivery(facts(), now);
  if (refused !== null || live.caps === null || caps === undefined) return refused;
  return caps(live.caps, now);
}

/**
 * An ad of a tag with caps served at `now` to a request that shows it: added to the request's cap history
 * (`jar`), and counted by its rank in the browser's frequency window when its campaign has caps
 * (docs/reports.md, "Frequency").
 */
export function servedCapped(
  ctx: Pick<Context, 'events'>,
  jar: CapJar | undefined,
  caps: TagCaps | null,
  now: number,
): void {
  const rank = jar?.served(caps, now) ?? null;
  if (rank !== null && caps?.counted)
    ctx.events.requests.addRank(caps.counted.campaignId, caps.counted.period, rank, now);
}

/**
 * 'throttled' when the live creative's campaign is delivered evenly and its throttle does not serve this
 * request (docs/serving.md, "Even delivery"), after every other reason: only a request that would be
 * served reaches the throttle. A request that shows no ad (a HEAD) is never drawn for.
 */
export async function throttled(
  ctx: Pick<Context, 'throttles'>,
  live: Pick<LiveCreative, 'even'>,
  client: Pick<TrafficClient, 'showsAd'>,
  now: number,
): Promise<'throttled' | null> {
  if (live.even === null || !client.showsAd) return null;
  return (await ctx.throttles.admit(live.even, now)) ? null : 'throttled';
}

/**
 * The live creative a request to the tag of `liveId` is answered with, its outcome counted: the live
 * creative itself when it serves this request; else the platform's fallback creative (`fallbackId`, the
 * ad JSON's `fallback_id`) when that one serves it, counted under its own tag. `answerable` says whether
 * a servable live creative has an answer at all (a VAST creative without its video has none): one that
 * has not is counted as no eligible creative. `jar` is the request's cap history: the creative served
 * is added to it. Undefined: nothing serves (an unknown live creative is not counted: it belongs to no
 * campaign).
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
): Promise<LiveCreative | undefined> {
  const live = await ctx.liveCreatives.get(liveId);
  if (!live) return undefined;
  const now = servingNow(ctx);
  const judge = async (candidate: LiveCreative) => {
    const reason =
      refusalOf(candidate, client.dimensions, now, options.jar?.judge) ??
      (options.answerable?.(candidate) === false ? 'noCreative' : null) ??
      (await throttled(ctx, candidate, client, now));
    if (client.showsAd) ctx.events.requests.add(candidate.countKey, reason ?? 'served', now);
    // Counted when served (the answer carries the ad), by a request that can show it.
    if (reason === null && client.showsAd) servedCapped(ctx, options.jar, candidate.caps, now);
    return reason === null;
  };
  // A device's cap history is read from the store only for a tag with caps.
  if (live.caps !== null) await options.jar?.prepare();
  if (await judge(live)) return live;
  const fallbackId = options.fallbackId?.trim();
  if (!fallbackId || fallbackId === liveId) return undefined;
  const fallback = await ctx.liveCreatives.get(fallbackId);
  if (fallback?.caps) await options.jar?.prepare();
  return fallback && (await judge(fallback)) ? fallback : undefined;
}
