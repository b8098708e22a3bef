// Every creative type the runtime renders, each in its sandboxed frame, with the ad request it makes.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { ManualClock } from '../../../../.storybook/manual-clock';
import { FRAME_SANDBOX } from '../contract';
import { SERVING_ORIGIN, servedAd } from '../fixtures/served-ad';
import { assets, htmlCreative } from './assets';
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
} from './play';

/** The runtime's timers (the ad's duration): time passes only when a play function moves it. */
const clock = new ManualClock();

const meta = {
  title: 'Ad runtime/Creatives',
  component: AdPage,
  args: {
    tags: [{ liveID: 'live-1' }],
    answers: {},
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

export const ImageBanner: Story = {
  args: {
    tags: [{ liveID: 'live-1', dealID: 'deal-42', fallbackID: 'fallback-7' }],
    answers: {
      'live-1': servedAd({ content: { kind: 'image', url: assets.banner, width: 300, height: 250 } }),
    },
  },
  play: async ({ canvasElement, args }) => {
    const frame = await renderedFrame(canvasElement, 'live-1');
    // One request, to the serving origin, with the expanded click prefix, cache-buster and deal ids.
    const [request] = urls(args.onRequest);
    const url = new URL(request ?? '');
    await expect(`${url.origin}${url.pathname}`).toBe(`${SERVING_ORIGIN}/serve/ad/live-1.json`);
    await expect(url.searchParams.get('click')).toBe(EXPANDED_MACROS['%%CLICK_URL_UNESC%%']);
    await expect(url.searchParams.get('cb')).toBe(EXPANDED_MACROS['%%CACHEBUSTER%%']);
    await expect(url.searchParams.get('deal_id')).toBe('deal-42');
    await expect(url.searchParams.get('fallback_id')).toBe('fallback-7');
    await expect(args.onRequest).toHaveBeenCalledTimes(1);
    // A sandboxed frame of the tag's size: scripts and popups, never the publisher's origin.
    await expect(frame.getAttribute('sandbox')).toBe(FRAME_SANDBOX);
    await expect(frame).toHaveAttribute('title', 'Advertisement');
    await expect(frame.getBoundingClientRect()).toMatchObject({ width: 300, height: 250 });
    await expect(beaconCount(args.onBeacon, 'impression')).toBe(1);
    // The whole ad is one link to our click URL, opening a new window.
    const link = await inFrame(frame, () => {
      const anchor = document.querySelector('a');
      const image = anchor?.querySelector('img');
      return {
        href: anchor?.href,
        target: anchor?.target,
        covers:
          anchor?.getBoundingClientRect().width === 300 && anchor?.getBoundingClientRect().height === 250,
        loaded: image?.complete && image.naturalWidth === 300,
      };
    });
    if (link) {
      await expect(link).toEqual({
        href: `${SERVING_ORIGIN}/serve/click/live-1?i=imp-live-1`,
        target: '_blank',
        covers: true,
        loaded: true,
      });
    }
  },
};

export const HtmlBanner: Story = {
  args: {
    answers: { 'live-1': servedAd({ content: { kind: 'html', html: htmlCreative } }) },
  },
  play: async ({ canvasElement }) => {
    const frame = await renderedFrame(canvasElement, 'live-1');
    const clickTag = await inFrame(frame, () => (window as Window & { clickTag?: string }).clickTag);
    if (clickTag !== null) await expect(clickTag).toBe(`${SERVING_ORIGIN}/serve/click/live-1?i=imp-live-1`);
  },
};

export const Html5Banner: Story = {
  args: {
    answers: { 'live-1': servedAd({ content: { kind: 'html5', url: assets.html5 } }) },
  },
  play: async ({ canvasElement }) => {
    const frame = await renderedFrame(canvasElement, 'live-1');
    const html5 = await inFrame(frame, () => document.querySelector('iframe')?.getAttribute('src'));
    if (html5 !== null) {
      const clickUrl = `${SERVING_ORIGIN}/serve/click/live-1?i=imp-live-1`;
      await expect(html5).toBe(`${assets.html5}?clickTag=${encodeURIComponent(clickUrl)}`);
    }
  },
};

/** A fluid creative takes the slot's width (here 600 px) and keeps its aspect ratio. */
export const FluidBanner: Story = {
  args: {
    layout: 'column',
    tags: [{ liveID: 'live-1', fluid: true }],
    answers: {
      'live-1': servedAd({
        fluid: true,
        content: { kind: 'image', url: assets.banner, width: 300, height: 250 },
      }),
    },
  },
  play: async ({ canvasElement }) => {
    const frame = await renderedFrame(canvasElement, 'live-1');
    await expect(frame.getBoundingClientRect()).toMatchObject({ width: 600, height: 500 });
  },
};

/** A real click on the image: the creative's click pixel fires, our click is counted by the redirect. */
export const ClickThrough: Story = {
  args: {
    answers: {
      'live-1': servedAd({
        content: { kind: 'image', url: assets.banner, width: 300, height: 250 },
        clickUrl: 'about:blank#adconsole-click',
        trackers: { click: [{ type: 'pixel', url: 'https://pixel.example.test/click' }] },
      }),
    },
  },
  play: async ({ canvasElement, args }) => {
    const frame = await renderedFrame(canvasElement, 'live-1');
    const tools = frameTools();
    if (!tools) return;
    await tools.click(frame, 'link', 'Advertisement');
    await eventually(() => expect(urls(args.onPixel)).toContain('https://pixel.example.test/click'));
    await expect(beaconCount(args.onBeacon, 'click')).toBe(0);
    await expect(beaconCount(args.onBeacon, 'engagement')).toBe(1);
  },
};

/**
 * ad_duration on an HTML creative: when the time is over its animations and videos stop.
 * No screenshot: the animation (real time inside the ad's frame) stops wherever it is then.
 */
export const HtmlAdDurationEnded: Story = {
  tags: ['no-visual'],
  args: {
    answers: {
      'live-1': servedAd({
        adDuration: 1,
        content: {
          kind: 'html',
          html: `<style>@keyframes spin { to { transform: rotate(360deg) } }
div { width: 80px; height: 80px; margin: 80px auto; background: #b45309; animation: spin 2s linear infinite }</style><div></div>`,
        },
      }),
    },
  },
  play: async ({ canvasElement }) => {
    const frame = await renderedFrame(canvasElement, 'live-1');
    const playing = () =>
      inFrame(frame, () => ({
        ended: document.documentElement.hasAttribute('data-ad-ended'),
        states: document.getAnimations().map((animation) => animation.playState),
      }));
    if ((await playing()) === null) return;
    // The ad's second runs on the manual clock: however long rendering took, it is not over yet.
    // The ad's duration and its viewable second (it is in view).
    await timersSet(clock, [1000, 1000]);
    clock.advance(999);
    await frameMessagesHandled(frame);
    await expect(await playing()).toEqual({ ended: false, states: ['running'] });
    clock.advance(1);
    await eventually(async () => expect(await playing()).toEqual({ ended: true, states: ['paused'] }));
  },
};
