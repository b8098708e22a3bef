// Placement calls (docs/serving.md, "Placements") for the console's `*-queries.ts`.
import type { Placement, PlacementStats } from '../../campaigns/placement';
import type { Http } from '../http';
import { type CallInput, send, sendOnly } from '../send';
import { placementsContract } from './contract';

export function placementCalls(http: Http) {
  const {
    getPlacement,
    getPlacementStats,
    listPlacements,
    createPlacement,
    updatePlacement,
    deletePlacement,
  } = placementsContract;
  return {
    getPlacement: (id: string): Promise<Placement> => send(http, getPlacement, { id }),
    getPlacementStats: (id: string): Promise<PlacementStats> => send(http, getPlacementStats, { id }),
    listPlacements: (campaignID: string): Promise<Placement[]> =>
      send(http, listPlacements, { campaignID }, { emptyAnswer: [] }),
    createPlacement: (input: CallInput<typeof createPlacement>): Promise<Placement> =>
      send(http, createPlacement, input),
    updatePlacement: (input: CallInput<typeof updatePlacement>): Promise<Placement> =>
      send(http, updatePlacement, input),
    async deletePlacement(id: string): Promise<void> {
      await sendOnly(http, deletePlacement, { id });
    },
  };
}
