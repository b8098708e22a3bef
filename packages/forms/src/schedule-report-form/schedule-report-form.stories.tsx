import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { ScheduleReportForm } from './schedule-report-form';

const scheduledReports = [
  {
    id: 'sr_1',
    campaignID: 'cmp_42',
    name: 'Weekly summary for the client',
    frequency: 'Weekly' as const,
    reportType: 'Summary' as const,
    format: 'pdf' as const,
    timezone: 'Europe/Berlin',
    recipients: ['client@agency.com', 'ada@example.com'],
  },
  {
    id: 'sr_2',
    campaignID: 'cmp_42',
    name: 'Final numbers',
    frequency: 'On campaign end' as const,
    reportType: 'Full' as const,
    format: 'xlsx-pivot' as const,
    timezone: 'UTC',
    recipients: ['finance@example.com'],
  },
];

const meta = {
  title: 'Forms/ScheduleReportForm',
  component: ScheduleReportForm,
  args: { campaignID: 'cmp_42', onSubmit: fn(), onDelete: fn() },
  decorators: [(Story) => <div className="max-w-lg">{Story()}</div>],
} satisfies Meta<typeof ScheduleReportForm>;

export default meta;
type Story = StoryObj<typeof meta>;

const filled = {
  name: 'Monthly full report',
  frequency: 'Monthly' as const,
  reportType: 'Full' as const,
  format: 'xlsx' as const,
  timezone: 'Europe/Berlin',
  recipients: ['client@agency.com', 'ada@example.com'],
};

export const Empty: Story = {};

export const Filled: Story = { args: { defaultValues: filled, scheduledReports } };

export const Pending: Story = {
  args: { defaultValues: filled, onSubmit: fn(() => new Promise<void>(() => {})) },
  play: async ({ canvas, args }) => {
    const button = canvas.getByRole('button', { name: 'Schedule report' });
    await userEvent.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-busy', 'true'));
    await expect(args.onSubmit).toHaveBeenCalledWith({ ...filled, campaignID: 'cmp_42', withVideo: false });
  },
};

export const ServerError: Story = {
  args: { defaultValues: filled, serverError: 'No data' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('No data');
  },
};

export const Success: Story = {
  args: { successMessage: 'Report scheduled.', scheduledReports },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Report scheduled.');
  },
};

export const DeleteSchedule: Story = {
  args: { scheduledReports, onDelete: fn(() => new Promise<void>(() => {})) },
  play: async ({ canvas, args }) => {
    const remove = canvas.getByRole('button', { name: 'Delete Final numbers' });
    await userEvent.click(remove);
    await expect(args.onDelete).toHaveBeenCalledWith('sr_2');
    await waitFor(() => expect(remove).toHaveAttribute('aria-busy', 'true'));
  },
};

/** "Send now" mails a schedule's last complete period at once; only the clicked schedule's button waits. */
export const SendNow: Story = {
  args: { scheduledReports, onSendNow: fn(() => new Promise<void>(() => {})) },
  play: async ({ canvas, args }) => {
    const send = canvas.getByRole('button', { name: 'Send now: Weekly summary for the client' });
    await userEvent.click(send);
    await expect(args.onSendNow).toHaveBeenCalledWith('sr_1');
    await waitFor(() => expect(send).toHaveAttribute('aria-busy', 'true'));
    await expect(canvas.getByRole('button', { name: 'Send now: Final numbers' })).not.toHaveAttribute(
      'aria-busy',
    );
  },
};

