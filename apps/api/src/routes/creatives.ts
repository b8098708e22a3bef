// Creative calls (docs/product.md §7): declarations; the work is in services/campaigns/creatives.
import { CREATIVE_QA_RUNNING, contract, MESSAGES } from '@adconsole/domain';
import { defineRoute } from '../http/routes';
import * as creatives from '../services/campaigns/creatives';

const entityNote =
  'Takes the creative body or the whole creative as the server answers it: assets, live creatives, counters and timestamps are accepted and ignored; unknown fields are refused.';
const notFound = `${MESSAGES.noCreativeFoundYet} (temporary or missing id) or ${MESSAGES.creativeNotFound}`;

export const creativeRoutes = [
  defineRoute({
    call: contract.getCreative,
    access: 'user',
    clients: 'read',
    summary: 'One creative with its assets and live creatives.',
    tag: 'Creatives',
    errors: { 404: `${MESSAGES.creativeNotFound} (also for a creative that is not yours)` },
    handler: ({ input, user, ctx }) => creatives.getCreative(ctx, user, input.id),
  }),
  defineRoute({
    call: contract.listCreatives,
    access: 'user',
    clients: 'read',
    summary: "A campaign's creatives, oldest first.",
    tag: 'Creatives',
    errors: { 404: MESSAGES.campaignNotFound },
    handler: ({ input, user, ctx }) => creatives.listCreatives(ctx, user, input.campaignID),
  }),
  defineRoute({
    call: contract.createCreative,
    audit: 'creative',
    access: 'user',
    summary: 'Create a creative in one of your campaigns; a temporary id is replaced by the server id.',
    description: entityNote,
    tag: 'Creatives',
    errors: { 404: MESSAGES.campaignNotFound },
    handler: ({ input, user, ctx }) => creatives.createCreative(ctx, user, input),
  }),
  defineRoute({
    call: contract.updateCreative,
    audit: 'creative',
    access: 'user',
    summary: 'Update a creative; fields left out keep their value.',
    description: entityNote,
    tag: 'Creatives',
    errors: { 404: notFound },
    handler: ({ input, user, ctx }) => creatives.updateCreative(ctx, user, input),
  }),
  defineRoute({
    call: contract.updateCreativeHtml,
    audit: 'creative',
    access: 'user',
    summary: "Save a creative's HTML (the layout injection result); other fields are left as stored.",
    description: entityNote,
    tag: 'Creatives',
    errors: { 404: notFound },
    handler: ({ input, user, ctx }) => creatives.updateCreativeHtml(ctx, user, input),
  }),
  defineRoute({
    call: contract.duplicateCreative,
    audit: 'creative',
    access: 'user',
    summary:
      "Copy a creative (and its assets) in the same campaign, named by the copy rule: ' (Copy)', ' (Copy 2)', ...",
    description: `The copy has no live creatives; publish it to get tags. ${entityNote}`,
    tag: 'Creatives',
    errors: { 404: notFound },
    handler: ({ input, user, ctx }) => creatives.duplicateCreative(ctx, user, input),
  }),
  defineRoute({
    call: contract.publishCreative,
    audit: 'liveCreative',
    access: 'user',
    summary:
      'Publish a creative: a new live creative (an immutable snapshot with its own id) that tags and reports use.',
    description:
      'Takes the creative as answered (or just `{id, platform}`); only `id` and `platform` are read. Publishing again adds another live creative; earlier ones keep serving until removed (DELETE /v1/campaign/creatives/live). A given platform is saved on the creative first.',
    tag: 'Creatives',
    errors: {
      404: notFound,
      409: `A banner's creative QA (docs/builder.md, "Creative QA") refuses it: the last run of its current assets passed one of Chrome's heavy-ad limits (the sentence names the numbers), or no run of them has finished yet ("${CREATIVE_QA_RUNNING}"). A server without Chromium does not refuse.`,
    },
    handler: ({ input, user, ctx }) => creatives.publishCreative(ctx, user, input),
  }),
  defineRoute({
    call: contract.deleteLiveCreative,
    audit: 'liveCreative',
    access: 'user',
    summary: 'Remove a live creative: its tags stop serving. The creative and other live creatives stay.',
    tag: 'Creatives',
    errors: { 404: MESSAGES.liveCreativeNotFound },
    handler: ({ input, user, ctx }) => creatives.removeLiveCreative(ctx, user, input.id),
  }),
  defineRoute({
    call: contract.deleteCreative,
    audit: 'creative',
    access: 'user',
    summary: 'Delete a creative and its assets; its live creatives stop serving.',
    description: 'id in the query. Answers an empty data.',
    tag: 'Creatives',
    errors: { 404: notFound },
    handler: ({ input, user, ctx }) => creatives.deleteCreative(ctx, user, input.id),
  }),
];
