import { defaultTimezone, reportingDatesOfDays, timezones } from '@adconsole/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { ReportingMenu, ScheduleFormPending } from './reporting-menu';

const now = new Date('2026-11-22T10:00:00Z');
const state = {
  dates: reportingDatesOfDays({ start: '2026-11-16', end: '2026-11-22' }),
  timezone: defaultTimezone,
  unit: 'day' as const,
  breakdown: 'site' as const,
};
const creatives = [
  { id: 'k1', name: 'Trail season banner', type: 'Banner', href: '/campaigns/c1/reporting/creative/k1' },
  { id: 'k2', name: 'Trail season pre-roll', type: 'VAST', href: '/campaigns/c1/reporting/creative/k2' },
];
const owner = {
  campaignID: 'c1',
  shareLinks: { tokens: [], onCreate: fn(), onRevoke: fn() },
  schedules: [
    {
      id: 's1',
      campaignID: 'c1',
      name: 'Weekly for the client',
      frequency: 'Weekly' as const,
      reportType: 'Summary' as const,
      format: 'pdf' as const,
      timezone: 'Europe/Berlin',
      recipients: ['client@agency.example'],
    },
  ],
  onSchedule: fn(async () => undefined),
  onDeleteSchedule: fn(async () => undefined),
  onSendNow: fn(async () => undefined),
};

const meta = {
  title: 'Console/Reporting/ReportingMenu',
  component: ReportingMenu,
  args: {
    state,
    onChange: fn(),
    now,
    flight: reportingDatesOfDays({ start: '2026-08-24', end: '2026-11-22' }),
    summaryHref: '/campaigns/c1/reporting',
    creatives,
    onExport: fn(),
    breakdownLabel: 'site',
    renderLink: ({ children, ...props }) => <a {...props}>{children}</a>,
    owner,
  },
  decorators: [(Story) => <div className="max-w-72">{Story()}</div>],
} satisfies Meta<typeof ReportingMenu>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The owner's menu: dates, zone, summary and creatives, export, share links and schedules. */
export const Owner: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'Campaign summary' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(canvas.getByRole('button', { name: 'Create share link' })).toBeVisible();
    await expect(canvas.getByText('1 scheduled for this campaign.')).toBeVisible();
    // The campaign's A/B tests, on its page (docs/reports.md, "A/B tests").
    await expect(
      canvas.getByRole('link', { name: "A/B tests of the campaign's placements" }),
    ).toHaveAttribute('href', expect.stringMatching(/^\/campaigns\/[^/]+#placements$/));
  },
};

/** On a share page: no share links or schedules; a creative's report is open. */
export const SharePage: Story = {
  args: { owner: undefined, flight: undefined, activeCreativeID: 'k2' },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('button', { name: 'Create share link' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Schedule report' })).toBeNull();
    await expect(canvas.queryByRole('link', { name: /A\/B tests/ })).toBeNull();
    await expect(canvas.getByRole('link', { name: /Trail season pre-roll/ })).toHaveAttribute(
      'aria-current',
      'page',
    );
  },
};

/** The campaign's flight is a preset; picking it reports from its first day to today. */
export const PickTheFlight: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Dates' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Campaign flight' }));
    const [change] = (args.onChange as ReturnType<typeof fn>).mock.calls[0] ?? [];
    await expect(change.dates.start.toISOString()).toBe('2026-08-24T00:01:00.000Z');
    await expect(change.dates.end.toISOString()).toBe('2026-11-22T23:59:59.000Z');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  },
};

/** The calendar's weekdays by name, as the open picker's first month has them. */
const weekdaysOfPicker = async (canvas: {
  getByRole: (role: string, options: { name: string }) => HTMLElement;
}) => {
  await userEvent.click(canvas.getByRole('button', { name: 'Dates' }));
  const dialog = await screen.findByRole('dialog', { name: 'Report dates' });
  const [grid] = await within(dialog).findAllByRole('grid');
  return [...(grid as HTMLElement).querySelectorAll('thead th')].map((header) =>
    header.getAttribute('aria-label'),
  );
};

/** A de-DE account: the calendar's weeks start on Monday (the domain's weekStartOf of its locale). */
export const DatesWeekFromMondayForGermany: Story = {
  parameters: { overlay: true },
  args: { locale: 'de-DE' },
  play: async ({ canvas }) => {
    const days = await weekdaysOfPicker(canvas);
    await expect(days[0]).toBe('Monday');
    await expect(days[6]).toBe('Sunday');
  },
};

/** An en-US account: the calendar's weeks start on Sunday. */
export const DatesWeekFromSundayForUS: Story = {
  parameters: { overlay: true },
  args: { locale: 'en-US' },
  play: async ({ canvas }) => {
    const days = await weekdaysOfPicker(canvas);
    await expect(days[0]).toBe('Sunday');
    await expect(days[6]).toBe('Saturday');
  },
};

/** The zone list is searchable by name, offset or code; +05:45 finds Kathmandu. */
export const PickAZone: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('combobox', { name: 'Timezone' }));
    await userEvent.keyboard('+05:45');
    await userEvent.click(await screen.findByRole('option', { name: /Kathmandu/ }));
    await expect(args.onChange).toHaveBeenCalledWith({
      timezone: timezones.find((zone) => zone.tzCode === 'Asia/Kathmandu'),
    });
  },
};

/** A link with only tz=+05:45 reads as that fixed offset, and the dropdown says so. */
export const FixedOffset: Story = {
  args: {
    state: { ...state, timezone: { label: '(GMT+05:45) Fixed offset', offset: '+05:45', tzCode: '' } },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('combobox', { name: 'Timezone' })).toHaveTextContent(
      '(GMT+05:45) Fixed offset',
    );
  },
};

/** The Video Quartiles switch is off for PDF, which the browser prints (docs/product.md §2). */
export const PdfHasNoVideoSwitch: Story = {
  play: async ({ canvas }) => {
    const form = canvas.getByRole('form', { name: 'Export report' });
    await userEvent.click(within(form).getByRole('combobox', { name: 'Download format' }));
    await userEvent.click(await screen.findByRole('option', { name: 'PDF' }));
    await expect(within(form).getByRole('switch', { name: 'Video Quartiles' })).toBeDisabled();
  },
};

/** The schedule dialog lists the campaign's schedules with Send now and Delete. */
export const ScheduleDialog: Story = {
  parameters: { overlay: true },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Schedule report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Schedule report' });
    // The form's code is fetched when the dialog opens (or its button is pointed at).
    await userEvent.click(
      await within(dialog).findByRole('button', { name: 'Send now: Weekly for the client' }),
    );
    await expect(args.owner?.onSendNow).toHaveBeenCalledWith('s1');
  },
};

/** The schedule dialog's body while its form's code arrives, the first time the dialog opens. */
export const ScheduleFormLoading: Story = {
  render: () => (
    <div className="max-w-xl rounded-lg border p-6">
      <ScheduleFormPending />
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status', { name: 'Loading the schedule form' })).toBeVisible();
  },
};

export const OwnerDark: Story = { ...Owner, globals: { theme: 'dark' } };
