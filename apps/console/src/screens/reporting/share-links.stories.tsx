import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { ShareLinks } from './share-links';

const now = new Date('2026-11-22T10:00:00Z');
const tokens = [
  {
    url: 'https://console.example/share/Vt1S8n2m2QmR3rO9eGmJ0y1b5Qh7uXo4cKx2aZp6LwE',
    token: 'Vt1S8n2m2QmR3rO9eGmJ0y1b5Qh7uXo4cKx2aZp6LwE',
    createdAt: '2026-11-22T09:58:00Z',
    expiresAt: '2026-12-22T09:58:00Z',
    includeCosts: false,
  },
  {
    url: 'https://console.example/share/p0Qw8rL3nB7tK2yZ5xC9vM4hJ6gF1dS8aE3uI0oP2lR',
    token: 'p0Qw8rL3nB7tK2yZ5xC9vM4hJ6gF1dS8aE3uI0oP2lR',
    createdAt: '2026-10-02T14:12:00Z',
    expiresAt: null,
    includeCosts: true,
  },
];

const meta = {
  title: 'Console/Reporting/ShareLinks',
  component: ShareLinks,
  args: { tokens: [], onCreate: fn(), onRevoke: fn(), now, writeText: fn(async () => undefined) },
  decorators: [(Story) => <div className="max-w-xs">{Story()}</div>],
} satisfies Meta<typeof ShareLinks>;

export default meta;
type Story = StoryObj<typeof meta>;

export const NoLinks: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText('No share links yet.')).toBeVisible();
  },
};

/** A link for 30 days: the expiry is sent as a time 30 days from now; the costs are left out unless asked. */
export const CreateForThirtyDays: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('checkbox', { name: 'Include costs' })).not.toBeChecked();
    await userEvent.click(canvas.getByRole('combobox', { name: 'Link works' }));
    await userEvent.click(await screen.findByRole('option', { name: 'For 30 days' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Create share link' }));
    await expect(args.onCreate).toHaveBeenCalledWith({
      expiresAt: '2026-12-22T10:00:00.000Z',
      includeCosts: false,
    });
  },
};

/** "Include costs" ticked: the link's report shows spend, effective costs, conversion value and ROAS. */
export const CreateWithCosts: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('checkbox', { name: 'Include costs' })).toHaveAccessibleDescription(
      'Spend, eCPM, eCPC, conversion value and ROAS. Off: the link shows none of them.',
    );
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Include costs' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Create share link' }));
    await expect(args.onCreate).toHaveBeenCalledWith({ expiresAt: null, includeCosts: true });
  },
};

/** Generating the link shows a loading state (docs/product.md §4). */
export const Creating: Story = {
  args: { creating: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Create share link' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
  },
};

/**
 * Each link shows by its token, its end in view however narrow the menu (a field cut at its width showed
 * every link as "https://console.example/sha"); the whole link is its title, opens the report and is
 * what Copy copies.
 */
export const WithLinks: Story = {
  args: { tokens },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByText(/expires 22 Dec 2026, .*, without costs/)).toBeVisible();
    await expect(canvas.getByText(/works until revoked, with costs$/)).toBeVisible();
    const list = canvas.getByRole('list', { name: 'Share links' });
    // The links and their Copy buttons keep to the menu's width (the decorator's 20rem): the links'
    // middle gives way, not the menu.
    await expect(list.getBoundingClientRect().width).toBeLessThanOrEqual(320);
    for (const copy of within(list).getAllByRole('button', { name: /^Copy / }))
      await expect(copy.getBoundingClientRect().right).toBeLessThanOrEqual(
        list.getBoundingClientRect().right,
      );
    const [newest, second] = within(list).getAllByRole('listitem');
    for (const [item, token] of [
      [newest, tokens[0]],
      [second, tokens[1]],
    ] as const) {
      const link = within(item as HTMLElement).getByRole('link', { name: /share link/i });
      await expect(link).toHaveAttribute('href', token?.url);
      await expect(link).toHaveAttribute('title', token?.url);
      await expect(link).toHaveAttribute('target', '_blank');
      // The token's last six characters are inside the field, not cut off.
      const end = within(link).getByText(token?.token?.slice(-6) ?? '');
      const box = link.getBoundingClientRect();
      await expect(end.getBoundingClientRect().right).toBeLessThanOrEqual(box.right);
      await expect(within(link).getByText(/^…\/share\//)).toBeVisible();
    }
    await userEvent.click(canvas.getByRole('button', { name: 'Copy share link 2' }));
    await expect(args.writeText).toHaveBeenCalledWith(tokens[1]?.url);
    const copied = await canvas.findByRole('button', { name: 'Share link 2 copied' });
    await expect(copied).toHaveTextContent('Copied');
    // "Copied" gives way to "Copy" after 2 s: wait for it, so the screenshot never depends on timing.
    await canvas.findByRole('button', { name: 'Copy share link 2' }, { timeout: 5000 });
    copied.blur();
  },
};

/** The clipboard refused: the message says to copy the link's address from its own menu. */
export const CopyFails: Story = {
  args: { tokens, writeText: fn(async () => Promise.reject(new Error('denied'))) },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Copy newest share link' }));
    await expect(
      await canvas.findByText(
        "Could not copy. Copy the link's address from its menu (right-click or long press).",
      ),
    ).toBeVisible();
    canvas.getByRole('button', { name: 'Copy newest share link' }).blur();
  },
};

/**
 * The report's answer lists the links oldest first (a list fetched again after a link was made): the
 * newest is still the first, labelled so, and its Revoke revokes it.
 */
export const OldestFirstFromTheServer: Story = {
  args: { tokens: [...tokens].reverse() },
  parameters: { overlay: true },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('link', { name: /^Newest share link: / })).toHaveAttribute(
      'href',
      tokens[0]?.url,
    );
    await expect(canvas.getByRole('link', { name: /^Share link 2: / })).toHaveAttribute(
      'href',
      tokens[1]?.url,
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Revoke the newest share link' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Revoke link' }));
    await expect(args.onRevoke).toHaveBeenCalledWith(tokens[0]?.token);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    // The closed dialog gives focus back to its Revoke button: a ring a loaded machine draws or not yet.
    await waitFor(() => expect(document.activeElement).not.toBe(document.body));
    (document.activeElement as HTMLElement | null)?.blur();
  },
};

/** Revoking asks first; the link is revoked only on confirmation. */
export const Revoke: Story = {
  args: { tokens },
  parameters: { overlay: true },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Revoke share link 2' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Revoke share link 2?' });
    await expect(dialog).toHaveTextContent('Other share links keep working.');
    await userEvent.click(screen.getByRole('button', { name: 'Revoke link' }));
    await expect(args.onRevoke).toHaveBeenCalledWith(tokens[1]?.token);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  },
};

export const WithLinksDark: Story = { ...WithLinks, globals: { theme: 'dark' } };
