import { APPROVAL_MESSAGES, type Preview, previewSchema } from '@adconsole/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import { PreviewLinkGone, PreviewView } from './preview-page';

/** The ad runtime's test assets, served by Storybook at /ad-runtime. */
const asset = (path: string) => new URL(`/ad-runtime/${path}`, window.location.href).href;

const preview: Preview = previewSchema.parse({
  campaignName: 'Spring sale',
  advertiserName: 'Northwind',
  expiresAt: '2026-12-29T10:00:00.000Z',
  creatives: [
    {
      id: 'crv_7',
      name: 'Medium rectangle',
      type: 'Banner',
      width: 300,
      height: 250,
      fluid: false,
      html: null,
      layout: null,
      settings: [],
      assets: [
        {
          id: 'a1',
          creativeID: 'crv_7',
          filename: 'banner.png',
          name: 'banner.png',
          url: asset('banner.png'),
          uploadType: 'image',
        },
      ],
      clickThrough: 'https://northwind.example/spring',
      approval: { state: 'in-review', by: null, at: null, comment: null, changedSince: false },
    },
  ],
});

/** The preview page as the serving origin sends it, running the ad runtime's source. */
const previewPage = URL.createObjectURL(
  new Blob(
    [
      `<!doctype html><html><body style="margin:0"><div id="preview"></div><script type="module" src="${new URL('../creatives/creative-preview-page.ts', import.meta.url).href}" data-console-origin="${window.location.origin}"></script></body></html>`,
    ],
    { type: 'text/html' },
  ),
);

const drawn = (canvasElement: HTMLElement) =>
  waitFor(
    () =>
      expect(canvasElement.querySelector('[data-slot="creative-preview"]')).toHaveAttribute(
        'data-status',
        'rendered',
      ),
    { timeout: 10_000 },
  );

const meta = {
  title: 'Console/Approval/PreviewPage',
  component: PreviewView,
  args: { preview, pageUrl: previewPage, onDecide: fn(async () => undefined) },
} satisfies Meta<typeof PreviewView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A creative in review at its real size with its click-through; the client types a name and approves. */
export const InReview: Story = {
  play: async ({ canvas, canvasElement, args }) => {
    await drawn(canvasElement);
    await expect(canvas.getByRole('link', { name: 'https://northwind.example/spring' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Approve' }));
    await expect(canvas.getByText(APPROVAL_MESSAGES.nameRequired)).toBeVisible();
    await expect(args.onDecide).not.toHaveBeenCalled();
    await userEvent.type(canvas.getByLabelText('Your name'), 'Nora Client');
    await userEvent.click(canvas.getByRole('button', { name: 'Approve' }));
    await expect(args.onDecide).toHaveBeenCalledWith('crv_7', { name: 'Nora Client', decision: 'approve' });
  },
};

/** Asking for changes needs a comment. */
export const RequestChanges: Story = {
  play: async ({ canvas, canvasElement, args }) => {
    await drawn(canvasElement);
    await userEvent.type(canvas.getByLabelText('Your name'), 'Nora Client');
    await userEvent.click(canvas.getByRole('button', { name: 'Request changes' }));
    await expect(canvas.getByText(APPROVAL_MESSAGES.commentRequired)).toBeVisible();
    await userEvent.type(canvas.getByLabelText('Comment (required to request changes)'), 'Bigger logo.');
    await userEvent.click(canvas.getByRole('button', { name: 'Request changes' }));
    await expect(args.onDecide).toHaveBeenCalledWith('crv_7', {
      name: 'Nora Client',
      decision: 'request-changes',
      comment: 'Bigger logo.',
    });
  },
};

/** Approved already: who and when, no form. On a phone's width (390 px). */
export const ApprovedNarrow: Story = {
  args: {
    preview: {
      ...preview,
      creatives: preview.creatives.map((creative) => ({
        ...creative,
        approval: {
          state: 'approved' as const,
          by: { name: 'Nora Client', email: null, via: 'preview-link' as const },
          at: '2026-11-29T10:05:00.000Z',
          comment: null,
          changedSince: false,
        },
      })),
    },
  },
  decorators: [(Story) => <div className="max-w-[390px]">{Story()}</div>],
  play: async ({ canvas, canvasElement }) => {
    await drawn(canvasElement);
    await expect(
      canvas.getByText('Approved by Nora Client (preview link), 29 Nov 2026, 10:05 UTC'),
    ).toBeVisible();
    await expect(canvas.queryByRole('form')).toBeNull();
  },
};

/** An expired link: the server's sentence, nothing drawn. */
export const Expired: Story = {
  render: () => <PreviewLinkGone message={APPROVAL_MESSAGES.previewLinkExpired} />,
  play: async ({ canvas }) => {
    await expect(canvas.getByText(APPROVAL_MESSAGES.previewLinkExpired)).toBeVisible();
  },
};

/** A revoked link. */
export const Revoked: Story = {
  render: () => <PreviewLinkGone message={APPROVAL_MESSAGES.previewLinkRevoked} />,
  play: async ({ canvas }) => {
    await expect(canvas.getByText(APPROVAL_MESSAGES.previewLinkRevoked)).toBeVisible();
  },
};
