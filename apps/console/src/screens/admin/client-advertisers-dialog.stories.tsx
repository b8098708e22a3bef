import type { UserListEntry } from '@adconsole/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { phoneViewport } from '../../../../../.storybook/phone-viewport';
import { ClientAdvertisersDialog } from './client-advertisers-dialog';

const client: UserListEntry = {
  id: 'u5',
  first_name: 'Cleo',
  last_name: 'Client',
  email: 'cleo@client.example',
  role: 'client',
  verified: true,
  lastLogin: null,
  advertiserIds: ['adv-1'],
};

const meta = {
  title: 'Console/Admin/ClientAdvertisersDialog',
  component: ClientAdvertisersDialog,
  parameters: { overlay: true },
  args: {
    user: client,
    advertisers: [
      { id: 'adv-1', name: 'Acme Shoes' },
      { id: 'adv-2', name: 'Bravo Travel' },
      { id: 'adv-3', name: 'Cosmo Drinks' },
    ],
    onClose: fn(),
    onSave: fn(),
  },
} satisfies Meta<typeof ClientAdvertisersDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The client's advertisers checked; another added and saved. */
export const ChangesAdvertisers: Story = {
  play: async ({ args }) => {
    const dialog = await screen.findByRole('dialog', { name: 'Advertisers of Cleo Client' });
    await expect(within(dialog).getByRole('checkbox', { name: 'Acme Shoes' })).toBeChecked();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Bravo Travel' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save advertisers' }));
    await expect(args.onSave).toHaveBeenCalledWith(expect.objectContaining({ id: 'u5' }), ['adv-1', 'adv-2']);
  },
};

/** At least one: a client without advertisers is refused before anything is sent. */
export const NoneChosen: Story = {
  play: async ({ args }) => {
    const dialog = await screen.findByRole('dialog', { name: 'Advertisers of Cleo Client' });
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Acme Shoes' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save advertisers' }));
    await expect(
      await within(dialog).findByText('Choose at least one advertiser for a client.'),
    ).toBeVisible();
    await expect(args.onSave).not.toHaveBeenCalled();
  },
};

/** On a 390 px phone: the advertisers and Save fit the screen. */
export const Phone: Story = {
  beforeEach: phoneViewport,
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Advertisers of Cleo Client' });
    await expect(within(dialog).getByRole('checkbox', { name: 'Cosmo Drinks' })).toBeVisible();
    await expect(within(dialog).getByRole('button', { name: 'Save advertisers' })).toBeVisible();
    await expect(dialog.getBoundingClientRect().right).toBeLessThanOrEqual(window.innerWidth);
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};
