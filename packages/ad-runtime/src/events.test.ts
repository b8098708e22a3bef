import { describe, expect, it, vi } from 'vitest';
import { impressionEvents } from './events';
import { eventUrl, servedAd } from './fixtures/served-ad';

const transport = (accepts = true) => ({
  sendBeacon: vi.fn((_url: string) => accepts),
  pixel: vi.fn((_url: string) => {}),
  script: vi.fn((_url: string) => {}),
});

describe('impressionEvents', () => {
  it('beacons each event type once per impression', () => {
    const sent = transport();
    const fire = impressionEvents(servedAd(), sent);
    fire('impression');
    fire('impression');
    fire('viewable');
    fire('engagement');
    fire('viewable');
    expect(sent.sendBeacon.mock.calls.map(([url]) => url)).toEqual([
      eventUrl('impression', 'imp-live-1'),
      eventUrl('viewable', 'imp-live-1'),
      eventUrl('engagement', 'imp-live-1'),
    ]);
    expect(sent.pixel).not.toHaveBeenCalled();
  });

  it('sends an image GET when the browser refuses the beacon', () => {
    const sent = transport(false);
    impressionEvents(servedAd(), sent)('impression');
    expect(sent.pixel).toHaveBeenCalledWith(eventUrl('impression', 'imp-live-1'));
  });

  it('never beacons a click (the click redirect counts it) but fires the creative’s click pixels', () => {
    const sent = transport();
    const fire = impressionEvents(
      servedAd({
        trackers: {
          click: [
            { type: 'pixel', url: 'https://pixel.example.test/click' },
            { type: 'redirect', url: 'https://shop.example.test/' },
          ],
        },
      }),
      sent,
    );
    fire('click');
    fire('click');
    expect(sent.sendBeacon).not.toHaveBeenCalled();
    expect(sent.pixel.mock.calls).toEqual([['https://pixel.example.test/click']]);
  });

  it('fires the creative’s trackers of the event’s kind: pixels as images, scripts in the frame', () => {
    const sent = transport();
    const fire = impressionEvents(
      servedAd({
        trackers: {
          impression: [
            { type: 'pixel', url: 'https://a.example.test/imp.gif' },
            { type: 'script', url: 'https://b.example.test/imp.js' },
          ],
          videoMidpoint: [{ type: 'pixel', url: 'https://a.example.test/mid.gif' }],
        },
      }),
      sent,
    );
    fire('impression');
    fire('viewable');
    fire('midpoint');
    expect(sent.pixel.mock.calls).toEqual([
      ['https://a.example.test/imp.gif'],
      ['https://a.example.test/mid.gif'],
    ]);
    expect(sent.script.mock.calls).toEqual([['https://b.example.test/imp.js']]);
  });
});
