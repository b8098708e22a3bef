import { type Creative, creativeSchema, inBannerVideoLayout, PREVIEW_MESSAGE } from '@adconsole/domain';
import { LayoutOptionsForm, type LayoutOptionsFormValues } from '@adconsole/forms';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { type ReactNode, useState } from 'react';
import { expect, userEvent, waitFor } from 'storybook/test';
import { freezeVideo } from '../../../../../packages/ad-runtime/src/stories/play';
import { CreativePreview } from './creative-preview';
import { previewOf } from './preview-ad';

/** The ad runtime's test assets, served by Storybook at /ad-runtime. */
const asset = (path: string) => new URL(`/ad-runtime/${path}`, window.location.href).href;
const file = (name: string, uploadType: string) => ({
  id: name,
  creativeID: 'crv_7',
  filename: name,
  name,
  url: asset(name),
  uploadType,
});

const creative = (fields: Record<string, unknown>): Creative =>
  creativeSchema.parse({
    id: 'crv_7',
    campaignID: 'cmp_42',
    name: 'Spring sale',
    type: 'Banner',
    width: 300,
    height: 250,
    size: '300x250',
    ...fields,
  });

const banner = creative({ assets: [file('banner.png', 'image')] });
/** In-Banner Video, still: no autoplay and no countdown, so every screenshot is the same frame. */
const still = { video_autoplay: 'no', show_countdown: 'no', controls: 'no' };
const ibv = creative({
  assets: [file('frame.png', 'image'), file('main.mp4', 'video')],
  layout: inBannerVideoLayout.id,
  settings: [{ key: 'layoutOptions', value: { ...still, video_player_size: 60 } }],
});
const vast = creative({ type: 'VAST', assets: [file('main.mp4', 'video')] });

/** A page for the preview's frame: the body given, in a page of this origin (blob:). */
const storyPage = (body: string) =>
  URL.createObjectURL(
    new Blob([`<!doctype html><html><body style="margin:0">${body}</body></html>`], { type: 'text/html' }),
  );
/** The preview page as the serving origin sends it, running the ad runtime's source. */
const previewPage = storyPage(
  `<div id="preview"></div><script type="module" src="${new URL('./creative-preview-page.ts', import.meta.url).href}" data-console-origin="${window.location.origin}"></script>`,
);

const meta = {
  title: 'Console/Creatives/CreativePreview',
  component: CreativePreview,
  args: { preview: previewOf(banner), pageUrl: previewPage },
  decorators: [(Story) => <div className="max-w-xl">{Story()}</div>],
} satisfies Meta<typeof CreativePreview>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The ad's frame inside the preview page's frame. */
const AD_FRAME = 'ins iframe';

/** The preview page's frame, once the runtime has drawn the ad in it. */
const drawnFrame = async (canvasElement: HTMLElement) => {
  await waitFor(
    () =>
      expect(canvasElement.querySelector('[data-slot="creative-preview"]')).toHaveAttribute(
        'data-status',
        'rendered',
      ),
    { timeout: 10_000 },
  );
  return canvasElement.querySelector('[data-slot="creative-preview-page"]') as HTMLIFrameElement;
};

/** A banner image, drawn by the ad runtime in its sandboxed frame, in the sandboxed preview page. */
export const Banner: Story = {
  play: async ({ canvasElement }) => {
    const page = await drawnFrame(canvasElement);
    await expect(page).toHaveAttribute('sandbox', 'allow-scripts');
    await expect(page.getBoundingClientRect().width).toBe(300);
    const ad = await globalThis.__frameTools?.evaluate(
      page,
      (selector: string) => {
        const frame = document.querySelector(selector);
        return frame && [frame.getAttribute('sandbox'), frame.getBoundingClientRect().width];
      },
      AD_FRAME,
    );
    if (ad) await expect(ad).toEqual(['allow-scripts allow-popups allow-popups-to-escape-sandbox', 300]);
  },
};

/** In-Banner Video: the video inside the banner, where the layout's options put it. */
export const InBannerVideo: Story = {
  args: { preview: previewOf(ibv) },
  play: async ({ canvasElement }) => {
    const page = await drawnFrame(canvasElement);
    await freezeVideo(page, 1, AD_FRAME);
  },
};

