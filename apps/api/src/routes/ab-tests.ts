// A/B test calls of a placement (docs/reports.md "A/B tests"): declarations; the work is in
// services/campaigns/ab-tests and ab-test-results.
import { contract, MESSAGES } from '@adconsole/domain';
import { defineRoute } from '../http/routes';
import { getAbTestResults } from '../services/campaigns/ab-test-results';
import * as abTests from '../services/campaigns/ab-tests';

const notYours = `${MESSAGES.abTestNotFound} (also for a test that is not yours)`;
const placementNotYours = `${MESSAGES.placementNotFound} (also for a placement that is not yours)`;

export const abTestRoutes = [
  defineRoute({
    call: contract.getAbTest,
    access: 'user',
    summary:
      'One A/B test of a placement: its variants, control, goal, plan and the sample each variant needs before it is read (plannedSample).',
    tag: 'Placements',
    errors: { 404: notYours },
    handler: ({ input, user, ctx }) => abTests.getAbTest(ctx, user, input.id),
  }),
  defineRoute({
    call: contract.listAbTests,
    access: 'user',
    summary: "A placement's A/B tests, newest first.",
    tag: 'Placements',
    errors: { 404: placementNotYours },
    handler: ({ input, user, ctx }) => abTests.listAbTests(ctx, user, input.placementID),
  }),
  defineRoute({
    call: contract.createAbTest,
    audit: 'abTest',
    access: 'user',
    summary:
      "Start an A/B test on a placement: 2-5 of its creatives, one the control, compared on a goal rate. The placement then rotates evenly over the variants (its other creatives paused) until the test is stopped, which puts its rotation back. The answer's plannedSample is the trials each variant needs before the verdict is read.",
    tag: 'Placements',
    errors: {
      400: `A variant that is not one of the placement's creatives, the conversion rate (no counter counts conversions yet), no baselineRate when the control has no rate of the goal yet, or an invalid definition (variants, control, goal, minimum detectable effect 1-500 %, significance 90/95/99 %, power 50-99 %).`,
      404: placementNotYours,
      409: MESSAGES.abTestAlreadyRunning,
    },
    handler: ({ input, user, ctx }) => abTests.createAbTest(ctx, user, input),
  }),
  defineRoute({
    call: contract.stopAbTest,
    audit: 'abTest',
    access: 'user',
    summary:
      'End a running A/B test: its window closes now and the placement gets back the rotation it had before the test.',
    tag: 'Placements',
    errors: { 404: notYours, 409: MESSAGES.abTestAlreadyEnded },
    handler: ({ input, user, ctx }) => abTests.stopAbTest(ctx, user, input.id),
  }),
  defineRoute({
    call: contract.getAbTestResults,
    access: 'user',
    summary:
      "An A/B test's results: each variant's trials and successes of the goal over the test's window (valid events, whole 15-minute buckets from its start to its end or now), rates with intervals, lift and difference against the control, z, p-value, the test used, and the verdict (not enough data until every variant has the planned sample).",
    tag: 'Reports',
    errors: { 404: notYours },
    handler: ({ input, user, ctx }) => getAbTestResults(ctx, user, input.id),
  }),
];
