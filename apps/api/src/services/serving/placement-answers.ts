// The answers of a placement's tags (docs/serving.md, "Placements"): GET /serve/ad/p/{id}.json, /serve/vast/p/{id}.xml and
// /serve/vpaid/p/{id}.xml choose one of the placement's live creatives (placements.ts: an in-memory
// choice on the cached placement, among the creatives eligible for the request under their delivery
// rules) and answer exactly as that live creative's own tag: the same template, a fresh impression
// signed with that live creative's id, its flight. Nothing to serve answers as an unknown live creative
// does (the ad JSON's 404, the empty VAST document); every request of a known placement is counted
// under its outcome (served, or the reason it was not: docs/reports.md, "Requests not served"). The
// browser's frequency caps (frequency-jar.ts) take the creatives they refuse out of the rotation, and the
// one served is added to its history.
import type { RequestOutcome, ServePlacementQuery, ServeVpaidQuery } from '@adconsole/domain';
import type { Context } from '../../context';
import { answerAd } from './ad';
import type { FilledAnswer } from './answer-template';
import { servedCapped, servingNow, throttled } from './delivery';
import type { CapJar } from './frequency-jar';
import type { LiveCreative } from './live-creatives';
import { choosePlacementLive, positionOf } from './placements';
import type { TrafficClient } from './traffic-quality';
import { EMPTY_VAST, hasVastAnswer, vastAnswer } from './vast';

/**
 * The live creative a request to the placement is answered with and its position; undefined when
 * nothing serves it. `answerable` says whether the chosen one has an answer at all (a VAST creative's
 * video). The outcome is counted, unless the placement is unknown; the ad served is added to `jar`.
 */
async function chosen(
  ctx: Context,
  placementId: string,
  query: ServePlacementQuery,
  client: TrafficClient,
  jar: CapJar | undefined,
  answerable: (live: LiveCreative) => boolean = () => true,
): Promise<{ live: LiveCreative; position: number } | undefined> {
  const placement = await ctx.placements.get(placementId);
  if (!placement) return undefined;
  const now = servingNow(ctx);
  // A device's cap history is read from the store only for a placement with caps.
  if (placement.caps.some((caps) => caps !== null)) await jar?.prepare();
  const choice = choosePlacementLive(
    placement,
    positionOf(query.pos),
    client.dimensions,
    now,
    undefined,
    jar?.judge,
  );
  const count = (key: string, outcome: RequestOutcome) => {
    if (client.showsAd) ctx.events.requests.add(key, outcome, now);
  };
  if ('reason' in choice) {
    count(placement.noCreativeKey, choice.reason);
    return undefined;
  }
  // The placement's entry judged the campaign and the rules; the chosen live creative's own entry gives
  // its answer (removed since the placement was read, or without one to give: no eligible creative).
  const live = await ctx.liveCreatives.get(choice.liveId);
  if (!live || !answerable(live)) {
    count(placement.noCreativeKey, 'noCreative');
    return undefined;
  }
  // An evenly delivered campaign's throttle, last (docs/serving.md, "Even delivery").
  if ((await throttled(ctx, placement.campaign, client, now)) !== null) {
    count(placement.countKeys[choice.position] ?? placement.noCreativeKey, 'throttled');
    return undefined;
  }
  count(placement.countKeys[choice.position] ?? placement.noCreativeKey, 'served');
  if (client.showsAd) servedCapped(ctx, jar, placement.caps[choice.position] ?? null, now);
  return { live, position: choice.position };
}

/**
 * The chosen live creative's ad JSON with `placement`: the placement's id and the position served,
 * which the runtime sends back as `pos=` (sequential rotation per page).
 */
export async function servedPlacementAd(
  ctx: Context,
  placementId: string,
  query: ServePlacementQuery,
  client: TrafficClient,
  jar?: CapJar,
): Promise<FilledAnswer | undefined> {
  const choice = await chosen(ctx, placementId, query, client, jar);
  if (!choice) return undefined;
  return answerAd(ctx, choice.live, query, client, { id: placementId, position: choice.position });
}

/** The chosen live creative's VAST (or VPAID) document. */
export async function placementVastDocument(
  ctx: Context,
  placementId: string,
  query: ServePlacementQuery & ServeVpaidQuery,
  flavour: 'vast' | 'vpaid',
  client: TrafficClient,
  jar?: CapJar,
): Promise<string | FilledAnswer> {
  const choice = await chosen(ctx, placementId, query, client, jar, hasVastAnswer(ctx, query, flavour));
  if (!choice) return EMPTY_VAST;
  return vastAnswer(ctx, choice.live, query, flavour, client);
}
