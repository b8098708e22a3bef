import type { PreviewLink } from '@adconsole/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor } from 'storybook/test';
import { PreviewLinksPanel } from './preview-links';

const link = (token: string, expiresAt: string, creativeID: string | null = 'crv_7'): PreviewLink => ({
  token,
  url: `https://console.adconsole.test/preview/${token}`,
  campaignID: 'cmp_42',
  creativeID,
  createdAt: '2026-11-29T10:00:00.000Z',
  expiresAt,
});

const meta = {
  title: 'Console/Approval/PreviewLinksPanel',
  component: PreviewLinksPanel,
  args: { links: [], ofCreative: true, onCreate: fn(), onRevoke: fn() },
  decorators: [(Story) => <div className="max-w-xl">{Story()}</div>],
} satisfies Meta<typeof PreviewLinksPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

/** No link yet: 30 days unless another expiry is chosen. */
export const Empty: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByText('No working preview link.')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Create preview link' }));
    await expect(args.onCreate).toHaveBeenCalledWith(30);
  },
};

/** Working links with their expiry, each copied or revoked after a confirmation. */
export const WithLinks: Story = {
  args: {
    links: [
      link('Vt1S8nQ2x9dKq0pLmZr4aB7cD5eF6gH8iJ0kL1mN2oP', '2026-12-29T10:00:00.000Z'),
      link('aZp6LwE3r5tY7uI9oP1aS3dF5gH7jK9lZ1xC3vB5nM7', '2027-02-27T10:00:00.000Z', null),
    ],
  },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByText('Expires 29 Dec 2026')).toBeVisible();
    await expect(canvas.getByText(/Every creative of the campaign\./)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Revoke Preview link 1' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Revoke link' }));
    await waitFor(() =>
      expect(args.onRevoke).toHaveBeenCalledWith('Vt1S8nQ2x9dKq0pLmZr4aB7cD5eF6gH8iJ0kL1mN2oP'),
    );
  },
};

/** The campaign page's card: links to every creative. */
export const OfCampaign: Story = {
  args: { ofCreative: false },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/shows the campaign's creatives at their size/)).toBeVisible();
  },
};
