// The events of an impression: impression, viewable (MRC: 50 % in view for one continuous second, 30 %
// for large ads), engagement (pointer over the ad for 1 s, a touch, a video button), each once, with
// the creative's own pixels and scripts beside ours.
// The seconds are timed on a manual clock: each story moves time itself, so the machine's load cannot
// end a second early or late, and nothing is asserted after a sleep.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { ManualClock } from '../../../../.storybook/manual-clock';
import { servedAd } from '../fixtures/served-ad';
import { VIEWABLE_MS } from '../viewability';
import { assets } from './assets';
import { AdPage, EXPANDED_MACROS } from './harness';
import {
  beaconCount,
  eventually,
  frameMessagesHandled,
  frameTools,
  inFrame,
  renderedFrame,
  timersSet,
  urls,
  visibleRatio,
} from './play';

const imageAd = servedAd({ content: { kind: 'image', url: assets.banner, width: 300, height: 250 } });

const clock = new ManualClock();

const meta = {
  title: 'Ad runtime/Events',
  component: AdPage,
  args: {
    tags: [{ liveID: 'live-1' }],
    answers: { 'live-1': imageAd },
    onRequest: fn(),
    onBeacon: fn(),
    onPixel: fn(),
    onPageError: fn(),
  },
  beforeEach: () => clock.reset(),
  render: (args) => <AdPage {...args} timers={clock} />,
} satisfies Meta<typeof AdPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** In view from the start: impression at once, viewable after one second, each once. */
export const ImpressionThenViewable: Story = {
  args: {
    answers: {
      'live-1': servedAd({
        content: { kind: 'image', url: assets.banner, width: 300, height: 250 },
        trackers: { impression: [{ type: 'pixel', url: 'https://pixel.example.test/impression' }] },
      }),
    },
  },
  play: async ({ canvasElement, args }) => {
    await renderedFrame(canvasElement, 'live-1');
    await expect(beaconCount(args.onBeacon, 'impression', 'imp-live-1')).toBe(1);
    await expect(urls(args.onPixel)).toContain('https://pixel.example.test/impression');
    await timersSet(clock, [VIEWABLE_MS]);
    clock.advance(VIEWABLE_MS - 1);
    await expect(beaconCount(args.onBeacon, 'viewable')).toBe(0);
    clock.advance(1);
    await expect(beaconCount(args.onBeacon, 'viewable')).toBe(1);
    clock.advance(60_000);
    await expect(beaconCount(args.onBeacon, 'impression')).toBe(1);
    await expect(beaconCount(args.onBeacon, 'viewable')).toBe(1);
    // Our own events only: no click beacon ever (the click redirect counts clicks).
    await expect(beaconCount(args.onBeacon, 'click')).toBe(0);
  },
};

/** Below the fold of a scroll box: no viewable until it is scrolled into view for a second. */
export const ViewableOnlyOnceInView: Story = {
  args: { layout: 'scroll-box' },
  play: async ({ canvasElement, args }) => {
    const frame = await renderedFrame(canvasElement, 'live-1');
    await expect(beaconCount(args.onBeacon, 'impression')).toBe(1);
    await expect(await visibleRatio(frame)).toBe(0);
    await expect(clock.pending()).toEqual([]);
    clock.advance(60_000);
    await expect(beaconCount(args.onBeacon, 'viewable')).toBe(0);
    // A third in view is not enough.
    const box = canvasElement.querySelector('section') as HTMLElement;
    box.scrollTop += frame.getBoundingClientRect().top - box.getBoundingClientRect().bottom + 80;
    await expect(await visibleRatio(frame)).toBeCloseTo(80 / 250, 1);
    await expect(clock.pending()).toEqual([]);
    clock.advance(60_000);
    await expect(beaconCount(args.onBeacon, 'viewable')).toBe(0);
    frame.scrollIntoView({ block: 'end' });
    await expect(await visibleRatio(frame)).toBe(1);
    await timersSet(clock, [VIEWABLE_MS]);
    clock.advance(VIEWABLE_MS);
    await expect(beaconCount(args.onBeacon, 'viewable')).toBe(1);
  },
};

/**
 * A large ad (970×250 = 242,500 pixels, the MRC's large-ad size) is viewable with 30 % of its pixels
 * in view for a second: a fifth is not enough, 40 % is.
 */
export const LargeAdViewableAtThirtyPercent: Story = {
  args: {
    layout: 'wide-scroll-box',
    answers: {
      'live-1': servedAd({
        width: 970,
        height: 250,
        content: { kind: 'image', url: assets.banner, width: 970, height: 250 },
      }),
    },
  },
  play: async ({ canvasElement, args }) => {
    const frame = await renderedFrame(canvasElement, 'live-1');
    const box = canvasElement.querySelector('section') as HTMLElement;
    const showTopPixels = (pixels: number) => {
      box.scrollTop += frame.getBoundingClientRect().top - box.getBoundingClientRect().bottom + pixels;
    };
    showTopPixels(50);
    await expect(await visibleRatio(frame)).toBeCloseTo(0.2, 1);
    await expect(clock.pending()).toEqual([]);
    clock.advance(60_000);
    await expect(beaconCount(args.onBeacon, 'viewable')).toBe(0);
    showTopPixels(100);
    await expect(await visibleRatio(frame)).toBeCloseTo(0.4, 1);
    await timersSet(clock, [VIEWABLE_MS]);
    clock.advance(VIEWABLE_MS);
    await expect(beaconCount(args.onBeacon, 'viewable')).toBe(1);
  },
};

