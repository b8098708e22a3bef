import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { CopyField } from './copy-field';

const tag =
  '<ins class="adconsole" data-creative="cr_8f2k1" data-click="%%CLICK_URL_UNESC%%"></ins>\n<script async src="https://serve.example.com/init.js"></script>';

const meta = {
  title: 'UI/CopyField',
  component: CopyField,
  args: {
    label: 'Share link',
    value: 'https://console.example.com/share/3f9c2a7b81d64e0fa5c1b2d3e4f5a6b7',
    writeText: fn(async () => undefined),
    onCopied: fn(),
  },
  decorators: [(Story) => <div className="max-w-xl">{Story()}</div>],
} satisfies Meta<typeof CopyField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Copied: Story = {
  args: { copiedFor: 60_000 },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Copy share link' }));
    await expect(args.writeText).toHaveBeenCalledWith(args.value);
    await expect(args.onCopied).toHaveBeenCalledWith(args.value);
    const button = await canvas.findByRole('button', { name: 'Share link copied' });
    await expect(button).toHaveTextContent('Copied');
    button.blur();
  },
};

export const CopyFails: Story = {
  args: { writeText: fn(async () => Promise.reject(new Error('denied'))) },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Copy share link' }));
    await expect(
      await canvas.findByText('Could not copy. Select the text and copy it by hand.'),
    ).toBeVisible();
    canvas.getByRole('button').blur();
  },
};

export const AdTag: Story = {
  args: { label: 'Ad tag', value: tag, multiline: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'Ad tag' })).toHaveAttribute('readonly');
  },
};

export const Dark: Story = { ...Copied, globals: { theme: 'dark' } };
