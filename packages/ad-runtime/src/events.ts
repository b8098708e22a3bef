// The events of one impression: our beacon and the creative's own trackers, each event type at most
// once (the server deduplicates too). Clicks are counted by the server on the click redirect, so a
// click fires only the creative's click pixels.
import { type EventType, type ServedAd, TRACKER_KIND_OF_EVENT } from './contract';

export interface EventTransport {
  /** POSTs an event (navigator.sendBeacon); false when the browser refused to queue it. */
  sendBeacon(url: string): boolean;
  /** GETs a URL as an image (our fallback, and the creative's pixels). */
  pixel(url: string): void;
  /** Runs a creative's tracking script inside the ad's sandboxed frame. */
  script(url: string): void;
}

export type FireEvent = (type: EventType) => void;

export function impressionEvents(ad: ServedAd, transport: EventTransport): FireEvent {
  const fired = new Set<EventType>();
  return (type) => {
    if (fired.has(type)) return;
    fired.add(type);
    const url = ad.events[type];
    if (type !== 'click' && typeof url === 'string' && !transport.sendBeacon(url)) transport.pixel(url);
    const kind = TRACKER_KIND_OF_EVENT[type];
    const trackers = kind ? ad.trackers?.[kind] : undefined;
    if (!Array.isArray(trackers)) return;
    for (const tracker of trackers) {
      if (typeof tracker?.url !== 'string') continue;
      if (tracker.type === 'pixel') transport.pixel(tracker.url);
      else if (tracker.type === 'script') transport.script(tracker.url);
    }
  };
}
