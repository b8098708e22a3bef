// Creative QA calls (docs/builder.md, "Creative QA"): declarations; the work is in services/campaigns/creative-qa.ts.
import { contract, MESSAGES } from '@adconsole/domain';
import { defineRoute } from '../http/routes';
import * as qa from '../services/campaigns/creative-qa';

const notYours = `${MESSAGES.creativeNotFound} (also for a creative that is not yours)`;

export const creativeQaRoutes = [
  defineRoute({
    call: contract.getCreativeQa,
    access: 'user',
    summary:
      "A creative's last QA run in headless Chromium: each check (network bytes, initial load, requests, https, main-thread CPU, drawn size, an HTML5 archive's clickTag) pass, warning or fail with its number, against Chrome's heavy-ad limits and the IAB's display guidelines. `state` is none, running, measured, not_measured (no Chromium on this server: publishing is not blocked) or error; `current` says whether it measured the current assets.",
    tag: 'Creatives',
    errors: { 404: notYours },
    handler: ({ input, user, ctx }) => qa.getCreativeQa(ctx, user, input.creativeID),
  }),
  defineRoute({
    call: contract.runCreativeQa,
    audit: {
      none: "Measures the creative in Chromium; nothing of it changes (the run's results are its QA, with their time).",
    },
    access: 'user',
    summary:
      'Queue a new QA run of the creative as it is now (a background job, at most 30 s in Chromium); answers the run as running, or not_measured on a server without Chromium.',
    tag: 'Creatives',
    errors: { 404: notYours },
    handler: ({ input, user, ctx }) => qa.runCreativeQa(ctx, user, input.creativeID),
  }),
];
