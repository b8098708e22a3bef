// The delivery rules as data (docs/architecture.md, "How to add a delivery rule"): every entry of
// DELIVERY_RULES has every facet, and every list that names rules is a map of it, so a new rule that
// lacks one fails here rather than silently somewhere else (the schemas, the compiled check, the
// summary, the history, the estimate, the not-served figures, the tester's echo).
import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { deliveryTestSchema } from '../api/delivery-rules/requests';
import { FIGURE, REPORT_FIGURES } from '../reports/figures';
import { FIGURE_OF_OUTCOME } from '../reports/not-served';
import { compileDeliveryRules } from './compile';
import { bothRuleSets, ruleSetServesNothing } from './coverage';
import {
  campaignDeliveryRulesSchema,
  creativeDeliveryRulesSchema,
  deliveryRulesSchema,
} from './delivery-rules';
import { ESTIMATE_DIMENSIONS, estimateDelivery } from './estimate';
import { CAMPAIGN_REFUSALS, NOT_SERVED_REASONS } from './outcomes';
import {
  DELIVERY_FACTS,
  DELIVERY_RULES,
  type DeliveryRuleSpec,
  type DeliveryRules,
  type ListKind,
  UNKNOWN_FACTS,
} from './rule-list';
import { deliveryRulesFields, deliveryRulesSummary } from './summary';

const RULES: readonly DeliveryRuleSpec[] = DELIVERY_RULES;
const NOON_MONDAY = Date.UTC(2026, 10, 23, 12);
const noHourButMondayNoon = Array.from({ length: 7 }, (_, day) =>
  Array.from({ length: 24 }, (__, hour) => day === 0 && hour === 12),
);

/** A rule of each entry that a request of its first offered value (or a listed site) passes. */
function narrowingRule(spec: DeliveryRuleSpec): unknown {
  const kind = spec.kind;
  if (kind.type === 'list') return { mode: 'include', values: [kind.offered[0]] };
  if (kind.type === 'sites') return { allow: ['example.com'], block: [] };
  return noHourButMondayNoon;
}

/** The fact a request passing `narrowingRule` carries. */
const passingFact = (spec: DeliveryRuleSpec) =>
  spec.kind.type === 'list' ? (spec.kind.offered[0] as string) : 'news.example.com';

