// Placement calls (docs/serving.md, "Placements": one tag, several creatives): declarations; the work is in
// services/campaigns/placements.
import { contract, MESSAGES } from '@adconsole/domain';
import { defineRoute } from '../http/routes';
import { getPlacementStats } from '../services/campaigns/placement-stats';
import * as placements from '../services/campaigns/placements';

const notYours = `${MESSAGES.placementNotFound} (also for a placement that is not yours)`;
const refused =
  'A creative that is unknown (or not yours), of another campaign, of another kind or size than the others, or (on update) a change of the kind or size the placement serves; or an invalid rotation (mode, weights 1-1000, a creative twice, every creative paused).';

export const placementRoutes = [
  defineRoute({
    call: contract.getPlacement,
    access: 'user',
    summary: "One placement: a campaign's creatives of one kind and size that one tag serves in rotation.",
    tag: 'Placements',
    errors: { 404: notYours },
    handler: ({ input, user, ctx }) => placements.getPlacement(ctx, user, input.id),
  }),
  defineRoute({
    call: contract.getPlacementStats,
    access: 'user',
    summary:
      "Why a placement serves what it serves: each creative's chance of the next ad request under its rotation (null in sequential rotation), whether it can serve, the counts optimized rotation draws from (clicks, or video completes, per impression of its current live creative), and each creative's all-time counts of every A/B test goal (the baseline of a test before it starts).",
    tag: 'Placements',
    errors: { 404: notYours },
    handler: ({ input, user, ctx }) => getPlacementStats(ctx, user, input.id),
  }),
  defineRoute({
    call: contract.listPlacements,
    access: 'user',
    summary: "A campaign's placements, oldest first.",
    tag: 'Placements',
    errors: { 404: `${MESSAGES.campaignNotFound} (also for a campaign that is not yours)` },
    handler: ({ input, user, ctx }) => placements.listPlacements(ctx, user, input.campaignID),
  }),
  defineRoute({
    call: contract.createPlacement,
    audit: 'placement',
    access: 'user',
    summary:
      "Create a placement of creatives of one of your campaigns; its kind and size are its creatives'. Its tags: /serve/ad/p/{id}.json, /serve/vast/p/{id}.xml, /serve/vpaid/p/{id}.xml.",
    tag: 'Placements',
    errors: { 400: refused, 404: `${MESSAGES.campaignNotFound} (also for a campaign that is not yours)` },
    handler: ({ input, user, ctx }) => placements.createPlacement(ctx, user, input),
  }),
  defineRoute({
    call: contract.updatePlacement,
    audit: 'placement',
    access: 'user',
    summary:
      "Change a placement's name, mode and items (the whole list: creatives in order, weights, paused flags); each is kept when left out. Serving sees it within 5 seconds (at once in this process).",
    tag: 'Placements',
    errors: { 400: refused, 404: notYours },
    handler: ({ input, user, ctx }) => placements.updatePlacement(ctx, user, input),
  }),
  defineRoute({
    call: contract.deletePlacement,
    audit: 'placement',
    access: 'user',
    summary: 'Delete a placement: its tags stop serving; its creatives and their live creatives stay.',
    tag: 'Placements',
    errors: { 404: notYours },
    handler: ({ input, user, ctx }) => placements.deletePlacement(ctx, user, input.id),
  }),
];
