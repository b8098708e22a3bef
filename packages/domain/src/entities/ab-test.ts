// The A/B test a later API call accepts (docs/reports.md, "A/B tests"): 2 to 5 creatives of one tag,
// one of them the control, the goal's rate they are compared on, and what the test is planned for.
// Percentages are sent as percents (20 is 20 %); rules/ab-test.ts reads them.
import { z } from 'zod/mini';
import {
  AB_TEST_GOALS,
  AB_TEST_MAX_VARIANTS,
  AB_TEST_MIN_VARIANTS,
  AB_TEST_SIGNIFICANCE_PERCENTS,
  DEFAULT_AB_TEST_POWER,
} from '../rules/ab-test';

export const AB_TEST_MESSAGES = {
  variants: `An A/B test compares ${AB_TEST_MIN_VARIANTS} to ${AB_TEST_MAX_VARIANTS} creatives`,
  creativeId: 'Each variant must name a creative',
  duplicate: 'Each variant must be a different creative',
  control: 'The control must be one of the variants',
  goal: `The goal must be one of: ${AB_TEST_GOALS.join(', ')}`,
  minimumDetectableEffect: 'The minimum detectable effect must be from 1 % to 500 %',
  significance: 'The significance must be 90, 95 or 99 %',
  power: 'The power must be a whole percentage from 50 % to 99 %',
  baselineRate: "The control's expected rate must be more than 0 % and less than 100 %",
} as const;

const creativeIdSchema = z
  .string({ error: AB_TEST_MESSAGES.creativeId })
  .check(z.minLength(1, AB_TEST_MESSAGES.creativeId));

const percent = (message: string, min: number, max: number) =>
  z.number({ error: message }).check(z.gte(min, message), z.lte(max, message));

export const abTestDefinitionSchema = z
  .strictObject({
    /** The creatives compared, the control among them. */
    variants: z.array(creativeIdSchema, { error: AB_TEST_MESSAGES.variants }).check(
      z.minLength(AB_TEST_MIN_VARIANTS, AB_TEST_MESSAGES.variants),
      z.maxLength(AB_TEST_MAX_VARIANTS, AB_TEST_MESSAGES.variants),
      z.refine((ids) => new Set(ids).size === ids.length, AB_TEST_MESSAGES.duplicate),
    ),
    control: creativeIdSchema,
    goal: z.enum(AB_TEST_GOALS, { error: AB_TEST_MESSAGES.goal }),
    /** Relative, in percent: 20 finds a 1 % rate against 1.2 %. */
    minimumDetectableEffect: percent(AB_TEST_MESSAGES.minimumDetectableEffect, 1, 500),
    /** 1 - α in percent. */
    significance: z._default(
      z.literal(AB_TEST_SIGNIFICANCE_PERCENTS, { error: AB_TEST_MESSAGES.significance }),
      95, // DEFAULT_AB_TEST_SIGNIFICANCE in percent, as the literal type asks
    ),
    /** 1 - β in percent. */
    power: z._default(
      percent(AB_TEST_MESSAGES.power, 50, 99).check(z.int(AB_TEST_MESSAGES.power)),
      DEFAULT_AB_TEST_POWER * 100,
    ),
    /** The control's expected rate in percent, for the planned sample; else its rate before the test. */
    baselineRate: z.optional(
      z
        .number({ error: AB_TEST_MESSAGES.baselineRate })
        .check(z.gt(0, AB_TEST_MESSAGES.baselineRate), z.lt(100, AB_TEST_MESSAGES.baselineRate)),
    ),
  })
  .check(
    z.superRefine((test, context) => {
      if (!test.variants.includes(test.control))
        context.issues.push({
          code: 'custom',
          input: test.control,
          message: AB_TEST_MESSAGES.control,
          path: ['control'],
        });
    }),
  );
export type AbTestDefinition = z.infer<typeof abTestDefinitionSchema>;
