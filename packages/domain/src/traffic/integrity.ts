// Event integrity: which tracked events of a signed impression count. An event other than the impression
// counts only after the impression counted (video progress only after `start`), only once per type, and
// only when the creative can send it. Written over event types in general, so a new event type needs no
// new rule: it waits for the impression unless it is video progress. A player's reports that come before
// or instead of an impression (a VAST error, a verification not executed, `loaded`) need none.
import { type CreativeType, isVideoCreativeType } from '../campaigns/creative';
import { findLayout } from '../layouts/catalogue';
import { eventTypesWith } from '../reports/counters';
import { VIDEO_EVENT_TYPES } from '../serving/serve-paths';
import { parseCodedEventType, SERVER_EVENT_TYPES, VAST_EVENT_TYPES } from '../serving/vast-measurement';
import type { InvalidTrafficReason } from './reasons';

/** Video events: only a creative that plays video sends them (the VAST player's own ones too). */
const VIDEO_EVENTS: ReadonlySet<string> = new Set([...VIDEO_EVENT_TYPES, ...VAST_EVENT_TYPES]);

/**
 * Events that report how far a video played, or that it was skipped or closed: they follow its `start`
 * (the figures' `followsStart`, reports/figures.ts).
 */
const VIDEO_PROGRESS_EVENTS: ReadonlySet<string> = new Set(eventTypesWith('followsStart'));

/**
 * A player's reports that need no impression: a VAST error or a verification not executed usually
 * means no ad was shown at all (no file, no supported MediaFile, a wrapper timeout), and `loaded` comes
 * before the impression by definition. Each still counts once per impression and code, and keeps the ad
 * request's invalid-traffic verdict.
 */
export const isPreImpressionEvent = (type: string): boolean =>
  type === 'loaded' || parseCodedEventType(type) !== undefined || isServerEvent(type);

/** A conversion and its value: written by the server under the conversion's own id, after its checks. */
const isServerEvent = (type: string): boolean => (SERVER_EVENT_TYPES as readonly string[]).includes(type);

/** The event that must have counted before this one: none for the impression itself. */
export function prerequisiteOf(type: string): 'impression' | 'start' | null {
  if (type === 'impression' || isPreImpressionEvent(type)) return null;
  return VIDEO_PROGRESS_EVENTS.has(type) ? 'start' : 'impression';
}

/** Rank in an impression's natural order: the impression, then `start`, then everything else. */
export const eventRank = (type: string): number =>
  type === 'impression' || isPreImpressionEvent(type)
    ? 0
    : type === 'start'
      ? 1
      : VIDEO_PROGRESS_EVENTS.has(type)
        ? 3
        : 2;

/** A layout that plays a video (it needs a video file among its assets). */
export const isVideoLayout = (layoutId: string | null | undefined): boolean =>
  findLayout(layoutId)?.requiredAssets.some((name) => /\.(mp4|webm)$/i.test(name)) ?? false;

/**
 * Whether a creative can send this event: video events (and VAST's errors and verification reports)
 * only from VAST/VPAID or a banner's video layout.
 */
export function eventFitsCreative(
  type: string,
  creative: { type: CreativeType; layout?: string | null | undefined },
): boolean {
  if (!VIDEO_EVENTS.has(type) && parseCodedEventType(type) === undefined) return true;
  return isVideoCreativeType(creative.type) || isVideoLayout(creative.layout);
}

/** An impression's events stored so far: each type once, with its reason (null when it counted). */
export type ImpressionHistory = ReadonlyMap<string, InvalidTrafficReason | null>;

/**
 * The verdict on an event of a signed impression, given what the impression already has:
 * - `duplicate`: this type is already stored for the impression (a replay): dropped, not stored again;
 * - `wait`: its prerequisite has not arrived (yet): the writer may hold it briefly, else `sequence`
 *   (an event already invalid on its own is stored at once with its own reason);
 * - otherwise the reason it is invalid (its own, or its prerequisite's), or null when it counts.
 */
export function judgeEvent(
  type: string,
  ownReason: InvalidTrafficReason | null,
  history: ImpressionHistory,
):
  | { verdict: 'duplicate' }
  | { verdict: 'wait' }
  | { verdict: 'store'; reason: InvalidTrafficReason | null } {
  if (history.has(type)) return { verdict: 'duplicate' };
  const prerequisite = prerequisiteOf(type);
  if (prerequisite === null) return { verdict: 'store', reason: ownReason };
  if (!history.has(prerequisite)) {
    // Already invalid on its own: nothing to wait for.
    return ownReason === null ? { verdict: 'wait' } : { verdict: 'store', reason: ownReason };
  }
  // An event of an invalid impression is invalid for the impression's reason, whatever its own is.
  return { verdict: 'store', reason: history.get(prerequisite) ?? ownReason };
}
