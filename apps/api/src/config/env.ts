// The pieces every area's environment schema is built from (apps/api/src/config.ts puts the areas
// together): the error naming a variable, an optional trimmed value, a URL of given protocols, a yes/no.
import { z } from 'zod';

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    detail: string,
  ) {
    super(`Invalid environment variable ${variable}: ${detail}`);
    this.name = 'ConfigError';
  }
}

/** A variable that may be unset; blank counts as unset, and the value is trimmed. */
export const optional = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));

export const urlString = (protocols: string[]) =>
  z.string().refine(
    (value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`,
  );

/** A yes/no variable: true, false, 1 or 0. */
export const trueOrFalse = optional.pipe(
  z.enum(['true', 'false', '1', '0'], 'must be true or false').optional(),
);

/** A whole number from `min` to `max`, or unset. */
export const wholeNumber = (min: number, max: number) =>
  optional.pipe(z.coerce.number<string | undefined>().int().min(min).max(max).optional());

/** A comma-separated list's entries, trimmed, blanks dropped. */
export function commaEntries(text: string): string[] {
  return text
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}

/** A comma-separated list of host names, trimmed and lowercased, blanks dropped. */
export function hostList(text: string | undefined): string[] {
  return commaEntries(text ?? '').map((host) => host.toLowerCase());
}
