// The A/B test request (docs/reports.md, "A/B tests"): the definition of ab-tests/ab-test-definition.ts with the placement it runs on,
// its defaults and its messages.
import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { MESSAGES } from '../../validation/messages';
import { abTestsContract } from './contract';
import { createAbTestRequestSchema } from './requests';

const valid = {
  placementID: 'p1',
  variants: ['a', 'b'],
  control: 'a',
  goal: 'ctr',
  minimumDetectableEffect: 20,
};

describe('the A/B test request', () => {
  it('takes a placement and a definition, with significance 95 % and power 80 % by default', () => {
    expect(z.parse(createAbTestRequestSchema, valid)).toEqual({ ...valid, significance: 95, power: 80 });
  });

  it('refuses a control that is not a variant, an unknown field and a missing placement, each with its message', () => {
    const messages = (input: unknown) =>
      z.safeParse(createAbTestRequestSchema, input).error?.issues.map((issue) => issue.message) ?? [];
    expect(messages({ ...valid, control: 'c' })).toEqual([MESSAGES.abTestControl]);
    expect(messages({ ...valid, variants: ['a'] })).toContain(MESSAGES.abTestVariants);
    expect(messages({ ...valid, extra: 1 })).toHaveLength(1);
    expect(messages({ ...valid, placementID: undefined })).toHaveLength(1);
  });

  it('reads results with the reports scope, and changes tests with the campaigns scope', () => {
    expect(abTestsContract.getAbTestResults.scope).toBe('reports:read');
    expect(abTestsContract.createAbTest.scope).toBe('campaigns:write');
    expect(abTestsContract.stopAbTest.scope).toBe('campaigns:write');
  });
});
