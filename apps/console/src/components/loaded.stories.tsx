import { ApiError } from '@adconsole/domain';
import { Skeleton } from '@adconsole/ui';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Loaded } from './loaded';

interface Invitation {
  email: string;
}

const invitations: Invitation[] = [{ email: 'ana@partner.example' }, { email: 'ben@partner.example' }];

const meta = {
  title: 'Console/Loaded',
  component: Loaded<Invitation[]>,
  decorators: [(Story) => <div className="max-w-md p-6">{Story()}</div>],
  args: {
    data: invitations,
    errorText: 'The invitations could not be loaded.',
    loading: <Skeleton className="h-20" aria-label="Loading invitations" />,
    children: (list: Invitation[]) => (
      <ul aria-label="Open invitations" className="grid gap-1 text-sm">
        {list.map((invitation) => (
          <li key={invitation.email}>{invitation.email}</li>
        ))}
      </ul>
    ),
  },
} satisfies Meta<typeof Loaded<Invitation[]>>;
export default meta;
type Story = StoryObj<typeof meta>;

/** While it loads: the placeholder of its size, named for screen readers; no alert, no data. */
export const Loading: Story = {
  args: { data: undefined },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByLabelText('Loading invitations')).toBeVisible();
    await expect(canvas.queryByRole('alert')).toBeNull();
    await expect(canvas.queryByRole('list')).toBeNull();
  },
};

/** Loaded: what the screen makes of the data. */
export const WithData: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = canvas.getByRole('list', { name: 'Open invitations' });
    await expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    await expect(canvas.queryByLabelText('Loading invitations')).toBeNull();
  },
};

/** Failed with the server's own message: that message, in a danger alert, instead of the data. */
export const Failed: Story = {
  args: {
    data: undefined,
    error: new ApiError({ status: 403, code: 'forbidden', message: 'Only administrators see invitations.' }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('Only administrators see invitations.');
    await expect(canvas.queryByLabelText('Loading invitations')).toBeNull();
  },
};

/** Failed with nothing a user can read (a gateway's bare 502): the screen's own words. */
export const FailedWithoutMessage: Story = {
  args: { data: undefined, error: { status: 502 } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent(
      'The invitations could not be loaded.',
    );
  },
};

/** A refetch that failed while the data was at hand: the failure shows, not the stale data. */
export const FailedAfterLoading: Story = {
  args: { error: new TypeError('Failed to fetch') },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('Failed to fetch');
    await expect(canvas.queryByRole('list')).toBeNull();
  },
};

export const DarkFailed: Story = { ...Failed, globals: { theme: 'dark' } };
