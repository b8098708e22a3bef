// How much of a request body the server reads, and how deep: a body costs its parse before any route
// refuses it, so each kind of route takes only what it can need (docs/security.md, "Request bodies").
// Signed-in calls: 1 MB (creatives' HTML, builder documents); public calls (sign-in, sign-up, password
// reset): 16 KB; the serving routes read only their query: 4 KB, anything past it 413 before parsing.
// JSON of any route: at most 64 levels of arrays and objects, counted before JSON.parse runs.
import { ApiError, MESSAGES } from '@adconsole/domain';
import type { FastifyInstance } from 'fastify';

export const SIGNED_IN_BODY_LIMIT = 1024 * 1024;
export const PUBLIC_BODY_LIMIT = 16 * 1024;
export const SERVING_BODY_LIMIT = 4 * 1024;
/** No call's body nests deeper than this (the builder's documents reach about 8). */
const MAX_JSON_DEPTH = 64;

/**
 * The deepest nesting of arrays and objects in a JSON text, by one pass over its characters (brackets
 * inside strings do not count); it stops counting past `limit`.
 */
function jsonDepth(text: string, limit = MAX_JSON_DEPTH): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 92 /* \ */) index += 1;
      else if (code === 34 /* " */) inString = false;
    } else if (code === 34) inString = true;
    else if (code === 91 /* [ */ || code === 123 /* { */) {
      depth += 1;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > limit) return deepest;
      }
    } else if (code === 93 /* ] */ || code === 125 /* } */) depth -= 1;
  }
  return deepest;
}

/** The app's JSON parser: Fastify's own (prototype-poisoning checks and all), behind the depth check. */
export function registerJsonParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = String(body);
    if (jsonDepth(text) > MAX_JSON_DEPTH) {
      done(ApiError.of(400, MESSAGES.jsonTooDeep), undefined);
      return;
    }
    parse(request, text, done);
  });
}
