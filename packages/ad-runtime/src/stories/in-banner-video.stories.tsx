// The In-Banner Video layout: one story per option value that changes what a viewer sees, each video
// paused at 1 s of the 3 s clip before its screenshot (so the countdown reads 0:02).
import type { ServedAd, ServedLayout } from '@adconsole/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor } from 'storybook/test';
import { ManualClock } from '../../../../.storybook/manual-clock';
import { inBannerVideo, servedAd } from '../fixtures/served-ad';
import type { ButtonPosition } from '../layout-options';
import { assets } from './assets';
import { AdPage } from './harness';
import {
  beaconCount,
  eventually,
  frameMessagesHandled,
  frameTools,
  freezeVideo,
  inFrame,
  renderedFrame,
  timersSet,
  urls,
  waitForBeacon,
} from './play';

/** The runtime's timers (the ad's duration): time passes only when a play function moves it. */
const clock = new ManualClock();

/** An In-Banner Video ad: the video behind (or over) a banner image, with the given options. */
const videoAd = (options: ServedLayout['options'] = {}, overrides: Partial<ServedAd> = {}) => ({
  'live-1': servedAd({
    content: { kind: 'image', url: assets.frame, width: 300, height: 250 },
    layout: inBannerVideo(assets.video, options),
    ...overrides,
  }),
});
const opaqueBanner = { content: { kind: 'image', url: assets.banner, width: 300, height: 250 } } as const;

type Box = { left: number; top: number; right: number; bottom: number; width: number; height: number };
/** Where the player and its toolbar sit in the 300×250 frame, in px. */
const layoutOf = (frame: HTMLIFrameElement) =>
  inFrame(frame, () => {
    const box = (id: string): Box | null => {
      const element = document.getElementById(id);
      if (!element || element.closest('[hidden]')) return null;
      const { left, top, right, bottom, width, height } = element.getBoundingClientRect();
      return { left, top, right, bottom, width, height };
    };
    const text = document.getElementById('adc-t')?.textContent ?? null;
    const video = document.querySelector('video');
    return {
      player: box('adc-p'),
      toolbar: box('adc-b'),
      bar: box('adc-q'),
      countdown: text,
      buttons: Array.from(document.querySelectorAll('#adc-b button:not([hidden])')).map((button) =>
        button.getAttribute('aria-label'),
      ),
      muted: video?.muted ?? null,
      loop: video?.loop ?? null,
      paused: video?.paused ?? null,
    };
  });

/**
 * Waits until the ad's video could play (enough of it loaded): a player that starts by itself has
 * started by then. Then every message the frame sent has been handled, so the beacons are final.
 */
async function videoReady(frame: HTMLIFrameElement) {
  await inFrame(frame, async () => {
    const video = document.querySelector('video') as HTMLVideoElement;
    if (video.readyState < HTMLMediaElement.HAVE_FUTURE_DATA)
      await new Promise((resolve) => video.addEventListener('canplay', resolve, { once: true }));
  });
  await frameMessagesHandled(frame);
}

/** Waits for the ad, for its video to start by itself, then pauses it at 1 s. */
async function autoplayed(canvasElement: HTMLElement, onBeacon: Parameters<typeof beaconCount>[0]) {
  const frame = await renderedFrame(canvasElement, 'live-1');
  await waitForBeacon(onBeacon, 'start');
  await freezeVideo(frame, 1);
  return frame;
}

const meta = {
  title: 'Ad runtime/In-Banner Video',
  component: AdPage,
  args: {
    tags: [{ liveID: 'live-1' }],
    answers: videoAd(),
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

/** Every option at its default: muted autoplay behind the banner, countdown, buttons over the bottom. */
export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const frame = await autoplayed(canvasElement, args.onBeacon);
    // Autoplay needs no interaction, so it is no engagement.
    await expect(beaconCount(args.onBeacon, 'engagement')).toBe(0);
    const layout = await layoutOf(frame);
    if (!layout) return;
    await expect(layout).toMatchObject({ muted: true, loop: false, countdown: '0:02', bar: null });
    await expect(layout.buttons).toEqual(['Play', 'Unmute']);
    await expect(layout.player).toEqual({
      left: 0,
      top: 0,
      right: 300,
      bottom: 250,
      width: 300,
      height: 250,
    });
    // Background: the player sits behind the banner image.
    const zIndex = await inFrame(
      frame,
      () => getComputedStyle(document.getElementById('adc-p') as Element).zIndex,
    );
    await expect(zIndex).toBe('-1');
  },
};

