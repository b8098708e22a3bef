import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { BucketPicker } from './bucket-picker';

const meta = {
  title: 'Console/File manager/Bucket picker',
  component: BucketPicker,
  args: {
    buckets: ['media', 'archive', 'exports', 'campaign-assets'],
    remembered: ['exports', 'archive'],
    region: 'us-east-1',
    value: 'exports',
    onChange: fn(),
  },
} satisfies Meta<typeof BucketPicker>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The remembered choice is shown, in the deployment's region named by its preset. */
export const SeveralBuckets: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('combobox', { name: 'Bucket' })).toHaveTextContent('exports');
    await expect(canvas.getByText('Region US (us-east-1)', { exact: true })).toBeVisible();
  },
};

/** Open: the remembered buckets first (most recent first), then the others in the deployment order. */
export const RememberedFirst: Story = {
  parameters: { overlay: true },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('combobox', { name: 'Bucket' }));
    const listbox = await screen.findByRole('listbox');
    await waitFor(() => expect(listbox).toBeVisible());
    await expect(
      within(listbox)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['exports', 'archive', 'media', 'campaign-assets']);
    await expect(within(listbox).getByRole('option', { name: 'exports' })).toHaveAttribute(
      'data-state',
      'checked',
    );
    await expect(within(listbox).getByText('Recently used', { exact: true })).toBeVisible();
  },
};

/** Choosing a bucket hands it to the page, which remembers it in the persisted settings. */
export const Choose: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('combobox', { name: 'Bucket' }));
    await userEvent.click(await screen.findByRole('option', { name: 'campaign-assets' }));
    await expect(args.onChange).toHaveBeenCalledWith('campaign-assets');
  },
};

/** Nothing chosen yet, in the Asia-Pacific preset's region: the deployment's order, no groups. */
export const AsiaPacificFirstVisit: Story = {
  parameters: { overlay: true },
  args: { remembered: [], region: 'ap-southeast-1', value: 'media' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Region Asia-Pacific (ap-southeast-1)', { exact: true })).toBeVisible();
    await userEvent.click(canvas.getByRole('combobox', { name: 'Bucket' }));
    const listbox = await screen.findByRole('listbox');
    await waitFor(() => expect(listbox).toBeVisible());
    await expect(
      within(listbox)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['media', 'archive', 'exports', 'campaign-assets']);
    await expect(within(listbox).queryByText('Recently used', { exact: true })).toBeNull();
  },
};

export const SeveralBucketsDark: Story = { globals: { theme: 'dark' } };
