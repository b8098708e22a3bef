import { type Creative, creativeSchema, inBannerVideoLayout } from '@adconsole/domain';
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

const meta = {
  title: 'Console/Creatives/CreativePreview',
  component: CreativePreview,
  args: { preview: previewOf(banner) },
  decorators: [(Story) => <div className="max-w-xl">{Story()}</div>],
} satisfies Meta<typeof CreativePreview>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The runtime's frame, once it has drawn the ad. */
const drawnFrame = async (canvasElement: HTMLElement) => {
  await waitFor(() =>
    expect(canvasElement.querySelector('[data-slot="creative-preview"]')).toHaveAttribute(
      'data-status',
      'rendered',
    ),
  );
  return canvasElement.querySelector('ins iframe') as HTMLIFrameElement;
};

/** A banner image, drawn by the ad runtime in its sandboxed frame. */
export const Banner: Story = {
  play: async ({ canvasElement }) => {
    const frame = await drawnFrame(canvasElement);
    await expect(frame).toHaveAttribute(
      'sandbox',
      'allow-scripts allow-popups allow-popups-to-escape-sandbox',
    );
    await expect(frame.getBoundingClientRect().width).toBe(300);
  },
};

/** In-Banner Video: the video inside the banner, where the layout's options put it. */
export const InBannerVideo: Story = {
  args: { preview: previewOf(ibv) },
  play: async ({ canvasElement }) => {
    const frame = await drawnFrame(canvasElement);
    await freezeVideo(frame);
  },
};

/** The preview follows the layout's sliders before anything is saved. */
function PreviewWithLayout() {
  const [options, setOptions] = useState<LayoutOptionsFormValues | undefined>(undefined);
  return (
    <div className="grid gap-6">
      <CreativePreview
        preview={previewOf(ibv, { type: 'Banner', layoutID: inBannerVideoLayout.id, layoutOptions: options })}
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
    let frame = await drawnFrame(canvasElement);
    const playerWidth = (target: HTMLIFrameElement) =>
      globalThis.__frameTools?.evaluate(
        target,
        () => document.getElementById('adc-p')?.getBoundingClientRect().width ?? 0,
      );
    await expect(await playerWidth(frame)).toBe(180);
    const slider = canvas.getByRole('slider', { name: 'Video player size' });
    slider.focus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}');
    await waitFor(() => expect(slider).toHaveAttribute('aria-valuetext', '65%'));
    await waitFor(async () => {
      frame = canvasElement.querySelector('ins iframe') as HTMLIFrameElement;
      await expect(await playerWidth(frame)).toBe(195);
    });
    frame = await drawnFrame(canvasElement);
    await freezeVideo(frame);
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

/** While the runtime's code arrives. */
export const Loading: Story = {
  args: { loadRuntime: () => new Promise(() => {}) },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('img', { name: /Preview of Spring sale/ })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    await expect(canvas.getByRole('status', { name: 'Drawing the preview' })).toBeInTheDocument();
  },
};

/** The runtime's code could not be fetched. */
export const LoadFailed: Story = {
  args: { loadRuntime: () => Promise.reject(new Error('offline')) },
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