/** Each of the 7 positions of the buttons over the player (toolbar box expected in frame px). */
const buttonsAt = (position: ButtonPosition, expected: (toolbar: Box) => void): Story => ({
  args: { answers: videoAd({ buttons_position: position }) },
  play: async ({ canvasElement, args }) => {
    const frame = await autoplayed(canvasElement, args.onBeacon);
    const layout = await layoutOf(frame);
    if (!layout?.toolbar) {
      if (layout) throw new Error('no toolbar');
      return;
    }
    expected(layout.toolbar);
  },
});

export const ButtonsTopLeft = buttonsAt('top left', (toolbar) => {
  expect(toolbar).toMatchObject({ left: 8, top: 8 });
});
export const ButtonsTopRight = buttonsAt('top right', (toolbar) => {
  expect(toolbar).toMatchObject({ right: 292, top: 8 });
});
export const ButtonsTopOver = buttonsAt('top over', (toolbar) => {
  expect(toolbar).toMatchObject({ left: 0, right: 300, top: 0 });
});
export const ButtonsCenter = buttonsAt('center', (toolbar) => {
  expect((toolbar.left + toolbar.right) / 2).toBe(150);
  expect((toolbar.top + toolbar.bottom) / 2).toBe(125);
});
export const ButtonsBottomLeft = buttonsAt('bottom left', (toolbar) => {
  expect(toolbar).toMatchObject({ left: 8, bottom: 238 });
});
export const ButtonsBottomRight = buttonsAt('bottom right', (toolbar) => {
  expect(toolbar).toMatchObject({ right: 292, bottom: 238 });
});
export const ButtonsBottomOver = buttonsAt('bottom over', (toolbar) => {
  expect(toolbar).toMatchObject({ left: 0, right: 300, bottom: 250 });
});

/** buttons_sizes 200 %: 64 px buttons instead of 32 px. */
export const ButtonsLarge: Story = {
  args: { answers: videoAd({ buttons_sizes: 200, buttons_position: 'center' }) },
  play: async ({ canvasElement, args }) => {
    const frame = await autoplayed(canvasElement, args.onBeacon);
    const size = await inFrame(frame, () => document.getElementById('adc-pp')?.getBoundingClientRect().width);
    if (size !== null) await expect(size).toBe(64);
  },
};

/** buttons_x 20 % and buttons_y -20 % move the centred buttons right by 60 px and up by 50 px. */
export const ButtonsMoved: Story = {
  args: { answers: videoAd({ buttons_position: 'center', buttons_x: 20, buttons_y: -20 }) },
  play: async ({ canvasElement, args }) => {
    const frame = await autoplayed(canvasElement, args.onBeacon);
    const toolbar = (await layoutOf(frame))?.toolbar;
    if (toolbar === undefined) return;
    await expect(toolbar && (toolbar.left + toolbar.right) / 2).toBe(210);
    await expect(toolbar && (toolbar.top + toolbar.bottom) / 2).toBe(75);
  },
};

