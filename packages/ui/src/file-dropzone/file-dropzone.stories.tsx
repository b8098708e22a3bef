import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { FileDropzone } from './file-dropzone';

const MB = 1024 * 1024;
const file = (name: string, type: string, size: number) => new File([new Uint8Array(size)], name, { type });

const meta = {
  title: 'UI/FileDropzone',
  component: FileDropzone,
  args: {
    accept: ['image/png', 'image/jpeg', 'video/mp4'],
    maxSize: 2 * MB,
    onFilesAccepted: fn(),
    onFilesRejected: fn(),
  },
  decorators: [(Story) => <div className="max-w-md">{Story()}</div>],
} satisfies Meta<typeof FileDropzone>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const BrowseWithKeyboard: Story = {
  play: async ({ canvas, args, canvasElement }) => {
    const browse = canvas.getByRole('button', { name: 'Browse files' });
    await userEvent.tab();
    await expect(browse).toHaveFocus();
    await expect(browse).toHaveAccessibleDescription('Accepted: PNG, JPEG, MP4, up to 2 MB');
    const input = canvasElement.querySelector('input[type=file]') as HTMLInputElement;
    await userEvent.upload(input, file('main.mp4', 'video/mp4', 1000));
    await expect(args.onFilesAccepted).toHaveBeenCalledWith([expect.objectContaining({ name: 'main.mp4' })]);
    browse.blur();
  },
};

export const DropRejectsTypeAndSize: Story = {
  play: async ({ canvas, args }) => {
    const zone = canvas.getByRole('region', { name: 'Upload assets' });
    const data = new DataTransfer();
    data.items.add(file('notes.txt', 'text/plain', 10));
    data.items.add(file('huge.png', 'image/png', 3 * MB));
    data.items.add(file('banner.png', 'image/png', 100));
    zone.dispatchEvent(new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer: data }));
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent(
      'notes.txt is not an accepted file type. Accepted: PNG, JPEG, MP4.',
    );
    await expect(alert).toHaveTextContent('huge.png is 3 MB; the limit is 2 MB.');
    await expect(args.onFilesAccepted).toHaveBeenCalledWith([
      expect.objectContaining({ name: 'banner.png' }),
    ]);
    await expect(args.onFilesRejected).toHaveBeenCalledTimes(1);
  },
};

/** An app's own rule after type and size: here images may be 1 MB while video may be 2 MB. */
export const RuleOfTheApp: Story = {
  args: {
    hint: 'Images up to 1 MB, MP4 video up to 2 MB',
    validate: (candidate: File) =>
      candidate.type.startsWith('image/') && candidate.size > MB
        ? `${candidate.name} is too large: images can be at most 1 MB.`
        : undefined,
  },
  play: async ({ canvas, args }) => {
    const browse = canvas.getByRole('button', { name: 'Browse files' });
    await expect(browse).toHaveAccessibleDescription('Images up to 1 MB, MP4 video up to 2 MB');
    const zone = canvas.getByRole('region', { name: 'Upload assets' });
    const data = new DataTransfer();
    data.items.add(file('photo.png', 'image/png', 1.5 * MB));
    data.items.add(file('clip.mp4', 'video/mp4', 1.5 * MB));
    zone.dispatchEvent(new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer: data }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'photo.png is too large: images can be at most 1 MB.',
    );
    await expect(args.onFilesAccepted).toHaveBeenCalledWith([expect.objectContaining({ name: 'clip.mp4' })]);
  },
};

export const UploadProgress: Story = {
  args: {
    files: [
      { id: '1', name: 'main.mp4', size: 1.4 * MB, progress: 64 },
      { id: '2', name: 'poster.jpg', size: 220_000, done: true },
      { id: '3', name: 'endcard.png', size: 90_000, error: 'Incorrect campaign or creative!' },
    ],
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('progressbar', { name: 'Uploading main.mp4' })).toHaveAttribute(
      'aria-valuenow',
      '64',
    );
  },
};

export const Disabled: Story = { args: { disabled: true } };
export const Dark: Story = { ...UploadProgress, globals: { theme: 'dark' } };
