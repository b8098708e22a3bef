// The ad builder's calls: declarations; the work is in services/ad-builder/builder.
import { contract, MESSAGES } from '@adconsole/domain';
import { defineRoute } from '../http/routes';
import * as builder from '../services/ad-builder/builder';

const draftNotFound = `${MESSAGES.draftNotFound} (also for another user's draft)`;

export const builderRoutes = [
  defineRoute({
    call: contract.listBuilderDrafts,
    access: 'user',
    summary: "The signed-in user's ad-builder drafts, the most recently saved first.",
    tag: 'Builder',
    handler: ({ user, ctx }) => builder.listDrafts(ctx, user),
  }),
  defineRoute({
    call: contract.createBuilderDraft,
    audit: { none: "A draft is its author's sketch until it becomes a creative (recorded then)." },
    access: 'user',
    summary: 'Save a new draft: a name and the builder document (layers, assets, keyframes, duration).',
    tag: 'Builder',
    handler: ({ input, user, ctx }) => builder.createDraft(ctx, user, input),
  }),
  defineRoute({
    call: contract.updateBuilderDraft,
    audit: { none: "A draft is its author's sketch until it becomes a creative (recorded then)." },
    access: 'user',
    summary: "Save a draft's name and document.",
    description: 'Takes the draft back as answered; campaignID, creativeID and updatedAt are ignored.',
    tag: 'Builder',
    errors: { 404: draftNotFound },
    handler: ({ input, user, ctx }) => builder.updateDraft(ctx, user, input),
  }),
  defineRoute({
    call: contract.deleteBuilderDraft,
    audit: { none: "A draft is its author's sketch until it becomes a creative (recorded then)." },
    access: 'user',
    summary: 'Delete a draft (a creative it exported stays).',
    tag: 'Builder',
    errors: { 404: draftNotFound },
    handler: ({ input, user, ctx }) => builder.deleteDraft(ctx, user, input.id),
  }),
  defineRoute({
    call: contract.builderDraftCreative,
    audit: 'creative',
    access: 'user',
    summary:
      "The draft's Banner creative in a campaign, made on first use: the builder uploads images to it.",
    tag: 'Builder',
    errors: { 404: `${draftNotFound} or ${MESSAGES.campaignNotFound}` },
    handler: ({ input, user, ctx }) => builder.draftCreative(ctx, user, input),
  }),
  defineRoute({
    call: contract.exportBuilderDraft,
    audit: 'creative',
    access: 'user',
    summary:
      'Export a draft as an HTML5 banner creative of a campaign (index.html and its images in a ZIP asset).',
    description:
      "Writes into the draft's creative in that campaign (made on first use), replacing its earlier HTML5 ZIP; publish the creative to serve it.",
    tag: 'Builder',
    errors: {
      404: `${draftNotFound} or ${MESSAGES.campaignNotFound}`,
      413: 'The banner is larger than an HTML5 ZIP may be.',
    },
    handler: ({ input, user, ctx }) => builder.exportDraft(ctx, user, input),
  }),
];