/** The advertiser's own button images (play, pause, replay, mute, unmute) instead of the drawn ones. */
export const CustomButtonImages: Story = {
  args: {
    answers: videoAd({
      play_button_image: assets.button('play'),
      pause_button_image: assets.button('pause'),
      replay_button_image: assets.button('replay'),
      mute_button_image: assets.button('mute'),
      unmute_button_image: assets.button('unmute'),
    }),
  },
  play: async ({ canvasElement, args }) => {
    const frame = await autoplayed(canvasElement, args.onBeacon);
    const images = await inFrame(frame, async () => {
      const sources = Array.from(document.querySelectorAll('#adc-b button:not([hidden]) img'), (image) => {
        return (image as HTMLImageElement).src.split('/').pop();
      });
      await Promise.all(Array.from(document.images, (image) => image.decode().catch(() => {})));
      return sources;
    });
    // Paused and muted: the play and unmute images, each inside a labelled button.
    if (images !== null) await expect(images).toEqual(['play.svg', 'unmute.svg']);
  },
};

export const ProgressBar: Story = {
  args: { answers: videoAd({ progress_type: 'ProgressBar' }) },
  play: async ({ canvasElement, args }) => {
    const frame = await autoplayed(canvasElement, args.onBeacon);
    const layout = await layoutOf(frame);
    if (!layout) return;
    await expect(layout.countdown).toBeNull();
    // A third of the clip played: a third of the bar.
    await expect(Math.round(layout.bar?.width ?? 0)).toBe(100);
    await expect(layout.bar?.bottom).toBe(250);
  },
};

/** show_countdown no: no progress indicator at all. */
export const CountdownHidden: Story = {
  args: { answers: videoAd({ show_countdown: 'no' }) },
  play: async ({ canvasElement, args }) => {
    const frame = await autoplayed(canvasElement, args.onBeacon);
    const layout = await layoutOf(frame);
    if (layout) await expect(layout).toMatchObject({ countdown: null, bar: null });
  },
};

/** controls no: no buttons; the countdown stays. */
export const ControlsOff: Story = {
  args: { answers: videoAd({ controls: 'no' }) },
  play: async ({ canvasElement, args }) => {
    const frame = await autoplayed(canvasElement, args.onBeacon);
    const layout = await layoutOf(frame);
    if (layout) await expect(layout).toMatchObject({ buttons: [], countdown: '0:02' });
  },
};

/** Foreground: the player covers the banner (here a 60 % player in the middle of an opaque banner). */
export const Foreground: Story = {
  args: { answers: videoAd({ video_player_arrangement: 'foreground', video_player_size: 60 }, opaqueBanner) },
  play: async ({ canvasElement, args }) => {
    const frame = await autoplayed(canvasElement, args.onBeacon);
    const layout = await layoutOf(frame);
    if (layout)
      await expect(layout.player).toEqual({
        left: 60,
        top: 50,
        right: 240,
        bottom: 200,
        width: 180,
        height: 150,
      });
  },
};

/** Background with an opaque banner: the video plays, hidden behind it (only the buttons show). */
export const BackgroundBehindOpaqueBanner: Story = {
  args: { answers: videoAd({}, opaqueBanner) },
  play: async ({ canvasElement, args }) => {
    await autoplayed(canvasElement, args.onBeacon);
  },
};

/** video_player_size 50 %, moved by x 20 % and y -20 % of the banner. */
export const PlayerResizedAndMoved: Story = {
  args: {
    answers: videoAd(
      {
        video_player_arrangement: 'foreground',
        video_player_size: 50,
        video_player_x: 20,
        video_player_y: -20,
      },
      opaqueBanner,
    ),
  },
  play: async ({ canvasElement, args }) => {
    const frame = await autoplayed(canvasElement, args.onBeacon);
    const layout = await layoutOf(frame);
    if (layout)
      await expect(layout.player).toEqual({
        left: 135,
        top: 12.5,
        right: 285,
        bottom: 137.5,
        width: 150,
        height: 125,
      });
  },
};

/** video_player_size 200 %: the player is larger than the banner, which crops it; the buttons stay in view. */
export const PlayerLarger: Story = {
  args: {
    answers: videoAd({ video_player_arrangement: 'foreground', video_player_size: 200 }, opaqueBanner),
  },
  play: async ({ canvasElement, args }) => {
    const frame = await autoplayed(canvasElement, args.onBeacon);
    const layout = await layoutOf(frame);
    if (!layout) return;
    await expect(layout.player).toMatchObject({ left: -150, top: -125, width: 600, height: 500 });
    await expect(layout.toolbar).toMatchObject({ left: 0, right: 300, bottom: 250 });
  },
};

