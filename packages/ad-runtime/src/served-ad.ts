// A light check of the server's answer. The server validates it against the domain's servedAdSchema
// before sending; here we only make sure that a broken or foreign answer cannot make the runtime throw
// (zod would multiply the script's size).
import type { ServedAd } from './contract';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === 'string';
const isSize = (value: unknown): value is number => typeof value === 'number' && value >= 0;

function contentIsValid(content: unknown): boolean {
  if (!isObject(content)) return false;
  switch (content.kind) {
    case 'image':
    case 'html5':
      return isString(content.url);
    case 'html':
      return isString(content.html);
    case 'none':
      return true;
    default:
      return false;
  }
}

/** The answer as a ServedAd, or null when it is not one. */
export function readServedAd(answer: unknown): ServedAd | null {
  if (!isObject(answer)) return null;
  const { content, layout, events, trackers, clickUrl, width, height, adDuration } = answer;
  const valid =
    contentIsValid(content) &&
    isString(clickUrl) &&
    isObject(events) &&
    isSize(width) &&
    isSize(height) &&
    (adDuration === undefined || isSize(adDuration)) &&
    (trackers === undefined || isObject(trackers)) &&
    (layout === null ||
      layout === undefined ||
      (isObject(layout) && isString(layout.id) && isObject(layout.options) && isObject(layout.assets)));
  return valid ? (answer as unknown as ServedAd) : null;
}
