// The A/B test a later API call accepts (docs/reports.md, "A/B tests"): 2 to 5 creatives of one tag,
// one of them the control, the goal's rate they are compared on, and what the test is planned for.
// Percentages are sent as percents (20 is 20 %); ab-tests/ab-test.ts reads them.
import { z } from 'zod/mini';
import { AB_TEST_GOALS, AB_TEST_MAX_VARIANTS, AB_TEST_MIN_VARIANTS } from '../constants';
import { MESSAGES } from '../validation/messages';
import { AB_TEST_SIGNIFICANCE_PERCENTS, DEFAULT_AB_TEST_POWER } from './ab-test';

const creativeIdSchema = z
  .string({ error: MESSAGES.abTestCreativeId })
  .check(z.minLength(1, MESSAGES.abTestCreativeId));

const percent = (message: string, min: number, max: number) =>
  z.number({ error: message }).check(z.gte(min, message), z.lte(max, message));

/** The control is one of the test's variants (its message on `control`): the definition's and the request's check. */
export const controlIsAVariant = z.superRefine((test: { variants: string[]; control: string }, context) => {
  if (!test.variants.includes(test.control))
    context.issues.push({
      code: 'custom',
      input: test.control,
      message: MESSAGES.abTestControl,
      path: ['control'],
    });
});

export const abTestDefinitionSchema = z
  .strictObject({
    /** The creatives compared, the control among them. */
    variants: z.array(creativeIdSchema, { error: MESSAGES.abTestVariants }).check(
      z.minLength(AB_TEST_MIN_VARIANTS, MESSAGES.abTestVariants),
      z.maxLength(AB_TEST_MAX_VARIANTS, MESSAGES.abTestVariants),
      z.refine((ids) => new Set(ids).size === ids.length, MESSAGES.abTestDuplicate),
    ),
    control: creativeIdSchema,
    goal: z.enum(AB_TEST_GOALS, { error: MESSAGES.abTestGoal }),
    /** Relative, in percent: 20 finds a 1 % rate against 1.2 %. */
    minimumDetectableEffect: percent(MESSAGES.abTestMinimumDetectableEffect, 1, 500),
    /** 1 - α in percent. */
    significance: z._default(
      z.literal(AB_TEST_SIGNIFICANCE_PERCENTS, { error: MESSAGES.abTestSignificance }),
      95, // DEFAULT_AB_TEST_SIGNIFICANCE in percent, as the literal type asks
    ),
    /** 1 - β in percent. */
    power: z._default(
      percent(MESSAGES.abTestPower, 50, 99).check(z.int(MESSAGES.abTestPower)),
      DEFAULT_AB_TEST_POWER * 100,
    ),
    /** The control's expected rate in percent, for the planned sample; else its rate before the test. */
    baselineRate: z.optional(
      z
        .number({ error: MESSAGES.abTestBaselineRate })
        .check(z.gt(0, MESSAGES.abTestBaselineRate), z.lt(100, MESSAGES.abTestBaselineRate)),
    ),
  })
  .check(controlIsAVariant);
export type AbTestDefinition = z.infer<typeof abTestDefinitionSchema>;
