// Which creatives a placement may hold (docs/serving.md, "Placements"): creatives of its own campaign, all of one kind and
// one size, since one tag on a publisher's page serves them (an ad slot of 300×250, a VAST player).

import {
  placementCreativeElsewhereMessage,
  placementCreativeUnknownMessage,
  placementKeepsKindMessage,
  placementMixedKindsMessage,
  placementMixedSizesMessage,
} from '../validation/messages';
import type { CreativeType } from './creative';

/** A creative as the rule reads it; undefined in the list for one that the caller may not see. */
export interface PlacementCreative {
  id: string;
  campaignId: string;
  name: string;
  type: CreativeType;
  width: number;
  height: number;
}

export interface PlacementShape {
  kind: CreativeType;
  width: number;
  height: number;
}

/**
 * What is wrong with these creatives as a placement of `campaignId` (the first problem, as a message),
 * or its kind and size. `found` holds the creatives the caller may see by id; `keep` is the placement's
 * kind and size when it already exists (an update may not change them: tags are out there).
 */
export function placementShapeOf(
  campaignId: string,
  creativeIds: readonly string[],
  found: ReadonlyMap<string, PlacementCreative>,
  keep?: PlacementShape,
): { problem: string } | { shape: PlacementShape } {
  const creatives: PlacementCreative[] = [];
  for (const id of creativeIds) {
    const creative = found.get(id);
    if (!creative) return { problem: placementCreativeUnknownMessage(id) };
    if (creative.campaignId !== campaignId)
      return { problem: placementCreativeElsewhereMessage(creative.name) };
    creatives.push(creative);
  }
  const [first] = creatives;
  if (!first) return { problem: placementCreativeUnknownMessage('') };
  const otherKind = creatives.find((creative) => creative.type !== first.type);
  if (otherKind) return { problem: placementMixedKindsMessage(first, otherKind) };
  const otherSize = creatives.find(
    (creative) => creative.width !== first.width || creative.height !== first.height,
  );
  if (otherSize) return { problem: placementMixedSizesMessage(first, otherSize) };
  const shape = { kind: first.type, width: first.width, height: first.height };
  if (keep && (keep.kind !== shape.kind || keep.width !== shape.width || keep.height !== shape.height))
    return { problem: placementKeepsKindMessage(keep, shape) };
  return { shape };
}
