// The facts of a request as data (docs/architecture.md, "How to add a request fact"): every entry of
// REQUEST_FACTS has every facet, and every list that names facts is a map of it, so a new fact that one
// of them does not cover fails here, naming the fact, rather than silently somewhere else (the serving
// tags' query, the tester's schema, the breakdowns, the estimate, the rules).
import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { testDeliveryRequestSchema } from '../api/delivery-rules/requests';
import { servePlacementQuerySchema, serveTagQuerySchema } from '../api/serving/requests';
import { TAG_FACT_PARAMS } from '../platforms/fact-macros';
import { BREAKDOWN_DIMENSIONS } from '../reports/breakdown';
import { ESTIMATE_DIMENSIONS } from './estimate';
import {
  CONNECTION_TYPES,
  FACTS_READ_FROM_REQUEST,
  type FactTesterInput,
  factValueText,
  REQUEST_FACT,
  REQUEST_FACTS,
  type RequestFactSpec,
  type RequestParts,
  TESTER_SELECT_FACTS,
} from './request-facts';
import { DELIVERY_FACTS, DELIVERY_RULES, UNKNOWN_FACTS } from './rule-list';

const FACTS: readonly RequestFactSpec[] = REQUEST_FACTS;

/** A request carrying `query` and `headers` as the serving edge reads them. */
const request = (query: Record<string, string>, headers: Record<string, string> = {}): RequestParts => ({
  query: (name) => query[name],
  header: (name) => headers[name],
});

/** The tester's fields each kind of input is set with (the fact's own key for text and select). */
const TESTER_FIELDS: Record<FactTesterInput, (fact: RequestFactSpec) => string[]> = {
  country: () => ['country'],
  userAgent: () => ['userAgent', 'device'],
  site: () => ['site'],
  text: (fact) => [fact.key],
  select: (fact) => [fact.key],
};

