// The answers of a placement's tags (issue 46): GET /serve/ad/p/{id}.json, /serve/vast/p/{id}.xml and
// /serve/vpaid/p/{id}.xml choose one of the placement's live creatives (placements.ts: an in-memory
// choice on the cached placement) and answer exactly as that live creative's own tag: the same
// template, a fresh impression signed with that live creative's id, its flight. Nothing to serve
// answers as an unknown live creative does (the ad JSON's 404, the empty VAST document).
import type { ServePlacementQuery, ServeVpaidQuery } from '@adconsole/domain';
import type { Context } from '../../context';
import { servedAd } from './ad';
import type { FilledAnswer } from './answer-template';
import { choosePlacementLive, positionOf } from './placements';
import type { TrafficClient } from './traffic-quality';
import { EMPTY_VAST, vastDocument } from './vast';

async function chosen(ctx: Context, placementId: string, query: ServePlacementQuery) {
  const placement = await ctx.placements.get(placementId);
  if (!placement) return undefined;
  return choosePlacementLive(placement, positionOf(query.pos));
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
): Promise<FilledAnswer | undefined> {
  const choice = await chosen(ctx, placementId, query);
  if (!choice) return undefined;
  return servedAd(ctx, choice.liveId, query, client, { id: placementId, position: choice.position });
}

/** The chosen live creative's VAST (or VPAID) document. */
export async function placementVastDocument(
  ctx: Context,
  placementId: string,
  query: ServePlacementQuery & ServeVpaidQuery,
  flavour: 'vast' | 'vpaid',
  client: TrafficClient,
): Promise<string | FilledAnswer> {
  const choice = await chosen(ctx, placementId, query);
  if (!choice) return EMPTY_VAST;
  return vastDocument(ctx, choice.liveId, query, flavour, client);
}
