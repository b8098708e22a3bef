import { ADVERTISER_MESSAGES, MESSAGES } from '@adconsole/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { MemoryRouter } from 'react-router-dom';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { advertisers } from './advertiser-fixtures';
import { AdvertisersView } from './advertiser-list';

const meta = {
  title: 'Console/Advertisers/AdvertisersView',
  component: AdvertisersView,
  args: { advertisers, onCreate: fn(async () => {}) },
  decorators: [
    (Story) => (
      <MemoryRouter>
        <Story />
      </MemoryRouter>
    ),
  ],
} satisfies Meta<typeof AdvertisersView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Named advertisers by name, Unassigned last: currency, campaigns with how many are live, billing contact. */
export const Full: Story = {
  play: async ({ canvas }) => {
    const table = canvas.getByRole('table', { name: 'Advertisers' });
    const rows = within(table).getAllByRole('row').slice(1);
    await expect(rows.map((row) => row.querySelector('a')?.textContent)).toEqual([
      'Contoso Drinks',
      'Northwind Outdoor',
      'Unassigned',
    ]);
    await expect(rows[1]).toHaveTextContent('USD');
    await expect(rows[1]).toHaveTextContent('2 live');
    await expect(rows[1]).toHaveTextContent('Dana Whitfield');
    await expect(canvas.getByRole('link', { name: 'Northwind Outdoor' })).toHaveAttribute(
      'href',
      '/advertisers/adv_northwind',
    );
    await expect(rows[2]).toHaveTextContent('Campaigns that name no advertiser');
  },
};

/** None yet: the empty state offers to create one. */
export const Empty: Story = {
  args: { advertisers: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('No advertisers yet')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Create an advertiser' })).toBeVisible();
  },
};

export const Loading: Story = {
  args: { advertisers: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText('Loading advertisers')).toBeVisible();
  },
};

export const Failed: Story = {
  args: { advertisers: undefined, error: new Error('') },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(ADVERTISER_MESSAGES.advertisersNotLoaded);
  },
};

/**
 * "New advertiser" with nothing named, a currency that is no ISO 4217 code and a broken e-mail: the
 * domain's messages under the fields, the name focused, nothing sent.
 */
export const NewAdvertiserErrors: Story = {
  parameters: { overlay: true },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'New advertiser' }));
    const dialog = await screen.findByRole('dialog', { name: 'New advertiser' });
    const currency = within(dialog).getByLabelText('Currency');
    await userEvent.clear(currency);
    await userEvent.type(currency, 'ABC');
    await userEvent.type(within(dialog).getByLabelText('Billing e-mail (optional)'), 'accounts@');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create advertiser' }));
    await expect(await within(dialog).findByText(ADVERTISER_MESSAGES.advertiserName)).toBeVisible();
    await expect(within(dialog).getByText(MESSAGES.rateCurrency)).toBeVisible();
    await expect(within(dialog).getByText(ADVERTISER_MESSAGES.advertiserBillingEmail)).toBeVisible();
    await waitFor(() => expect(within(dialog).getByLabelText('Name')).toHaveFocus());
    await expect(args.onCreate).not.toHaveBeenCalled();
  },
};

/** Made: the values as the domain reads them (the code in capitals, the empty billing name as none). */
export const NewAdvertiserCreated: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'New advertiser' }));
    const dialog = await screen.findByRole('dialog', { name: 'New advertiser' });
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Fabrikam Travel');
    const currency = within(dialog).getByLabelText('Currency');
    await userEvent.clear(currency);
    await userEvent.type(currency, 'gbp');
    await userEvent.type(within(dialog).getByLabelText('Billing e-mail (optional)'), 'ap@fabrikam.example');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create advertiser' }));
    await waitFor(() =>
      expect(args.onCreate).toHaveBeenCalledWith({
        name: 'Fabrikam Travel',
        currency: 'GBP',
        billingName: null,
        billingEmail: 'ap@fabrikam.example',
        notes: null,
        requiresApproval: false,
        clientSeesCosts: false,
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  },
};

/** A 390 px phone (the page's padding taken off): the table scrolls sideways inside its card. */
export const Phone: Story = {
  ...Full,
  decorators: [
    (Story) => (
      <div className="w-[358px]">
        <Story />
      </div>
    ),
  ],
};

export const FullDark: Story = { ...Full, globals: { theme: 'dark' } };

/** A client's list (docs/security.md, "Client access"): its advertisers, and no "New advertiser". */
export const ClientView: Story = {
  args: { onCreate: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'Northwind Outdoor' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'New advertiser' })).toBeNull();
  },
};