/** video_border_radius 40 px on a 70 % player. */
export const PlayerRounded: Story = {
  args: {
    answers: videoAd(
      { video_player_arrangement: 'foreground', video_player_size: 70, video_border_radius: 40 },
      opaqueBanner,
    ),
  },
  play: async ({ canvasElement, args }) => {
    const frame = await autoplayed(canvasElement, args.onBeacon);
    const radius = await inFrame(
      frame,
      () => getComputedStyle(document.getElementById('adc-p') as Element).borderTopLeftRadius,
    );
    if (radius !== null) await expect(radius).toBe('40px');
  },
};

/** video_player_delay 15 s: for now only the banner shows, and no video event has fired. */
export const DelayedPlayer: Story = {
  args: { answers: videoAd({ video_player_delay: 15 }, opaqueBanner) },
  play: async ({ canvasElement, args }) => {
    const frame = await renderedFrame(canvasElement, 'live-1');
    await videoReady(frame);
    await expect(beaconCount(args.onBeacon, 'start')).toBe(0);
    const layout = await layoutOf(frame);
    if (layout) await expect(layout).toMatchObject({ player: null, toolbar: null, paused: true });
  },
};

/** video_player_delay 1 s: the player appears after a second and starts then. */
export const PlayerAppearsAfterDelay: Story = {
  args: { answers: videoAd({ video_player_delay: 1 }) },
  play: async ({ canvasElement, args }) => {
    const frame = await renderedFrame(canvasElement, 'live-1');
    // The delay runs on the frame's own clock (its document and script are the ad's, not the page's),
    // so the story reads the player together with that clock: read within the first second, the
    // player is hidden. On a loaded machine the first read can come later than that; the frame's
    // markup starting hidden is checked apart (frame-document.test.ts), and what follows holds always.
    const before = await inFrame(frame, () => ({
      elapsed: performance.now(),
      hidden: document.getElementById('adc-p')?.closest('[hidden]') !== null,
    }));
    if (before && before.elapsed < 1000) await expect(before.hidden).toBe(true);
    await waitForBeacon(args.onBeacon, 'start');
    await freezeVideo(frame, 1);
    const after = await layoutOf(frame);
    if (after) await expect(after.player).not.toBeNull();
  },
};

/** video_autoplay no: the first frame and a Play button; pressing it starts the video (and engages). */
export const ClickToPlay: Story = {
  args: { answers: videoAd({ video_autoplay: 'no' }) },
  play: async ({ canvasElement, args }) => {
    const frame = await renderedFrame(canvasElement, 'live-1');
    await videoReady(frame);
    await expect(beaconCount(args.onBeacon, 'start')).toBe(0);
    const tools = frameTools();
    if (!tools) return;
    await expect((await layoutOf(frame))?.paused).toBe(true);
    await tools.click(frame, 'button', 'Play');
    await waitForBeacon(args.onBeacon, 'start');
    await expect(beaconCount(args.onBeacon, 'engagement')).toBe(1);
    await freezeVideo(frame, 1);
  },
};

/** The Unmute button turns the sound on and becomes Mute; a video button is an engagement. */
export const Unmuted: Story = {
  play: async ({ canvasElement, args }) => {
    const frame = await autoplayed(canvasElement, args.onBeacon);
    const tools = frameTools();
    if (!tools) return;
    await tools.click(frame, 'button', 'Unmute');
    await eventually(async () => expect((await layoutOf(frame))?.buttons).toEqual(['Play', 'Mute']));
    await expect((await layoutOf(frame))?.muted).toBe(false);
    await expect(beaconCount(args.onBeacon, 'engagement')).toBe(1);
  },
};

