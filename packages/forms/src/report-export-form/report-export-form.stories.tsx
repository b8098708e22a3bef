import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor } from 'storybook/test';
import { ReportExportForm } from './report-export-form';

const meta = {
  title: 'Forms/ReportExportForm',
  component: ReportExportForm,
  args: { onSubmit: fn() },
  decorators: [(Story) => <div className="max-w-xs">{Story()}</div>],
} satisfies Meta<typeof ReportExportForm>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('combobox', { name: 'Download format' })).toHaveTextContent('CSV');
    await expect(canvas.getByRole('switch', { name: 'Video Quartiles' })).not.toBeChecked();
  },
};

export const Filled: Story = { args: { defaultValues: { format: 'xlsx-pivot', withVideo: true } } };

export const PdfDisablesVideoQuartiles: Story = {
  args: { defaultValues: { format: 'xlsx', withVideo: true } },
  play: async ({ canvas, args }) => {
    const quartiles = canvas.getByRole('switch', { name: 'Video Quartiles' });
    await expect(quartiles).toBeEnabled();
    await userEvent.click(canvas.getByRole('combobox', { name: 'Download format' }));
    await userEvent.click(await screen.findByRole('option', { name: 'PDF' }));
    await waitFor(() => expect(quartiles).toBeDisabled());
    await expect(quartiles).not.toBeChecked();
    await expect(quartiles).toHaveAccessibleDescription('Not available in PDF.');
    await userEvent.click(canvas.getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(args.onSubmit).toHaveBeenCalledWith({ format: 'pdf', withVideo: false }));
  },
};

export const Pending: Story = {
  args: {
    defaultValues: { format: 'csv', withVideo: true },
    onSubmit: fn(() => new Promise<void>(() => {})),
  },
  play: async ({ canvas, args }) => {
    const button = canvas.getByRole('button', { name: 'Download' });
    await userEvent.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-busy', 'true'));
    await expect(args.onSubmit).toHaveBeenCalledWith({ format: 'csv', withVideo: true });
  },
};

export const ServerError: Story = {
  args: { serverError: "Couldn't receive reporting! Please try again." },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(
      "Couldn't receive reporting! Please try again.",
    );
  },
};

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Download' })).toBeDisabled();
  },
};

export const KeyboardOnly: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.tab();
    const format = canvas.getByRole('combobox', { name: 'Download format' });
    await expect(format).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('listbox');
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(format).toHaveTextContent('Excel'));
    await userEvent.tab();
    await expect(canvas.getByRole('switch', { name: 'Video Quartiles' })).toHaveFocus();
    await userEvent.keyboard(' ');
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(args.onSubmit).toHaveBeenCalledWith({ format: 'xlsx', withVideo: true }));
  },
};

/** The report page shows a breakdown: a switch, on by default, puts its tab's breakdown in the file. */
export const WithBreakdown: Story = {
  args: { breakdownLabel: 'country' },
  play: async ({ canvas, args }) => {
    const breakdown = canvas.getByRole('switch', { name: 'Breakdown by country' });
    await expect(breakdown).toBeChecked();
    await userEvent.click(canvas.getByRole('button', { name: 'Download' }));
    await waitFor(() =>
      expect(args.onSubmit).toHaveBeenCalledWith({ format: 'csv', withVideo: false, withBreakdown: true }),
    );
    await userEvent.click(breakdown);
    await expect(breakdown).not.toBeChecked();
    await userEvent.click(canvas.getByRole('button', { name: 'Download' }));
    await waitFor(() =>
      expect(args.onSubmit).toHaveBeenLastCalledWith({
        format: 'csv',
        withVideo: false,
        withBreakdown: false,
      }),
    );
  },
};

/** PDF prints the page, which shows the breakdown anyway: the switch stays on and says so. */
export const PdfPrintsTheBreakdown: Story = {
  args: { breakdownLabel: 'site', defaultValues: { format: 'pdf' } },
  play: async ({ canvas }) => {
    const breakdown = canvas.getByRole('switch', { name: 'Breakdown by site' });
    await expect(breakdown).toBeDisabled();
    await expect(breakdown).toBeChecked();
    await expect(breakdown).toHaveAccessibleDescription('The printed page shows it.');
  },
};

export const EmptyDark: Story = { ...Empty, globals: { theme: 'dark' } };
export const PdfDisablesVideoQuartilesDark: Story = {
  ...PdfDisablesVideoQuartiles,
  globals: { theme: 'dark' },
};
export const ServerErrorDark: Story = { ...ServerError, globals: { theme: 'dark' } };
export const WithBreakdownDark: Story = { ...WithBreakdown, globals: { theme: 'dark' } };