/** The second in view does not run while the tab is hidden, and must then be a whole second again. */
export const ViewableWaitsForTheVisibleTab: Story = {
  play: async ({ canvasElement, args }) => {
    const setVisibility = (state: DocumentVisibilityState) => {
      Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    };
    try {
      await renderedFrame(canvasElement, 'live-1');
      await timersSet(clock, [VIEWABLE_MS]);
      clock.advance(500);
      setVisibility('hidden');
      await expect(clock.pending()).toEqual([]);
      clock.advance(60_000);
      await expect(beaconCount(args.onBeacon, 'viewable')).toBe(0);
      setVisibility('visible');
      await expect(clock.pending()).toEqual([VIEWABLE_MS]);
      clock.advance(VIEWABLE_MS - 1);
      await expect(beaconCount(args.onBeacon, 'viewable')).toBe(0);
      clock.advance(1);
      await expect(beaconCount(args.onBeacon, 'viewable')).toBe(1);
    } finally {
      // The document's own visibility again.
      Reflect.deleteProperty(document, 'visibilityState');
    }
  },
};

/** The pointer over the ad for a second is an engagement; a shorter pass is not. */
export const EngagementOnHover: Story = {
  play: async ({ canvasElement, args }) => {
    const frame = await renderedFrame(canvasElement, 'live-1');
    // The real pointer (the frame's own boundary events); Storybook's UI has none to give.
    const pointer = frameTools();
    if (!pointer) return;
    // The viewable second first, so the only timer below is the hover's.
    await timersSet(clock, [VIEWABLE_MS]);
    clock.advance(VIEWABLE_MS);
    await pointer.hover(frame);
    await timersSet(clock, [1000]);
    clock.advance(400);
    await pointer.unhover(frame);
    await timersSet(clock, []);
    clock.advance(60_000);
    await expect(beaconCount(args.onBeacon, 'engagement')).toBe(0);
    await pointer.hover(frame);
    await timersSet(clock, [1000]);
    clock.advance(1000);
    await expect(beaconCount(args.onBeacon, 'engagement')).toBe(1);
    await pointer.unhover(frame);
    await pointer.hover(frame);
    await frameMessagesHandled(frame);
    await expect(clock.pending()).toEqual([]);
    clock.advance(60_000);
    await expect(beaconCount(args.onBeacon, 'engagement')).toBe(1);
    await pointer.unhover(frame);
  },
};

/**
 * The pointer enters the ad at the same instant as its last move on the page: the ad's report counts,
 * and the hover second starts. A clean-clone run failed on this when the real pointer moved into the
 * frame within the clock's resolution (the runtime then compared milliseconds).
 */
export const HoverInTheSameMillisecond: Story = {
  play: async ({ canvasElement, args }) => {
    const frame = await renderedFrame(canvasElement, 'live-1');
    await timersSet(clock, [VIEWABLE_MS]);
    clock.advance(VIEWABLE_MS);
    let moved = 0;
    document.addEventListener(
      'mousemove',
      (event) => {
        moved = performance.timeOrigin + event.timeStamp;
      },
      { once: true },
    );
    document.dispatchEvent(new MouseEvent('mousemove', { bubbles: true }));
    const posted = await inFrame(frame, (at: number) => parent.postMessage(['h', 1, at], '*'), moved);
    if (posted === null) return;
    await frameMessagesHandled(frame);
    await timersSet(clock, [1000]);
    clock.advance(1000);
    await expect(beaconCount(args.onBeacon, 'engagement')).toBe(1);
  },
};

/**
 * The ad's frame reports the pointer over it a fraction of a millisecond before the page's last move, as
 * each side's coarsened clock reads it (Chromium coarsens both with jitter): the same crossing, so the
 * hover second starts. Two clean-clone runs lost EngagementOnHover's first hover this way under load.
 */
export const HoverReadJustBeforeThePagesMove: Story = {
  play: async ({ canvasElement, args }) => {
    const frame = await renderedFrame(canvasElement, 'live-1');
    await timersSet(clock, [VIEWABLE_MS]);
    clock.advance(VIEWABLE_MS);
    let moved = 0;
    document.addEventListener(
      'mousemove',
      (event) => {
        moved = performance.timeOrigin + event.timeStamp;
      },
      { once: true },
    );
    document.dispatchEvent(new MouseEvent('mousemove', { bubbles: true }));
    const posted = await inFrame(frame, (at: number) => parent.postMessage(['h', 1, at - 0.3], '*'), moved);
    if (posted === null) return;
    await frameMessagesHandled(frame);
    await timersSet(clock, [1000]);
    clock.advance(1000);
    await expect(beaconCount(args.onBeacon, 'engagement')).toBe(1);
  },
};

