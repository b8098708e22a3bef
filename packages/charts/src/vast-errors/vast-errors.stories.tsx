import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { VastErrorsTable } from './vast-errors';

const errors = [
  { code: 401, label: 'File not found: MediaFile URI unreachable', count: 1284 },
  { code: 303, label: 'No VAST response after one or more wrappers', count: 310 },
  { code: 403, label: 'No MediaFile the player supports', count: 52 },
  { code: 900, label: 'Undefined error', count: 7 },
];
const verificationNotExecuted = [
  { code: 2, label: 'Verification not supported', count: 41 },
  { code: 3, label: 'Error during resource load', count: 3 },
];

const meta = {
  title: 'Charts/VastErrorsTable',
  component: VastErrorsTable,
  args: { errors, verificationNotExecuted, locale: 'en-US' },
  decorators: [(Story) => <div className="max-w-3xl">{Story()}</div>],
} satisfies Meta<typeof VastErrorsTable>;

export default meta;
type Story = StoryObj<typeof meta>;

export const ErrorsAndVerifications: Story = {
  play: async ({ canvas }) => {
    const table = canvas.getByRole('table', { name: 'VAST errors by code' });
    const rows = within(table).getAllByRole('row');
    // Header, four codes (most first), the total.
    await expect(rows).toHaveLength(6);
    await expect(rows[1]).toHaveTextContent('401File not found: MediaFile URI unreachable1,284');
    await expect(rows.at(-1)).toHaveTextContent('All errors1,653');
    const verifications = canvas.getByRole('table', { name: 'Verifications not executed by reason' });
    await expect(
      within(verifications).getByRole('rowheader', { name: 'Verification not supported' }),
    ).toBeVisible();
  },
};

export const ErrorsOnly: Story = {
  args: {
    errors: [{ code: 402, label: 'Timeout of the MediaFile URI', count: 1 }],
    verificationNotExecuted: [],
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('rowheader', { name: 'Timeout of the MediaFile URI' })).toBeVisible();
    await expect(
      canvas.queryByRole('table', { name: 'Verifications not executed by reason' }),
    ).not.toBeInTheDocument();
  },
};

/** No error and no verification report: the table is not shown at all (the report hides its section). */
export const NoErrors: Story = {
  tags: ['no-visual'],
  args: { errors: [], verificationNotExecuted: [] },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('[data-slot="vast-errors"]')).toBeNull();
  },
};

const dark = { globals: { theme: 'dark' } } as const;
export const ErrorsAndVerificationsDark: Story = { ...ErrorsAndVerifications, ...dark };
export const ErrorsOnlyDark: Story = { ...ErrorsOnly, ...dark };
