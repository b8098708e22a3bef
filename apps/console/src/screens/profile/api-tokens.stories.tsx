import type { ApiToken, CreatedApiToken } from '@adconsole/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor } from 'storybook/test';
import { ApiTokens } from './api-tokens';

const owner = { id: '5f1c0a9e2b7d4c3a1e0f9b8d', email: 'ada@example.com' };
const tokens: ApiToken[] = [
  {
    id: '0b9c8d7e6f5a4b3c2d1e0f9a',
    name: 'Partner report screen',
    scopes: ['reports:read'],
    createdAt: '2026-11-20T09:15:00Z',
    lastUsedAt: '2026-11-22T08:01:00Z',
    owner,
  },
  {
    id: '1a2b3c4d5e6f7a8b9c0d1e2f',
    name: 'Trafficking script',
    scopes: ['campaigns:read', 'campaigns:write'],
    createdAt: '2026-10-02T14:12:00Z',
    lastUsedAt: null,
    owner,
  },
];
const created: CreatedApiToken = {
  id: '9f8e7d6c5b4a39281706f5e4',
  scopes: ['reports:read'],
  owner,
  name: 'BI export',
  createdAt: '2026-11-22T10:00:00Z',
  lastUsedAt: null,
  secret: 'adc_Vt1S8n2m2QmR3rO9eGmJ0y1b5Qh7uXo4cKx2aZp6LwE',
};

const meta = {
  title: 'Console/Profile/ApiTokens',
  component: ApiTokens,
  args: {
    tokens: [],
    onCreate: fn(async () => true),
    onDismissCreated: fn(),
    onRevoke: fn(),
    writeText: fn(async () => undefined),
  },
  decorators: [(Story) => <div className="max-w-2xl">{Story()}</div>],
} satisfies Meta<typeof ApiTokens>;

export default meta;
type Story = StoryObj<typeof meta>;

export const NoTokens: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText('No API tokens yet.')).toBeVisible();
  },
};

export const Loading: Story = {
  args: { tokens: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText('Loading your tokens')).toHaveAttribute('aria-busy', 'true');
  },
};

/** Each token with its scopes, when it was made and when it was last used; never its secret. */
export const WithTokens: Story = {
  args: { tokens },
  play: async ({ canvas }) => {
    const list = canvas.getByRole('list', { name: 'API tokens' });
    await expect(list).toHaveTextContent('Partner report screen');
    await expect(list).toHaveTextContent('last used 22 Nov 2026');
    await expect(list).toHaveTextContent('never used');
    await expect(list).toHaveTextContent('campaigns:write');
  },
};

/** Creating sends the name and the ticked scopes. */
export const Create: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.type(canvas.getByLabelText('Token name'), 'BI export');
    await userEvent.click(canvas.getByRole('button', { name: 'Create token' }));
    await expect(args.onCreate).toHaveBeenCalledWith({ name: 'BI export', scopes: ['reports:read'] });
  },
};

/** The secret, once: copied with the button, gone when dismissed (the page forgets it). */
export const CopyOnce: Story = {
  args: { tokens: [created, ...tokens], created },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('textbox', { name: 'New API token' })).toHaveValue(created.secret);
    await userEvent.click(canvas.getByRole('button', { name: 'Copy new api token' }));
    await expect(args.writeText).toHaveBeenCalledWith(created.secret);
    await userEvent.click(canvas.getByRole('button', { name: 'I have copied it' }));
    await expect(args.onDismissCreated).toHaveBeenCalled();
    // The list never shows a secret.
    await expect(canvas.getByRole('list', { name: 'API tokens' })).not.toHaveTextContent(created.secret);
    // "Copied" turns back to "Copy" after two seconds: the screenshot waits for it, however busy the machine.
    await waitFor(
      () => expect(canvas.getByRole('button', { name: 'Copy new api token' })).toHaveTextContent(/^Copy$/),
      { timeout: 5000 },
    );
  },
};

/** Revoking asks first; the token is revoked only on confirmation. */
export const Revoke: Story = {
  args: { tokens },
  parameters: { overlay: true },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Revoke Trafficking script' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Revoke “Trafficking script”?' });
    await expect(dialog).toHaveTextContent('Your other tokens keep working.');
    await userEvent.click(screen.getByRole('button', { name: 'Revoke token' }));
    await expect(args.onRevoke).toHaveBeenCalledWith(tokens[1]?.id);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  },
};

export const CreateRefused: Story = {
  args: { tokens, createError: 'You have 20 API tokens: revoke one before making another.' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('revoke one before making another');
  },
};

/** An admin may switch the list to everyone's tokens. */
export const AdminSwitchesToEveryone: Story = {
  args: { tokens, canListAll: true, onListAllChange: fn() },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('heading', { name: 'Your tokens' })).toBeVisible();
    await userEvent.click(canvas.getByRole('switch', { name: 'Show everyone’s tokens' }));
    await expect(args.onListAllChange).toHaveBeenCalledWith(true);
  },
};

/** Everyone's tokens name their owners; revoking one says whose it is. */
export const AdminEveryone: Story = {
  args: {
    tokens: [
      ...tokens,
      {
        ...tokens[0],
        id: '2b3c4d5e6f7a8b9c0d1e2f3a',
        name: 'Looker',
        owner: { id: 'x', email: 'grace@example.com' },
      },
    ] as ApiToken[],
    canListAll: true,
    listAll: true,
    onListAllChange: fn(),
  },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('heading', { name: 'Everyone’s tokens' })).toBeVisible();
    await expect(canvas.getByRole('switch', { name: 'Show everyone’s tokens' })).toBeChecked();
    await expect(canvas.getByRole('list', { name: 'API tokens' })).toHaveTextContent('grace@example.com');
    await userEvent.click(canvas.getByRole('button', { name: 'Revoke Looker of grace@example.com' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Revoke token' }));
    await expect(args.onRevoke).toHaveBeenCalledWith('2b3c4d5e6f7a8b9c0d1e2f3a');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  },
};

export const CopyOnceDark: Story = { args: { tokens, created }, globals: { theme: 'dark' } };
