import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import { CampaignForm } from './campaign-form';

const meta = {
  title: 'Forms/CampaignForm',
  component: CampaignForm,
  args: { onSubmit: fn() },
  decorators: [(Story) => <div className="max-w-md">{Story()}</div>],
} satisfies Meta<typeof CampaignForm>;

export default meta;
type Story = StoryObj<typeof meta>;

const campaign = {
  id: 'cmp_42',
  name: 'Spring sale 2026 — EMEA display',
  data: { start: { date: '2026-03-01' }, end: { date: '2026-03-31' }, advertiser: 'Northwind Outdoor' },
};

export const Empty: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Create campaign' })).toBeEnabled();
  },
};

export const Filled: Story = {
  args: { defaultValues: campaign },
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText('Campaign ID')).toHaveValue('cmp_42');
    await expect(canvas.getByLabelText('Start date')).toHaveValue('2026-03-01');
    await expect(canvas.getByLabelText('Advertiser')).toHaveValue('Northwind Outdoor');
    // A campaign that names no timezone reads its dates in UTC.
    await expect(canvas.getByLabelText('Timezone of the dates')).toHaveTextContent('UTC');
  },
};

export const InTokyo: Story = {
  args: { defaultValues: { ...campaign, data: { ...campaign.data, timezone: 'Asia/Tokyo' } } },
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText('Timezone of the dates')).toHaveTextContent('Tokyo, Osaka');
  },
};

export const Pending: Story = {
  args: { defaultValues: campaign, onSubmit: fn(() => new Promise<void>(() => {})) },
  play: async ({ canvas, args }) => {
    const button = canvas.getByRole('button', { name: 'Save campaign' });
    await userEvent.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-busy', 'true'));
    await expect(args.onSubmit).toHaveBeenCalledWith(campaign);
  },
};

export const ServerError: Story = {
  args: { defaultValues: campaign, serverError: 'Campaign not found!' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Campaign not found!');
  },
};

export const Success: Story = {
  args: { defaultValues: campaign, successMessage: 'Campaign saved.' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Campaign saved.');
  },
};

export const NameMissing: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.type(canvas.getByLabelText('Campaign name'), '   ');
    await userEvent.click(canvas.getByRole('button', { name: 'Create campaign' }));
    await expect(await canvas.findByText('Fill in the campaign name')).toBeVisible();
    await expect(canvas.getByLabelText('Campaign name')).toHaveAttribute('aria-invalid', 'true');
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const NameTooLong: Story = {
  args: { defaultValues: { name: 'Spring sale '.repeat(17) } },
  play: async ({ canvas, args }) => {
    await userEvent.type(canvas.getByLabelText('Campaign name'), 'and more');
    await userEvent.click(canvas.getByRole('button', { name: 'Create campaign' }));
    await expect(await canvas.findByText('Campaign name is too long (200 characters at most)')).toBeVisible();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const KeyboardOnly: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.tab();
    await expect(canvas.getByLabelText('Campaign name')).toHaveFocus();
    await userEvent.keyboard('Summer launch');
    await userEvent.tab();
    await expect(canvas.getByLabelText('Advertiser')).toHaveFocus();
    await userEvent.keyboard('Contoso Drinks');
    await userEvent.tab();
    await expect(canvas.getByLabelText('Start date')).toHaveFocus();
    await userEvent.keyboard('2026-06-01');
    await userEvent.tab();
    await userEvent.keyboard('2026-06-30');
    await userEvent.tab();
    await expect(canvas.getByLabelText('Timezone of the dates')).toHaveFocus();
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Create campaign' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() =>
      expect(args.onSubmit).toHaveBeenCalledWith({
        name: 'Summer launch',
        data: { start: { date: '2026-06-01' }, end: { date: '2026-06-30' }, advertiser: 'Contoso Drinks' },
      }),
    );
  },
};

export const EndBeforeStart: Story = {
  args: {
    defaultValues: {
      name: 'Spring sale 2026',
      data: { start: { date: '2026-03-10' }, end: { date: '2026-03-01' } },
    },
  },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Create campaign' }));
    await expect(await canvas.findByText('The end date must be on or after the start date')).toBeVisible();
    await expect(canvas.getByLabelText('End date')).toHaveAttribute('aria-invalid', 'true');
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const AdvertiserTooLong: Story = {
  args: {
    defaultValues: { name: 'Spring sale 2026', data: { advertiser: 'Northwind Outdoor '.repeat(12) } },
  },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Create campaign' }));
    await expect(await canvas.findByText('Advertiser is too long (200 characters at most)')).toBeVisible();
    await expect(canvas.getByLabelText('Advertiser')).toHaveAttribute('aria-invalid', 'true');
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const EmptyDark: Story = { ...Empty, globals: { theme: 'dark' } };
export const FilledDark: Story = { ...Filled, globals: { theme: 'dark' } };
export const NameMissingDark: Story = { ...NameMissing, globals: { theme: 'dark' } };
