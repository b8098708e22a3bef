// The Duplicate campaign dialog (docs/product.md §4, "Duplicating a campaign"): the copy rule's name and,
// for a campaign that has started, today with the flight's length; the dates checked as a campaign's are.
import { campaignSchema } from '@adconsole/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { DuplicateCampaignDialog } from './duplicate-campaign-dialog';

const NOW = new Date('2026-11-29T10:00:00Z');

/** Running since 1 November (30 days), in Berlin. */
const running = campaignSchema.parse({
  id: 'cmp_42',
  name: 'Winter sale',
  data: {
    impressions: 90_000,
    engagement: 0,
    clicks: 0,
    start: { date: '2026-11-01' },
    end: { date: '2026-11-30' },
    timezone: 'Europe/Berlin',
    goal: { metric: 'impressions', amount: 250_000 },
  },
});

const onDuplicate = fn(async (_copy: { name: string; start: string | null; end: string | null }) => ({}));
const onOpenChange = fn();

const meta = {
  title: 'Console/Campaigns/DuplicateCampaignDialog',
  component: DuplicateCampaignDialog,
  parameters: { overlay: true },
  args: { campaign: running, open: true, onOpenChange, onDuplicate, now: NOW },
  beforeEach: () => {
    onDuplicate.mockClear();
    onDuplicate.mockImplementation(async () => ({}));
    onOpenChange.mockClear();
  },
} satisfies Meta<typeof DuplicateCampaignDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

const dialog = () => screen.findByRole('dialog', { name: 'Duplicate Winter sale' });

/** A running campaign's copy: "Winter sale (Copy)", from today for the same 30 days. */
export const StartedCampaign: Story = {
  play: async () => {
    const body = within(await dialog());
    await expect(body.getByLabelText('Name of the copy')).toHaveValue('Winter sale (Copy)');
    await expect(body.getByLabelText('Start date')).toHaveValue('2026-11-29');
    await expect(body.getByLabelText('End date')).toHaveValue('2026-12-28');
    await expect(
      body.getByText("In the campaign's timezone (Europe/Berlin), which the copy keeps."),
    ).toBeVisible();
    await userEvent.click(body.getByRole('button', { name: 'Duplicate campaign' }));
    await waitFor(() =>
      expect(onDuplicate).toHaveBeenCalledWith({
        name: 'Winter sale (Copy)',
        start: '2026-11-29',
        end: '2026-12-28',
      }),
    );
  },
};

/** A campaign not started yet keeps its days. */
export const ScheduledCampaign: Story = {
  args: {
    campaign: {
      ...running,
      data: { ...running.data, start: { date: '2027-01-04' }, end: { date: '2027-01-31' } },
    },
  },
  play: async () => {
    const body = within(await dialog());
    await expect(body.getByLabelText('Start date')).toHaveValue('2027-01-04');
    await expect(body.getByLabelText('End date')).toHaveValue('2027-01-31');
  },
};

/** An end before the start, and no name: refused in the form, nothing sent. */
export const BadDates: Story = {
  play: async () => {
    const body = within(await dialog());
    await userEvent.clear(body.getByLabelText('Name of the copy'));
    await userEvent.clear(body.getByLabelText('End date'));
    await userEvent.type(body.getByLabelText('End date'), '2026-11-20');
    await userEvent.click(body.getByRole('button', { name: 'Duplicate campaign' }));
    await expect(await body.findByText('The end date must be on or after the start date')).toBeVisible();
    await expect(body.getByText('Fill in the campaign name')).toBeVisible();
    await expect(onDuplicate).not.toHaveBeenCalled();
  },
};

/** The server's refusal shows in the dialog, which stays open. */
export const Refused: Story = {
  play: async () => {
    onDuplicate.mockImplementation(async () => {
      throw new Error(
        'end: A flight runs at most 3,660 days (ten years): choose an earlier end date, or leave the end open',
      );
    });
    const body = within(await dialog());
    await userEvent.click(body.getByRole('button', { name: 'Duplicate campaign' }));
    await expect(await body.findByRole('alert')).toHaveTextContent('A flight runs at most 3,660 days');
  },
};

export const Dark: Story = { ...StartedCampaign, globals: { theme: 'dark' } };
