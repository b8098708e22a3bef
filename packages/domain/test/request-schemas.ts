// The checks every request schema passes (docs/product.md §7): each feature's requests.test.ts runs them
// over a valid example of each of its schemas.
import { expect, it } from 'vitest';
import type { z } from 'zod';
import { ValidationError, validate } from '../src/validation/validation-error';

/** The messages a schema refuses the input with; empty when it accepts it. */
export const messages = (schema: z.core.$ZodType, input: unknown): string[] => {
  try {
    validate(schema, input);
    return [];
  } catch (error) {
    if (error instanceof ValidationError) return error.messages;
    throw error;
  }
};

/** A valid example per request schema, and the schema itself. */
export type RequestExample = [string, z.core.$ZodType, unknown];

/** The example of this name (its valid input). */
export const exampleInput = (examples: RequestExample[], name: string): object =>
  examples.find(([found]) => found === name)?.[2] as object;

/** Valid payloads pass; unknown keys, garbage and wrong types are refused with readable messages. */
export function checkRequestSchemas(examples: RequestExample[]) {
  it.each(examples)('%s: accepts its valid payload', (_name, schema, input) => {
    expect(messages(schema, input)).toEqual([]);
  });

  it.each(examples)('%s: refuses unknown keys with a readable message', (_name, schema, input) => {
    expect(messages(schema, { ...(input as object), isAdmin: true })).toContain(
      'Unrecognized key: "isAdmin"',
    );
  });

  it.each(examples)(
    '%s: refuses garbage (null, strings, arrays, numbers, nested junk) with readable messages',
    (_name, schema) => {
      const garbage: unknown[] = [
        null,
        undefined,
        'x',
        42,
        [],
        [1, 2],
        { a: { b: { c: [] } } },
        true,
        { __proto__: { polluted: 1 } },
      ];
      for (const input of garbage) {
        const found = messages(schema, input);
        expect(found.length).toBeGreaterThan(0);
        for (const message of found) {
          expect(message).toMatch(/^[\w "'[\].,:!()@+/-]+/);
          expect(message.length).toBeLessThan(300);
        }
      }
    },
  );

  it.each(examples)('%s: refuses every field given a wrong type, field by field', (_name, schema, input) => {
    for (const key of Object.keys(input as object)) {
      for (const wrong of [{ nested: 1 }, ['a', 'b'], Number.NaN]) {
        const found = messages(schema, { ...(input as object), [key]: wrong });
        // Some fields accept lists (tags, liveIDs); everything else must refuse every wrong type.
        if (found.length === 0)
          expect(['tags', 'recipients', 'emails', 'settings'].includes(key) && Array.isArray(wrong)).toBe(
            true,
          );
      }
    }
  });
}