/** The preview follows the layout's sliders before anything is saved. */
function PreviewWithLayout() {
  const [options, setOptions] = useState<LayoutOptionsFormValues | undefined>(undefined);
  return (
    <div className="grid gap-6">
      <CreativePreview
        preview={previewOf(ibv, { type: 'Banner', layoutID: inBannerVideoLayout.id, layoutOptions: options })}
        pageUrl={previewPage}
      />
      <LayoutOptionsForm
        layout={inBannerVideoLayout}
        defaultValues={{ ...still, video_player_size: 60 }}
        saveButton={false}
        onValuesChange={setOptions}
      />
    </div>
  );
}

export const InBannerVideoFollowsSliders: Story = {
  render: () => <PreviewWithLayout />,
  play: async ({ canvas, canvasElement }) => {
    const page = await drawnFrame(canvasElement);
    const playerWidth = () =>
      globalThis.__frameTools?.evaluate(
        page,
        () => document.getElementById('adc-p')?.getBoundingClientRect().width ?? 0,
        null,
        AD_FRAME,
      );
    if (globalThis.__frameTools) await waitFor(async () => expect(await playerWidth()).toBe(180));
    const slider = canvas.getByRole('slider', { name: 'Video player size' });
    slider.focus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}');
    await waitFor(() => expect(slider).toHaveAttribute('aria-valuetext', '65%'));
    if (globalThis.__frameTools) await waitFor(async () => expect(await playerWidth()).toBe(195));
    await drawnFrame(canvasElement);
    await freezeVideo(page, 1, AD_FRAME);
  },
};

/** A VAST creative's video file in a plain player (the publisher's VAST player is theirs). */
export const Vast: Story = {
  args: { preview: previewOf(vast) },
  play: async ({ canvas }) => {
    const video = canvas.getByLabelText("The ad's video") as HTMLVideoElement;
    await expect(video.src).toContain('/ad-runtime/main.mp4');
    await waitFor(() => expect(video.readyState).toBeGreaterThanOrEqual(1));
  },
};

/** Nothing uploaded yet: what to upload to see it. */
export const NoAssetYet: Story = {
  args: { preview: previewOf(creative({})) },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('No preview yet')).toBeVisible();
    await expect(canvas.getByText('Upload an image (or write the HTML) to see the banner.')).toBeVisible();
  },
};

/** While the preview page and the runtime's code arrive (here: a page that never answers). */
export const Loading: Story = {
  args: { pageUrl: storyPage('') },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('img', { name: /Preview of Spring sale/ })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    await expect(canvas.getByRole('status', { name: 'Drawing the preview' })).toBeInTheDocument();
  },
};

/** The preview page could not draw the ad (here: a page that says so at once). */
export const DrawFailed: Story = {
  args: {
    pageUrl: storyPage(
      `<script>parent.postMessage({ type: '${PREVIEW_MESSAGE}', state: 'ready' }, '*'); window.addEventListener('message', (event) => parent.postMessage({ type: '${PREVIEW_MESSAGE}', state: 'error', draft: event.data.draft }, '*'));</script>`,
    ),
  },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByText('The preview could not be drawn. Reload the page to try again.'),
    ).toBeVisible();
  },
};

const dark = { globals: { theme: 'dark' } } as const;
export const BannerDark: Story = { ...Banner, ...dark };
export const InBannerVideoDark: Story = { ...InBannerVideo, ...dark };
export const VastDark: Story = { ...Vast, ...dark };
export const NoAssetYetDark: Story = { ...NoAssetYet, ...dark };

/** A phone (390 px): the preview scrolls inside its card rather than widening the page. */
const phone = [(Story: () => ReactNode) => <div style={{ width: 326 }}>{Story()}</div>];
export const BannerPhone: Story = {
  ...Banner,
  decorators: phone,
  play: async (context) => {
    await Banner.play?.(context);
    const box = context.canvasElement.querySelector('[data-slot="creative-preview"]') as HTMLElement;
    await expect(box.scrollWidth).toBeLessThanOrEqual(326);
  },
};
export const VastPhone: Story = { ...Vast, decorators: phone };
