// The runtime on a publisher's page: several tags, tags added later, tags that get no ad, answers that
// are broken, and never an error thrown into the page.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { STATE_ATTRIBUTE } from '../contract';
import { servedAd } from '../fixtures/served-ad';
import { start } from '../start';
import { assets, htmlCreative } from './assets';
import { AdPage, tagHtml } from './harness';
import { beaconCount, renderedFrame, tagOf, tagState, urls } from './play';

const imageAd = (liveID: string) =>
  servedAd({ liveID, content: { kind: 'image', url: assets.banner, width: 300, height: 250 } });

const meta = {
  title: 'Ad runtime/Page',
  component: AdPage,
  args: {
    tags: [{ liveID: 'live-1' }],
    answers: { 'live-1': imageAd('live-1') },
    onRequest: fn(),
    onBeacon: fn(),
    onPixel: fn(),
    onPageError: fn(),
  },
} satisfies Meta<typeof AdPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const TwoTagsOnOnePage: Story = {
  args: {
    tags: [{ liveID: 'live-1' }, { liveID: 'live-2' }],
    answers: {
      'live-1': imageAd('live-1'),
      'live-2': servedAd({ liveID: 'live-2', content: { kind: 'html', html: htmlCreative } }),
    },
  },
  play: async ({ canvasElement, args }) => {
    await renderedFrame(canvasElement, 'live-1');
    await renderedFrame(canvasElement, 'live-2');
    await expect(beaconCount(args.onBeacon, 'impression', 'imp-live-1')).toBe(1);
    await expect(beaconCount(args.onBeacon, 'impression', 'imp-live-2')).toBe(1);
    await expect(args.onRequest).toHaveBeenCalledTimes(2);
    await expect(args.onPageError).not.toHaveBeenCalled();
  },
};

/** A tag that arrives after the runtime started (an infinite scroll, a late ad slot) renders too. */
export const TagAddedLater: Story = {
  args: {
    answers: { 'live-1': imageAd('live-1'), 'live-late': imageAd('live-late') },
  },
  play: async ({ canvasElement, args }) => {
    await renderedFrame(canvasElement, 'live-1');
    const later = canvasElement.querySelector('[data-testid="later"]') as HTMLElement;
    later.insertAdjacentHTML('beforeend', tagHtml({ liveID: 'live-late' }));
    await renderedFrame(canvasElement, 'live-late');
    await expect(beaconCount(args.onBeacon, 'impression', 'imp-live-late')).toBe(1);
  },
};

/** A tag is taken once: scanning again, or a second runtime on the page, renders nothing twice. */
export const NeverRenderedTwice: Story = {
  play: async ({ canvasElement, args }) => {
    await renderedFrame(canvasElement, 'live-1');
    // A runtime takes a tag (marks it and asks for its ad) within the scan itself, so right after it
    // the second runtime has either asked or never will.
    const secondRequests = fn(async () => Response.json(imageAd('live-1')));
    const second = start({
      root: canvasElement,
      fetch: secondRequests,
      sendBeacon: () => true,
      pixel: () => {},
    });
    second.scan();
    second.stop();
    await expect(secondRequests).not.toHaveBeenCalled();
    await expect(tagOf(canvasElement, 'live-1').querySelectorAll('iframe')).toHaveLength(1);
    await expect(args.onRequest).toHaveBeenCalledTimes(1);
    await expect(beaconCount(args.onBeacon, 'impression')).toBe(1);
  },
};

/** An unknown or removed live creative (404): the slot stays empty and collapses, nothing is thrown. */
export const UnknownLiveId: Story = {
  args: { tags: [{ liveID: 'live-removed' }], answers: {} },
  play: async ({ canvasElement, args }) => {
    const frame = await tagState(canvasElement, 'live-removed', 'empty');
    await expect(frame).toBeNull();
    await expect(tagOf(canvasElement, 'live-removed')).not.toBeVisible();
    await expect(args.onBeacon).not.toHaveBeenCalled();
    await expect(args.onPageError).not.toHaveBeenCalled();
  },
};

/** Answers that are not ads (not JSON, the wrong shape, a server error): empty slots, no error. */
export const BrokenAnswers: Story = {
  args: {
    tags: [
      { liveID: 'not-json' },
      { liveID: 'wrong-shape' },
      { liveID: 'server-error' },
      { liveID: 'live-1' },
    ],
    answers: {
      'not-json': { body: '{"liveID": "not-json", "content": ' },
      'wrong-shape': { body: JSON.stringify({ ...imageAd('wrong-shape'), content: { kind: 'flash' } }) },
      'server-error': { status: 500 },
      'live-1': imageAd('live-1'),
    },
  },
  play: async ({ canvasElement, args }) => {
    await renderedFrame(canvasElement, 'live-1');
    // Setting a tag's final state is the last step of rendering it: whatever it could throw, it has.
    for (const liveID of ['not-json', 'wrong-shape', 'server-error']) {
      await expect(await tagState(canvasElement, liveID, 'error')).toBeNull();
    }
    await expect(args.onPageError).not.toHaveBeenCalled();
    await expect(beaconCount(args.onBeacon, 'impression')).toBe(1);
  },
};

/** A platform's macros left unexpanded (a page the platform did not serve) are not sent as values. */
export const UnexpandedMacros: Story = {
  args: { tags: [{ liveID: 'live-1', unexpanded: true }] },
  play: async ({ canvasElement, args }) => {
    await renderedFrame(canvasElement, 'live-1');
    await expect(tagOf(canvasElement, 'live-1').getAttribute('data-click')).toBe('%%CLICK_URL_UNESC%%');
    const [request] = urls(args.onRequest);
    // No click macro and no cache-buster are sent; only the page's origin (the site breakdown) is.
    const url = new URL(request ?? '');
    await expect(`${url.origin}${url.pathname}`).toBe('https://ads.example.test/serve/ad/live-1.json');
    await expect([...url.searchParams.keys()]).toEqual(['page']);
    await expect(args.onPixel).not.toHaveBeenCalled();
    await expect(tagOf(canvasElement, 'live-1')).toHaveAttribute(STATE_ATTRIBUTE, 'rendered');
  },
};
