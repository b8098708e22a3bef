// The answers of a placement's tags (docs/serving.md, "Placements"): GET /serve/ad/p/{id}.json, /serve/vast/p/{id}.xml and
// /serve/vpaid/p/{id}.xml choose one of the placement's live creatives (placements.ts: an in-memory
// choice on the cached placement, among the creatives eligible for the request under their delivery
// rules) and answer exactly as that live creative's own tag: the same template, a fresh impression
// signed with that live creative's id, its flight. Nothing to serve answers as an unknown live creative
// does (the ad JSON's 404, the empty VAST document); every request of a known placement is counted
// under its outcome (served, or the reason it was not: docs/reports.md, "Requests not served"). The
// browser's frequency caps (frequency-jar.ts) take the creatives they refuse out of the rotation, and the
// one served is added to its history: every step is the gate's (gate.ts), as for a live creative's tag.
import type { ServePlacementQuery, ServeVpaidQuery } from '@adconsole/domain';
import type { Context } from '../../context';
import { answerAd } from './ad';
import type { FilledAnswer } from './answer-template';
import type { CapJar } from './frequency-jar';
import { type GatePass, passGate, placementTag } from './gate';
import type { LiveCreative } from './live-creatives';
import type { TrafficClient } from './traffic-quality';
import { EMPTY_VAST, hasVastAnswer, vastAnswer } from './vast';

/**
 * The live creative a request to the placement is answered with and its position, through the gate
 * (gate.ts); undefined when nothing serves it. `answerable` says whether the chosen one has an answer at
 * all (a VAST creative's video). The outcome is counted, unless the placement is unknown.
 */
async function chosen(
  ctx: Context,
  placementId: string,
  query: ServePlacementQuery,
  client: TrafficClient,
  jar: CapJar | undefined,
  answerable?: (live: LiveCreative) => boolean,
): Promise<GatePass | undefined> {
  const placement = await ctx.placements.get(placementId);
  if (!placement) return undefined;
  return passGate(ctx, placementTag(placement), { client, jar, pos: query.pos, answerable });
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
  return answerAd(ctx, choice, query, client, placementId);
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
  return vastAnswer(ctx, choice, query, flavour, client);
}