export const NameMissing: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.type(canvas.getByLabelText('Recipient 1'), 'client@agency.com');
    await userEvent.click(canvas.getByRole('button', { name: 'Schedule report' }));
    await expect(await canvas.findByText('Fill in the report name')).toBeVisible();
    await expect(canvas.getByLabelText('Report name')).toHaveAttribute('aria-invalid', 'true');
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const RecipientInvalid: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.type(canvas.getByLabelText('Report name'), 'Weekly summary');
    await userEvent.type(canvas.getByLabelText('Recipient 1'), 'client@agency.com');
    await userEvent.click(canvas.getByRole('button', { name: 'Add recipient' }));
    await userEvent.type(canvas.getByLabelText('Recipient 2'), 'not-an-email');
    await userEvent.click(canvas.getByRole('button', { name: 'Schedule report' }));
    await expect(await canvas.findByText('Each recipient must be an e-mail address')).toBeVisible();
    await expect(canvas.getByLabelText('Recipient 2')).toHaveAttribute('aria-invalid', 'true');
    await expect(canvas.getByLabelText('Recipient 2')).toHaveAccessibleDescription(
      'Each recipient must be an e-mail address',
    );
    await expect(canvas.getByLabelText('Recipient 1')).not.toHaveAttribute('aria-invalid');
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const NoRecipients: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.type(canvas.getByLabelText('Report name'), 'Weekly summary');
    await userEvent.click(canvas.getByRole('button', { name: 'Remove recipient 1' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Schedule report' }));
    await expect(await canvas.findByText('Add at least one recipient')).toBeVisible();
    await expect(canvas.getByRole('group', { name: 'Recipients' })).toHaveAccessibleDescription(
      'Add at least one recipient',
    );
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const KeyboardOnly: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.tab();
    await expect(canvas.getByLabelText('Report name')).toHaveFocus();
    await userEvent.keyboard('Monthly summary');
    await userEvent.tab();
    const frequency = canvas.getByRole('combobox', { name: 'Frequency' });
    await expect(frequency).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('listbox');
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(frequency).toHaveTextContent('Monthly'));
    await userEvent.tab(); // report type
    await userEvent.tab(); // format
    await userEvent.tab(); // timezone
    await userEvent.tab();
    await expect(canvas.getByLabelText('Recipient 1')).toHaveFocus();
    await userEvent.keyboard('client@agency.com');
    await userEvent.tab(); // remove
    await userEvent.tab(); // add recipient
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Schedule report' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() =>
      expect(args.onSubmit).toHaveBeenCalledWith({
        campaignID: 'cmp_42',
        name: 'Monthly summary',
        frequency: 'Monthly',
        reportType: 'Summary',
        format: 'pdf',
        timezone: 'UTC',
        recipients: ['client@agency.com'],
        withVideo: false,
      }),
    );
  },
};

/** Each recipient's state: the company's address confirmed, an outside one awaiting, one unsubscribed. */
const withStates = [
  {
    ...(scheduledReports[0] as (typeof scheduledReports)[number]),
    recipients: ['team@adconsole.test', 'client@agency.com', 'former@agency.com'],
    recipientStates: [
      { address: 'team@adconsole.test', state: 'confirmed' as const },
      { address: 'client@agency.com', state: 'awaiting' as const },
      { address: 'former@agency.com', state: 'unsubscribed' as const },
    ],
  },
];

export const RecipientStates: Story = {
  args: { scheduledReports: withStates, onSendNow: fn() },
  play: async ({ canvas }) => {
    const recipients = canvas.getByRole('list', { name: 'Recipients of Weekly summary for the client' });
    const rows = within(recipients).getAllByRole('listitem');
    await expect(rows.map((row) => row.textContent)).toEqual([
      'team@adconsole.testConfirmed',
      'client@agency.comAwaiting confirmation',
      'former@agency.comUnsubscribed',
    ]);
  },
};

export const RecipientStatesDark: Story = { ...RecipientStates, globals: { theme: 'dark' } };

/** At a phone's width (390 px less the dialog's margins): the states wrap under their addresses. */
export const RecipientStatesPhone: Story = {
  ...RecipientStates,
  decorators: [(Story) => <div className="w-[358px]">{Story()}</div>],
};

export const EmptyDark: Story = { ...Empty, globals: { theme: 'dark' } };
export const FilledDark: Story = { ...Filled, globals: { theme: 'dark' } };
export const RecipientInvalidDark: Story = { ...RecipientInvalid, globals: { theme: 'dark' } };