/** The clip plays to its end: start, each quartile and complete once, with the creative's pixels. */
export const QuartilesAsItPlays: Story = {
  args: {
    answers: videoAd(
      {},
      {
        trackers: {
          videoStart: [{ type: 'pixel', url: 'https://pixel.example.test/start' }],
          videoMidpoint: [{ type: 'pixel', url: 'https://pixel.example.test/midpoint' }],
          videoComplete: [{ type: 'pixel', url: 'https://pixel.example.test/complete' }],
        },
      },
    ),
  },
  play: async ({ canvasElement, args }) => {
    const frame = await renderedFrame(canvasElement, 'live-1');
    await waitForBeacon(args.onBeacon, 'complete', 8000);
    const order = ['start', 'firstQuartile', 'midpoint', 'thirdQuartile', 'complete'];
    const fired = urls(args.onBeacon)
      .map((url) => /\/serve\/t\/(\w+)\?/.exec(url)?.[1])
      .filter((type) => type && order.includes(type));
    await expect(fired).toEqual(order);
    await expect(urls(args.onPixel).filter((url) => url.startsWith('https://pixel.'))).toEqual([
      'https://pixel.example.test/start',
      'https://pixel.example.test/midpoint',
      'https://pixel.example.test/complete',
    ]);
    const tools = frameTools();
    if (!tools) return;
    // At the end a Replay button; replaying fires no event of this impression twice.
    await eventually(async () => expect((await layoutOf(frame))?.buttons).toEqual(['Replay', 'Unmute']));
    await tools.click(frame, 'button', 'Replay');
    await eventually(async () => expect((await layoutOf(frame))?.paused).toBe(false));
    // The replay played to its end (Replay shows again) and the frame's reports of it were handled.
    await waitFor(async () => expect((await layoutOf(frame))?.buttons).toEqual(['Replay', 'Unmute']), {
      timeout: 15_000,
    });
    await frameMessagesHandled(frame);
    for (const type of order) await expect(beaconCount(args.onBeacon, type)).toBe(1);
    await freezeVideo(frame, 1);
  },
};

/** loop yes: the clip starts over; its first play counts as complete, once. */
export const Loop: Story = {
  args: { answers: videoAd({ loop: 'yes' }) },
  play: async ({ canvasElement, args }) => {
    const frame = await renderedFrame(canvasElement, 'live-1');
    await waitForBeacon(args.onBeacon, 'complete', 8000);
    const layout = await layoutOf(frame);
    if (layout) await expect(layout).toMatchObject({ loop: true, paused: false });
    await freezeVideo(frame, 1);
  },
};

/** ad_duration 1 s: the ad ends: the video stops and only Replay remains. */
export const AdDurationEnded: Story = {
  args: { answers: videoAd({}, { adDuration: 1 }) },
  play: async ({ canvasElement, args }) => {
    const frame = await renderedFrame(canvasElement, 'live-1');
    await waitForBeacon(args.onBeacon, 'start');
    const tools = frameTools();
    if (!tools) return;
    // The ad's duration and its viewable second (it is in view).
    await timersSet(clock, [1000, 1000]);
    clock.advance(1000);
    await eventually(async () => expect((await layoutOf(frame))?.paused).toBe(true));
    await expect((await layoutOf(frame))?.buttons).toEqual(['Replay', 'Unmute']);
    await expect(await inFrame(frame, () => document.documentElement.hasAttribute('data-ad-ended'))).toBe(
      true,
    );
    await freezeVideo(frame, 1);
  },
};

/** An HTML banner as the backdrop: the video shows through its transparent middle. */
export const HtmlBannerBackdrop: Story = {
  args: {
    answers: videoAd(
      {},
      {
        content: {
          kind: 'html',
          html: `<style>body{margin:0;height:100vh;display:flex;flex-direction:column;justify-content:space-between;font:700 20px/1 sans-serif}
header,footer{padding:12px;text-align:center;color:#fff;background:#7c2d12}</style>
<header>Winter coats</header><footer>Shop now</footer>`,
        },
      },
    ),
  },
  play: async ({ canvasElement, args }) => {
    await autoplayed(canvasElement, args.onBeacon);
  },
};