describe('REQUEST_FACTS', () => {
  it('every entry has every facet: key, label, noun, edge, tester input, breakdown, column', () => {
    for (const fact of FACTS) {
      expect(fact.key, 'key').toMatch(/^[a-z][a-zA-Z]+$/);
      expect(fact.label, `${fact.key}: label`).toMatch(/^[A-Z]/);
      expect(fact.noun, `${fact.key}: noun`).toBe(fact.noun.toLowerCase());
      expect(fact.edge.words.length, `${fact.key}: edge words`).toBeGreaterThan(5);
      expect(Object.keys(TESTER_FIELDS), `${fact.key}: tester`).toContain(fact.tester);
      expect(fact.column, `${fact.key}: column`).toMatch(/^[a-z][a-z_]*$/);
      if (fact.values !== undefined) {
        expect(fact.values.length, `${fact.key}: values`).toBeGreaterThan(0);
        expect(new Set(fact.values.map((entry) => entry.value)).size, `${fact.key}: values once`).toBe(
          fact.values.length,
        );
        for (const entry of fact.values)
          expect(entry.label.length, `${fact.key}: ${entry.value}`).toBeGreaterThan(0);
      }
    }
    expect(new Set(FACTS.map((fact) => fact.key)).size).toBe(FACTS.length);
    expect(new Set(FACTS.map((fact) => fact.column)).size).toBe(FACTS.length);
  });

  it("each fact's breakdown is a breakdown dimension, and the estimate reads every one a rule's fact has", () => {
    for (const fact of FACTS)
      if (fact.breakdown !== null)
        expect(BREAKDOWN_DIMENSIONS, `${fact.key}: breakdown`).toContain(fact.breakdown);
    const kept = FACTS.flatMap((fact) => (fact.breakdown === null ? [] : [fact.breakdown]));
    expect([...ESTIMATE_DIMENSIONS].sort()).toEqual([...new Set(kept)].sort());
  });

  it("a fact read from the request documents its parameters in the tags' query and reads '' when absent", () => {
    const tagQuery = Object.keys(serveTagQuerySchema.shape);
    const placementQuery = Object.keys(servePlacementQuerySchema.shape);
    for (const fact of FACTS_READ_FROM_REQUEST) {
      expect(fact.edge.query.length + (fact.edge.header ? 1 : 0), `${fact.key}: parameters`).toBeGreaterThan(
        0,
      );
      for (const parameter of fact.edge.query) {
        expect(tagQuery, `${fact.key}: ${parameter.name}`).toContain(parameter.name);
        expect(placementQuery, `${fact.key}: ${parameter.name}`).toContain(parameter.name);
        expect(parameter.description.length, `${fact.key}: ${parameter.name}`).toBeGreaterThan(10);
      }
      expect(fact.edge.read(request({})), `${fact.key}: nothing sent`).toBe('');
      // A closed set's every value is read as itself from its first parameter; anything else is unknown.
      const parameter = fact.edge.query[0]?.name;
      if (fact.values !== undefined && parameter !== undefined) {
        for (const { value } of fact.values)
          expect(fact.edge.read(request({ [parameter]: value })), `${fact.key}: ${value}`).toBe(value);
        expect(fact.edge.read(request({ [parameter]: 'nonsense' })), fact.key).toBe('');
      }
    }
  });

  it("the platforms' macros fill a fact in the parameter the serving edge reads it from (FACT_MACROS, by fact key)", () => {
    for (const [key, parameter] of Object.entries(TAG_FACT_PARAMS)) {
      const fact = FACTS.find((entry) => entry.key === key);
      if (fact === undefined) continue; // a fact of the caps (the device id), not of the rules
      expect(fact.edge.from, key).toBe('request');
      if (fact.edge.from === 'request')
        expect(
          fact.edge.query.map((entry) => entry.name),
          key,
        ).toContain(parameter);
    }
  });

  it("each fact's tester input is a field of the tester's request; a select fact's values are its enum", () => {
    const fields = Object.keys(testDeliveryRequestSchema.shape);
    for (const fact of FACTS)
      for (const field of TESTER_FIELDS[fact.tester](fact))
        expect(fields, `${fact.key}: tester ${field}`).toContain(field);
    for (const fact of FACTS.filter((entry) => entry.tester === 'select')) {
      expect(
        TESTER_SELECT_FACTS.map((entry) => entry.key),
        fact.key,
      ).toContain(fact.key);
      const base = { campaignID: 'c1', liveID: 'l1' };
      for (const { value } of fact.values ?? [])
        expect(z.safeParse(testDeliveryRequestSchema, { ...base, [fact.key]: value }).success, fact.key).toBe(
          true,
        );
      expect(
        z.safeParse(testDeliveryRequestSchema, { ...base, [fact.key]: 'nonsense' }).success,
        fact.key,
      ).toBe(false);
    }
  });

  it('the rules read the facts: each rule names one by key, each fact is read by a rule, every fact is unknown by default', () => {
    const keys = FACTS.map((fact) => fact.key);
    expect(DELIVERY_FACTS).toEqual(keys);
    for (const rule of DELIVERY_RULES) if (rule.fact !== 'time') expect(keys, rule.key).toContain(rule.fact);
    for (const fact of FACTS) {
      expect(
        DELIVERY_RULES.some((rule) => rule.fact === fact.key),
        `${fact.key}: read by a rule`,
      ).toBe(true);
      expect(UNKNOWN_FACTS[fact.key as keyof typeof UNKNOWN_FACTS], fact.key).toBe('');
    }
  });

  it("a fact's value in words: its closed set's label, the value, or 'unknown' and its noun", () => {
    expect(factValueText('connectionType', '2')).toBe('Wi-Fi');
    expect(factValueText('connectionType', '')).toBe('unknown connection type');
    expect(factValueText('country', 'GB')).toBe('GB');
    expect(factValueText('os', '')).toBe('unknown operating system');
  });
});

describe('the connection type (OpenRTB 2.6 device.connectiontype)', () => {
  const read = REQUEST_FACT.connectionType.edge.read;

  it("is read from the tag's conn=, 1 to 7; 0 (unknown in OpenRTB) and anything else are unknown", () => {
    expect(CONNECTION_TYPES.map((entry) => entry.value)).toEqual(['1', '2', '3', '4', '5', '6', '7']);
    expect(read(request({ conn: '2' }))).toBe('2');
    expect(read(request({ conn: ' 7 ' }))).toBe('7');
    expect(read(request({ conn: '0' }))).toBe('');
    expect(read(request({ conn: '8' }))).toBe('');
    expect(read(request({ conn: 'wifi' }))).toBe('');
    expect(read(request({}, { 'accept-language': 'de' }))).toBe('');
  });
});