describe('DELIVERY_RULES', () => {
  it('every entry has every facet: key, fact, reason, figure, label, noun, kind, serves-nothing text, estimate, source', () => {
    for (const spec of RULES) {
      expect(spec.key, 'key').toMatch(/^[a-z][a-zA-Z]+$/);
      expect(spec.fact, `${spec.key}: fact`).toMatch(/^[a-z][a-zA-Z]+$/);
      expect(spec.reason, `${spec.key}: reason`).toMatch(/^[a-z][a-zA-Z]+$/);
      expect(spec.figure.key, `${spec.key}: figure key`).toMatch(/^notServed[A-Z]/);
      expect(spec.figure.label, `${spec.key}: figure label`).toMatch(/^Not served: /);
      expect(spec.figure.short.length, `${spec.key}: figure short`).toBeGreaterThan(1);
      expect(spec.label.length, `${spec.key}: label`).toBeGreaterThan(1);
      expect(spec.noun.length, `${spec.key}: noun`).toBeGreaterThan(1);
      expect(spec.servesNothing.length, `${spec.key}: servesNothing`).toBeGreaterThan(5);
      expect(spec.source.length, `${spec.key}: source`).toBeGreaterThan(5);
      expect([...ESTIMATE_DIMENSIONS, 'weekHours', null], `${spec.key}: estimate`).toContain(spec.estimate);
      if (spec.kind.type === 'list') {
        const kind: ListKind = spec.kind;
        expect(kind.offered.length, `${spec.key}: offered`).toBeGreaterThan(0);
        expect(kind.invalid.length, `${spec.key}: invalid`).toBeGreaterThan(5);
        expect(kind.maxValues).toBeGreaterThan(0);
        // What the form offers is what the schema keeps, unchanged, and each value has words.
        for (const value of kind.offered) {
          expect(kind.normalize(value), `${spec.key}: ${value}`).toBe(value);
          expect(kind.valueLabel(value).length).toBeGreaterThan(0);
        }
        expect(kind.normalize('not a value at all!')).toBe('');
      }
    }
    expect(new Set(RULES.map((spec) => spec.key)).size).toBe(RULES.length);
    expect(new Set(RULES.map((spec) => spec.reason)).size).toBe(RULES.length);
  });

  it("each rule's reason is a not-served reason with its figure among REPORT_FIGURES", () => {
    for (const spec of RULES) {
      expect(NOT_SERVED_REASONS).toContain(spec.reason);
      expect(FIGURE_OF_OUTCOME[spec.reason as keyof typeof FIGURE_OF_OUTCOME]).toBe(spec.figure.key);
      const figure = (FIGURE as Record<string, { label: string; outcome?: string }>)[spec.figure.key];
      expect(figure?.label).toBe(spec.figure.label);
      expect(figure?.outcome).toBe(spec.reason);
    }
    expect(REPORT_FIGURES.filter((figure) => figure.group === 'delivery').length).toBeGreaterThan(
      RULES.length,
    );
  });

  it("the facts are the rules' facts (the daypart reads the clock), each unknown by default", () => {
    expect(DELIVERY_FACTS).toEqual(RULES.flatMap((spec) => (spec.fact === 'time' ? [] : [spec.fact])));
    for (const fact of DELIVERY_FACTS) expect(UNKNOWN_FACTS[fact]).toBe('');
    // The tag tester echoes each of them.
    const request = deliveryTestSchema.shape.request as z.ZodMiniObject;
    for (const fact of DELIVERY_FACTS) expect(Object.keys(request.shape)).toContain(fact);
  });

  it('every rule is a field of the strict and lenient schemas, campaign and creative alike', () => {
    for (const spec of RULES) {
      const rules = { [spec.key]: narrowingRule(spec) };
      expect(z.safeParse(campaignDeliveryRulesSchema, rules).success, spec.key).toBe(true);
      expect(z.safeParse(creativeDeliveryRulesSchema, rules).success, spec.key).toBe(true);
      expect(z.safeParse(deliveryRulesSchema, rules).success, spec.key).toBe(true);
      expect(z.safeParse(campaignDeliveryRulesSchema, { [spec.key]: 'nonsense' }).success, spec.key).toBe(
        false,
      );
    }
  });

  it('every rule compiles into the check: a request it does not match gets its reason, one it matches passes; `every` names each', () => {
    for (const spec of RULES) {
      const rules = { [spec.key]: narrowingRule(spec) } as DeliveryRules;
      const check = compileDeliveryRules(rules, 'UTC');
      const passing = { ...UNKNOWN_FACTS, [spec.fact]: passingFact(spec) };
      expect(check?.(passing, NOON_MONDAY), spec.key).toBeNull();
      const failing = { ...UNKNOWN_FACTS, [spec.fact]: 'zz-unknown' };
      expect(check?.(failing, NOON_MONDAY + 3_600_000), spec.key).toBe(spec.reason);
    }
    const all = Object.fromEntries(RULES.map((spec) => [spec.key, narrowingRule(spec)])) as DeliveryRules;
    const nothingMatches = Object.fromEntries(DELIVERY_FACTS.map((fact) => [fact, 'zz-unknown']));
    expect(
      compileDeliveryRules(all, 'UTC')?.every(
        nothingMatches as unknown as typeof UNKNOWN_FACTS,
        NOON_MONDAY + 3_600_000,
      ),
    ).toEqual(RULES.map((spec) => spec.reason));
  });

  it('every rule is in the summary line, the history, the coverage and the estimate', () => {
    for (const spec of RULES) {
      const rules = { [spec.key]: narrowingRule(spec) } as DeliveryRules;
      expect(deliveryRulesSummary(rules, 'UTC'), spec.key).not.toBe('Every request');
      const fields = deliveryRulesFields(rules);
      expect(
        Object.entries(fields).some(([, value]) => value !== null),
        spec.key,
      ).toBe(true);
      expect(ruleSetServesNothing(rules), spec.key).toBeNull();
      expect(bothRuleSets(rules, rules)[spec.key as keyof DeliveryRules], spec.key).toBeTruthy();
      const estimate = estimateDelivery(rules, {
        byDimension: Object.fromEntries(
          ESTIMATE_DIMENSIONS.map((dimension) => [dimension, [{ value: '', impressions: 10 }]]),
        ) as never,
        weekHours: Array.from({ length: 168 }, () => 1),
      });
      expect(
        estimate.rules.map((rule) => rule.rule),
        spec.key,
      ).toEqual([spec.key]);
      expect(estimate.rules[0]?.read, spec.key).toBe(spec.estimate !== null);
    }
  });

  it("the forecast's refusals: every rule's reason, and the gate's own reasons that say so (flight, pause, throttle, budget)", () => {
    for (const spec of RULES) expect(CAMPAIGN_REFUSALS, spec.key).toContain(spec.reason);
    expect(CAMPAIGN_REFUSALS.filter((reason) => !RULES.some((spec) => spec.reason === reason))).toEqual([
      'flight',
      'paused',
      'throttled',
      'budget',
    ]);
    for (const reason of CAMPAIGN_REFUSALS) expect(NOT_SERVED_REASONS).toContain(reason);
  });
});
