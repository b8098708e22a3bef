import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { MESSAGES } from '../validation/messages';
import { abTestPlannedSample } from './ab-test';
import { abTestDefinitionSchema } from './ab-test-definition';

const problem = (value: unknown) => {
  const result = z.safeParse(abTestDefinitionSchema, value);
  return result.success ? undefined : result.error.issues[0]?.message;
};

const definition = { variants: ['a', 'b'], control: 'a', goal: 'ctr', minimumDetectableEffect: 20 };

describe('A/B test definition', () => {
  it('takes 2 to 5 creatives, one of them the control, with significance 95 % and power 80 % by default', () => {
    expect(z.parse(abTestDefinitionSchema, definition)).toEqual({
      ...definition,
      significance: 95,
      power: 80,
    });
    const five = {
      ...definition,
      variants: ['a', 'b', 'c', 'd', 'e'],
      significance: 99,
      power: 90,
      baselineRate: 1,
    };
    expect(z.parse(abTestDefinitionSchema, five)).toEqual(five);
  });

  // Each row: what is changed and the message it answers.
  it.each([
    ['one creative', { variants: ['a'] }, MESSAGES.abTestVariants],
    ['six creatives', { variants: ['a', 'b', 'c', 'd', 'e', 'f'] }, MESSAGES.abTestVariants],
    ['no list', { variants: 'a,b' }, MESSAGES.abTestVariants],
    ['a creative twice', { variants: ['a', 'a'] }, MESSAGES.abTestDuplicate],
    ['an empty id', { variants: ['a', ''] }, MESSAGES.abTestCreativeId],
    ['a control that is not a variant', { control: 'c' }, MESSAGES.abTestControl],
    ['no control', { control: undefined }, MESSAGES.abTestCreativeId],
    ['an unknown goal', { goal: 'sales' }, MESSAGES.abTestGoal],
    ['an effect under 1 %', { minimumDetectableEffect: 0.5 }, MESSAGES.abTestMinimumDetectableEffect],
    ['an effect over 500 %', { minimumDetectableEffect: 501 }, MESSAGES.abTestMinimumDetectableEffect],
    ['a significance of 80 %', { significance: 80 }, MESSAGES.abTestSignificance],
    ['a significance as a fraction', { significance: 0.95 }, MESSAGES.abTestSignificance],
    ['a power of 99.5 %', { power: 99.5 }, MESSAGES.abTestPower],
    ['a power of 40 %', { power: 40 }, MESSAGES.abTestPower],
    ['a baseline of 0 %', { baselineRate: 0 }, MESSAGES.abTestBaselineRate],
    ['a baseline of 100 %', { baselineRate: 100 }, MESSAGES.abTestBaselineRate],
  ])('refuses %s', (_label, change, message) => {
    expect(problem({ ...definition, ...change })).toBe(message);
  });

  it('reads the goal among ctr, viewability, completionRate, engagementRate, conversionRate', () => {
    expect(MESSAGES.abTestGoal).toBe(
      'The goal must be one of: ctr, viewability, completionRate, engagementRate, conversionRate',
    );
    for (const goal of ['viewability', 'completionRate', 'engagementRate', 'conversionRate'])
      expect(problem({ ...definition, goal })).toBeUndefined();
  });

  it("plans the sample from the definition's percents: 1 %, +20 %, 95 %, 80 %, two variants: 42,693 per variant (three: 51,702)", () => {
    const parsed = z.parse(abTestDefinitionSchema, definition);
    expect(abTestPlannedSample(parsed, 1)).toBe(42_693);
    expect(abTestPlannedSample({ ...parsed, variants: ['a', 'b', 'c'], baselineRate: 1 })).toBe(51_702);
    expect(() => abTestPlannedSample(parsed)).toThrow(RangeError);
  });
});