/**
 * The page handles its last move on the pointer's way into the ad only after the ad's frame has
 * reported the pointer over it (a busy page; the frame may be a process of its own): the move happened
 * first, so it does not cancel the hover second. A clean-clone run lost an engagement this way when the
 * runtime timed each move by when it was handled.
 */
export const PageMoveHandledAfterTheAdsReport: Story = {
  play: async ({ canvasElement, args }) => {
    const frame = await renderedFrame(canvasElement, 'live-1');
    await timersSet(clock, [VIEWABLE_MS]);
    clock.advance(VIEWABLE_MS);
    // The last move on the page happens (an event's time is when it was made)...
    const lastMove = new MouseEvent('mousemove', { bubbles: true });
    // ...then the pointer is over the ad, and its frame reports that first...
    const posted = await inFrame(frame, () =>
      parent.postMessage(['h', 1, performance.timeOrigin + performance.now()], '*'),
    );
    if (posted === null) return;
    await frameMessagesHandled(frame);
    await timersSet(clock, [1000]);
    // ...and the page handles its move only now.
    document.dispatchEvent(lastMove);
    await expect(clock.pending()).toEqual([1000]);
    clock.advance(1000);
    await expect(beaconCount(args.onBeacon, 'engagement')).toBe(1);
  },
};

/** A touch inside the ad is an engagement at once, counted once. */
export const EngagementOnTouch: Story = {
  args: {
    answers: {
      'live-1': servedAd({
        content: { kind: 'image', url: assets.banner, width: 300, height: 250 },
        trackers: { engagement: [{ type: 'pixel', url: 'https://pixel.example.test/engagement' }] },
      }),
    },
  },
  play: async ({ canvasElement, args }) => {
    const frame = await renderedFrame(canvasElement, 'live-1');
    const touch = () =>
      inFrame(frame, () => {
        const target = document.querySelector('img') as Element;
        const point = new Touch({ identifier: 1, target, clientX: 10, clientY: 10 });
        target.dispatchEvent(new TouchEvent('touchstart', { bubbles: true, touches: [point] }));
      });
    if ((await touch()) === null) return;
    await frameMessagesHandled(frame);
    await expect(beaconCount(args.onBeacon, 'engagement')).toBe(1);
    await touch();
    await frameMessagesHandled(frame);
    await expect(beaconCount(args.onBeacon, 'engagement')).toBe(1);
    await expect(urls(args.onPixel).filter((url) => url.endsWith('/engagement'))).toHaveLength(1);
  },
};

/** The creative's tracking scripts run inside the ad's sandboxed frame, never in the publisher's page. */
export const TrackerScriptInFrame: Story = {
  args: {
    answers: {
      'live-1': servedAd({
        content: { kind: 'image', url: assets.banner, width: 300, height: 250 },
        trackers: { impression: [{ type: 'script', url: assets.trackerScript }] },
      }),
    },
  },
  play: async ({ canvasElement }) => {
    const frame = await renderedFrame(canvasElement, 'live-1');
    await expect(document.querySelector(`script[src="${assets.trackerScript}"]`)).toBeNull();
    if (!frameTools()) return;
    await eventually(async () =>
      expect(await inFrame(frame, () => document.documentElement.getAttribute('data-tracker-ran'))).toBe(
        'yes',
      ),
    );
    await expect(document.documentElement).not.toHaveAttribute('data-tracker-ran');
  },
};

/** Google Ad Manager's third-party impression URL (the tag's data-view-url) is pinged at the impression. */
export const PlatformViewUrl: Story = {
  play: async ({ canvasElement, args }) => {
    await renderedFrame(canvasElement, 'live-1');
    await expect(urls(args.onPixel)).toEqual([EXPANDED_MACROS['%%VIEW_URL_UNESC%%']]);
  },
};

/** On DV360 (no view URL attribute) nothing but our own beacons go out. */
export const NoPlatformViewUrl: Story = {
  args: { tags: [{ liveID: 'live-1', platform: 'google-dv360' }] },
  play: async ({ canvasElement, args }) => {
    await renderedFrame(canvasElement, 'live-1');
    await expect(args.onPixel).not.toHaveBeenCalled();
    const [request] = urls(args.onRequest);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: DV360's click macro is literally ${CLICK_URL}.
    await expect(new URL(request ?? '').searchParams.get('click')).toBe(EXPANDED_MACROS['${CLICK_URL}']);
  },
};

/** When the browser refuses a beacon, the event goes as an image GET instead. */
export const BeaconFallback: Story = {
  args: {
    onBeacon: fn(() => false),
  },
  play: async ({ canvasElement, args }) => {
    await renderedFrame(canvasElement, 'live-1');
    await eventually(() =>
      expect(urls(args.onPixel)).toContain('https://ads.example.test/serve/t/impression?i=imp-live-1'),
    );
  },
};
