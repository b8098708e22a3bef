// The campaign page's Bulk upload dialog (docs/product.md §7, "Bulk upload"): empty, files dragged over it,
// uploading, and the summary of what was made and what was refused; a refusal that made nothing.
import type { BulkUploadAnswer } from '@adconsole/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fireEvent, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { phoneViewport } from '../../../../../.storybook/phone-viewport';
import { BulkUploadDialog } from './bulk-upload-dialog';

const SIZES: [number, number][] = [
  [300, 250],
  [728, 90],
  [160, 600],
  [300, 600],
  [320, 50],
];

const answer: BulkUploadAnswer = {
  made: [
    ...SIZES.map(([width, height], index) => ({
      creativeID: `crv_${index}`,
      name: `spring-${width}x${height}`,
      file: `spring-${width}x${height}.png`,
      type: 'Banner' as const,
      kind: 'image' as const,
      width,
      height,
      duration: null,
      bytes: 24_000,
    })),
    {
      creativeID: 'crv_html5',
      name: 'billboard-html5',
      file: 'billboard-html5.zip',
      type: 'Banner',
      kind: 'html5',
      width: 970,
      height: 250,
      duration: null,
      bytes: 80_000,
    },
    {
      creativeID: 'crv_video',
      name: 'teaser',
      file: 'teaser.mp4',
      type: 'VAST',
      kind: 'video',
      width: 1280,
      height: 720,
      duration: 15,
      bytes: 3_000_000,
    },
  ],
  refused: [
    {
      file: 'readme.txt',
      reason: 'Not an image (PNG, JPEG, GIF, WebP), a video (MP4, WebM) or an HTML5 ZIP.',
    },
    {
      file: 'tracker.js',
      reason: 'Not an image (PNG, JPEG, GIF, WebP), a video (MP4, WebM) or an HTML5 ZIP.',
    },
  ],
};

const onUpload = fn(async (_files: File[]) => answer);
const onOpenChange = fn();

const meta = {
  title: 'Console/Campaigns/BulkUploadDialog',
  component: BulkUploadDialog,
  parameters: { overlay: true },
  args: { open: true, onOpenChange, onUpload },
  beforeEach: () => {
    onUpload.mockClear();
    onUpload.mockImplementation(async () => answer);
    onOpenChange.mockClear();
  },
} satisfies Meta<typeof BulkUploadDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

const dialog = () => screen.findByRole('dialog', { name: 'Bulk upload' });
const files = () => [
  new File([new Uint8Array(2048)], 'spring.zip', { type: 'application/zip' }),
  new File([new Uint8Array(4096)], 'teaser.mp4', { type: 'video/mp4' }),
];
const choose = async (body: ReturnType<typeof within>) =>
  userEvent.upload(body.getByLabelText('Files to upload', { selector: 'input' }), files());

/** Opened: the drop zone and what it takes; nothing to upload yet. */
export const Empty: Story = {
  play: async () => {
    const body = within(await dialog());
    await expect(body.getByText(/at most 50 files and 200 MB/)).toBeVisible();
    await expect(body.getByRole('button', { name: 'Upload' })).toBeDisabled();
  },
};

/** Files dragged over the drop zone: it lights up. */
export const Dropping: Story = {
  play: async () => {
    const body = within(await dialog());
    const zone = body.getByRole('region', { name: 'Files to upload' });
    fireEvent.dragOver(zone);
    await waitFor(() => expect(zone).toHaveAttribute('data-dragging', 'true'));
  },
};

/** Sent: the files are listed and the dialog says it is making the creatives. */
export const Uploading: Story = {
  play: async () => {
    onUpload.mockImplementation(() => new Promise<BulkUploadAnswer>(() => undefined));
    const body = within(await dialog());
    await choose(body);
    await userEvent.click(body.getByRole('button', { name: 'Upload 2 files' }));
    await expect(await body.findByRole('status')).toHaveTextContent(
      'Uploading 2 files and making the creatives',
    );
    await expect(body.getByRole('button', { name: 'Upload 2 files' })).toBeDisabled();
    await expect(onUpload.mock.calls[0]?.[0].map((file) => file.name)).toEqual(['spring.zip', 'teaser.mp4']);
  },
};

/** The summary: each creative made with its size and type, and the files refused with the reason. */
export const SummaryWithRefusals: Story = {
  play: async () => {
    const body = within(await dialog());
    await choose(body);
    await userEvent.click(body.getByRole('button', { name: 'Upload 2 files' }));
    await expect(await body.findByText('7 creatives made, 2 files refused.')).toBeVisible();
    const made = body.getByRole('table', { name: 'Creatives made' });
    await expect(within(made).getByText('billboard-html5')).toBeVisible();
    await expect(within(made).getByText('970×250')).toBeVisible();
    await expect(within(made).getByText('VAST (Video)')).toBeVisible();
    const refused = body.getByRole('region', { name: 'Files refused' });
    await expect(within(refused).getByText('readme.txt')).toBeVisible();
  },
};

/** A corrupt file makes nothing: the server's sentence names it, and the files can be sent again. */
export const NothingMade: Story = {
  play: async () => {
    onUpload.mockImplementation(async () => {
      throw new Error('Nothing was made. broken.png: the image cannot be read.');
    });
    const body = within(await dialog());
    await choose(body);
    await userEvent.click(body.getByRole('button', { name: 'Upload 2 files' }));
    await expect(await body.findByRole('alert')).toHaveTextContent(
      'Nothing was made. broken.png: the image cannot be read.',
    );
    await expect(body.getByRole('button', { name: 'Upload 2 files' })).toBeEnabled();
  },
};

export const Dark: Story = { ...SummaryWithRefusals, globals: { theme: 'dark' } };

/** On a 390 px phone: the drop zone and Upload fit the screen, nothing wider than it. */
export const PhoneEmpty: Story = {
  beforeEach: phoneViewport,
  play: async () => {
    const body = await dialog();
    await expect(within(body).getByRole('button', { name: 'Upload' })).toBeVisible();
    await expect(body.getBoundingClientRect().right).toBeLessThanOrEqual(window.innerWidth);
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};

/** On a 390 px phone: the summary's tables scroll inside the dialog, which stays within the screen. */
export const PhoneSummary: Story = {
  beforeEach: phoneViewport,
  play: async (context) => {
    await SummaryWithRefusals.play?.(context);
    const body = await dialog();
    await expect(body.getBoundingClientRect().right).toBeLessThanOrEqual(window.innerWidth);
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};
