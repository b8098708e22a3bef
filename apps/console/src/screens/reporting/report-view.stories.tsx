import {
  makeReport,
  noIdentityReach,
  oneWeekBreakdowns,
  oneWeekFrequency,
  oneWeekNotServed,
  oneWeekReach,
  oneWeekReport,
  oneWeekReportWithConversionsAndSpend,
  oneWeekReportWithInvalidTraffic,
  oneWeekReportWithVastErrors,
  previousWeekReport,
  siteBreakdownWithConversionsAndSpend,
  zeroReport,
} from '@adconsole/charts/fixtures';
import { breakdownWithoutCosts, reportWithoutCosts } from '@adconsole/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import type { ReportBreakdownProps } from './report-breakdown';
import { loadAllReportCode } from './report-code';
import { ReportView } from './report-view';
import { ReportingBar } from './reporting-bar';
import { ReportingLayout } from './reporting-layout';
import { ReportingMenu } from './reporting-menu';

const bannerWeek = makeReport({
  seed: 3,
  start: '2026-11-16',
  days: 7,
  creatives: 3,
  campaignName: 'Winter sale',
});
const bannerPrevious = makeReport({ seed: 2, start: '2026-11-09', days: 7, creatives: 3 });
const emptyCampaign = { ...zeroReport, creatives: [], campaignName: 'Spring launch' };
/** The Breakdown section as the page fills it: the chosen tab's breakdown, here. */
const breakdownOf = (
  dimension: ReportBreakdownProps['dimension'],
): Omit<ReportBreakdownProps, 'charts' | 'printing' | 'printWidth' | 'locale'> => ({
  dimension,
  onDimensionChange: fn(),
  status: 'ready',
  breakdown: oneWeekBreakdowns[dimension],
});
const oneDay = makeReport({ seed: 1, start: '2026-11-18', days: 1, granularity: 'hour', creatives: 2 });

const meta = {
  title: 'Console/Reporting/ReportView',
  component: ReportView,
  args: {
    status: 'ready',
    report: oneWeekReport,
    previous: previousWeekReport.totals,
    previousDays: { start: previousWeekReport.start, end: previousWeekReport.end },
    title: 'Campaign summary',
    zoneLabel: '(GMT+00:00) UTC',
    unit: 'day',
    onUnitChange: fn(),
    hourlyAllowed: true,
    scope: 'campaign',
    creativeHref: (creative) => `/campaigns/c1/reporting/creative/${creative.id}`,
    locale: 'en-US',
  },
  // The charts' code is in place before each story renders, so a snapshot shows the charts drawn.
  loaders: [
    async () => {
      await loadAllReportCode();
      return {};
    },
  ],
  parameters: {
    docs: {
      description: {
        component:
          "The reporting page's main area: KPI tiles against the period before, the performance chart by day or hour, video quartiles when the campaign has video, the creatives' shares, the report table and the hour-of-week heatmap. The charts' own states have their stories in Charts/*.",
      },
    },
  },
} satisfies Meta<typeof ReportView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A week of a campaign with video: every section, the tiles compared with the week before. */
export const WithVideo: Story = {
  args: { breakdown: breakdownOf('site') },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Campaign summary', level: 1 })).toBeVisible();
    await expect(canvas.getByRole('heading', { name: 'Breakdown' })).toBeVisible();
    await expect(canvas.getByRole('table', { name: 'Report by site' })).toBeVisible();
    await expect(canvas.getByRole('heading', { name: 'Video quartiles' })).toBeVisible();
    await expect(canvas.getByRole('heading', { name: 'Creatives' })).toBeVisible();
    await expect(canvas.getByText('Changes compared with 9 Nov 2026 – 15 Nov 2026.')).toBeVisible();
    // Whole days (read the day after the last): nothing is said to be so far.
    await expect(canvas.queryByText(/Today is not over/)).not.toBeInTheDocument();
    await expect(canvas.getAllByRole('term').map((term) => term.textContent)).toContain('Completion rate');
    // No invalid traffic and no VAST error in this range: no panel for either.
    await expect(
      canvas.queryByRole('heading', { name: 'Invalid traffic (filtered)' }),
    ).not.toBeInTheDocument();
    await expect(canvas.queryByRole('heading', { name: 'VAST errors' })).not.toBeInTheDocument();
  },
};

/**
 * A range that holds today (read at 15:30 on its last day, in its zone): the tiles are so far, and the
 * note says so, so a fall against the whole week before is read as the day not over.
 */
export const TodayNotOver: Story = {
  args: { report: { ...oneWeekReport, dataPulledAt: `${oneWeekReport.end}T15:30:00.000Z` } },
  play: async ({ canvasElement }) => {
    const note = canvasElement.querySelector('[data-slot="report-comparison"]');
    await expect(note).toHaveTextContent(
      'Changes compared with 9 Nov 2026 – 15 Nov 2026. Today is not over: its figures are so far, so a change against the whole days before reads low.',
    );
  },
};

/** Invalid traffic was filtered: its panel lists it by reason, and no other figure counts it. */
export const WithInvalidTraffic: Story = {
  args: { report: oneWeekReportWithInvalidTraffic },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Invalid traffic (filtered)' })).toBeVisible();
    const table = canvas.getByRole('table', { name: 'Invalid traffic by reason' });
    await expect(
      within(table).getByRole('rowheader', { name: 'Known bot, crawler or link preview' }),
    ).toBeVisible();
    await expect(canvas.getByText(/24,017 impressions and 192 clicks were filtered/)).toBeVisible();
  },
};

/**
 * The campaign's tags had ad requests its rules (or its flight) refused: "Requests not served, by reason"
 * lists them, most first, requests = served + each reason. A share link's reader sees the same panel.
 */
export const WithRequestsNotServed: Story = {
  args: { report: { ...oneWeekReport, notServed: oneWeekNotServed } },
  render: (args) => (
    <ReportingLayout rail={shareMenu()}>
      <ReportView {...args} />
    </ReportingLayout>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Requests not served, by reason' })).toBeVisible();
    const table = canvas.getByRole('table', { name: 'Requests not served by reason' });
    await expect(within(table).getByRole('rowheader', { name: 'Country' })).toBeVisible();
    await expect(canvas.getByText(/1,052,684 ad requests: 783,518 served/)).toBeVisible();
  },
};

/**
 * The campaign has frequency caps: the "Frequency" card, next to the requests not served, shows how many
 * browsers had 1, 2 ... 10 or more of its ads in a day on each site, and the average.
 */
export const WithFrequency: Story = {
  args: { report: { ...oneWeekReport, notServed: oneWeekNotServed, frequency: oneWeekFrequency } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Frequency' })).toBeVisible();
    await expect(
      canvas.getByText('48,200 browsers saw 2.1 ads on average (per browser on each site, per day).'),
    ).toBeVisible();
  },
};

/**
 * Ads with an identity were served: the "Reach" card, after Frequency, with its curve by day; here as a
 * share link's reader sees it (the share page draws the same view).
 */
export const WithReach: Story = {
  args: { report: { ...oneWeekReport, reach: oneWeekReach } },
  render: (args) => (
    <ReportingLayout rail={shareMenu()}>
      <ReportView {...args} />
    </ReportingLayout>
  ),
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('heading', { name: 'Reach' })).toBeVisible();
    await expect(
      canvas.getByText(/^About 57,800 browsers and devices \(±0\.8 %\) saw 2\.3 ads/),
    ).toBeVisible();
    await waitFor(() => expect(canvasElement.querySelector('[data-slot="reach-day-bars"]')).not.toBeNull());
  },
};

/** Ads served, none with an identity: the card says reach cannot be told, and why, rather than 0. */
export const WithReachNoIdentity: Story = {
  args: { report: { ...oneWeekReport, reach: noIdentityReach } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Reach' })).toBeVisible();
    await expect(canvas.getByText(/reach cannot be told\.$/)).toBeVisible();
    await expect(canvas.getByText('1,240 ads served in this range.')).toBeVisible();
  },
};

/** Players reported VAST errors: a "VAST errors" panel lists them by code, and the verifications not run. */
export const WithVastErrors: Story = {
  args: { report: oneWeekReportWithVastErrors },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'VAST errors' })).toBeVisible();
    const table = canvas.getByRole('table', { name: 'VAST errors by code' });
    await expect(
      within(table).getByRole('rowheader', { name: 'File not found: MediaFile URI unreachable' }),
    ).toBeVisible();
    await expect(canvas.getByRole('table', { name: 'Verifications not executed by reason' })).toBeVisible();
  },
};

/** Banners only: no video tiles, no quartiles chart, no video columns. */
export const NoVideo: Story = {
  args: {
    report: bannerWeek,
    previous: bannerPrevious.totals,
    previousDays: { start: bannerPrevious.start, end: bannerPrevious.end },
  },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('heading', { name: 'Video quartiles' })).toBeNull();
    const terms = canvas.getAllByRole('term').map((term) => term.textContent);
    await expect(terms).not.toContain('Video completes');
    await expect(terms).toContain('CTR');
  },
};

/** While the figures load: placeholders and a Cancel button (a cancelled report reads 'Request timed out'). */
export const Loading: Story = {
  args: { status: 'loading', report: undefined, previous: undefined, onCancel: fn(), expectVideo: false },
  play: async ({ canvas, args, canvasElement }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading the report…');
    // Six tile placeholders: the campaign has no video, so its report has six tiles.
    await expect(canvasElement.querySelectorAll('[data-tile-placeholder]')).toHaveLength(6);
    await userEvent.click(canvas.getByRole('button', { name: 'Cancel' }));
    await expect(args.onCancel).toHaveBeenCalledOnce();
  },
};

/**
 * Loading a campaign's report that will have video (its creatives say so): eight tile placeholders, as
 * many as its tiles, so nothing under them moves when the figures arrive.
 */
export const LoadingWithVideo: Story = {
  args: { status: 'loading', report: undefined, previous: undefined, expectVideo: true },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelectorAll('[data-tile-placeholder]')).toHaveLength(8);
  },
};

/** The figures are in, the week before's are on their way: the tiles keep the room of their changes. */
export const ComparisonLoading: Story = {
  args: { previous: undefined, previousLoading: true },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelectorAll('[data-slot="kpi-delta"][data-loading]')).toHaveLength(8);
  },
};

/** The request was cancelled (or took longer than 180 s): the message of docs/product.md §8 and a way to try again. */
export const Cancelled: Story = {
  args: { status: 'error', report: undefined, error: 'Request timed out', onRetry: fn() },
  play: async ({ canvas, args }) => {
    const alert = canvas.getByRole('alert');
    await expect(alert).toHaveTextContent('The report could not be read');
    await expect(alert).toHaveTextContent('Request timed out');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
  },
};

/** A creative that was never published has no live ids: the message of docs/product.md §5. */
export const NoLiveIds: Story = {
  args: {
    status: 'error',
    report: undefined,
    error: 'No live ids set',
    title: 'Draft banner',
    scope: 'creative',
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('No live ids set');
  },
};

/** A campaign with nothing published yet: what to do next instead of empty charts. */
export const EmptyCampaign: Story = {
  args: { report: emptyCampaign, previous: undefined, previousDays: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Nothing live yet')).toBeVisible();
    await expect(canvas.queryByRole('heading', { name: 'Performance' })).toBeNull();
  },
};

/** Live creatives that served nothing in the range: zero tiles and the charts' own empty states. */
export const NothingServed: Story = {
  args: { report: zeroReport, previous: zeroReport.totals },
  play: async ({ canvas }) => {
    // Each chart says so where it would draw.
    for (const empty of canvas.getAllByText('No impressions in this period'))
      await expect(empty).toBeVisible();
  },
};

/** One creative's report: no breakdown by creative; its live ids' breakdown by device. */
export const Creative: Story = {
  args: { title: 'Winter sale leaderboard', scope: 'creative', breakdown: breakdownOf('device') },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('table', { name: 'Report by device' })).toBeVisible();
    await expect(canvas.queryByRole('heading', { name: 'Creatives' })).toBeNull();
    await expect(canvas.queryByRole('tab', { name: 'By creative' })).toBeNull();
  },
};

/** One day by hour; the unit switch offers both. */
export const ByHour: Story = {
  args: { report: oneDay, previous: undefined, previousDays: undefined, unit: 'hour' },
  play: async ({ canvas, args }) => {
    const group = canvas.getByRole('group', { name: 'Figures by' });
    await expect(within(group).getByRole('button', { name: 'By hour' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await userEvent.click(within(group).getByRole('button', { name: 'By day' }));
    await expect(args.onUnitChange).toHaveBeenCalledWith('day');
  },
};

/** Longer than 31 days: hourly figures are not offered, and the switch says why. */
export const HourlyNotOffered: Story = {
  args: { hourlyAllowed: false },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'By hour' })).toBeDisabled();
    await expect(canvas.getByText('Hourly figures cover up to 31 days.')).toBeVisible();
  },
};

/**
 * The page draws what is below the fold as the reader comes near it (docs/console.md, "Below the fold: drawn when the reader comes near it"): at first the sections
 * under the screen hold placeholders of their size under their headings; scrolled to, each is drawn.
 */
export const DrawnAsTheReaderScrolls: Story = {
  args: { breakdown: breakdownOf('site'), deferOffscreen: true },
  play: async ({ canvas, canvasElement }) => {
    const waiting = () => canvasElement.querySelectorAll('[data-slot="near-viewport"][data-waiting]');
    // The heading and the tiles at once; far below, the heatmap's section waits under its heading.
    await expect(canvas.getByRole('heading', { name: 'Campaign summary', level: 1 })).toBeVisible();
    await expect(canvas.getByRole('heading', { name: 'Hour of the week' })).toBeInTheDocument();
    await expect(canvas.queryByRole('table', { name: 'Report by site' })).toBeNull();
    await expect(waiting().length).toBeGreaterThan(0);
    // Each section drawn as it is scrolled to, down to the last.
    // Every section, waited for where it stands: the first one too (on screen at once, it is drawn
    // after the browser's first layout; scrolled past before then, it would wait for the reader).
    for (const name of [
      'Performance',
      'Video quartiles',
      'Creatives',
      'Breakdown',
      'Figures',
      'Hour of the week',
    ]) {
      const heading = canvas.getByRole('heading', { name });
      heading.scrollIntoView({ block: 'start' });
      const card = canvasElement.querySelector(`[aria-labelledby="${heading.id}"]`) as HTMLElement;
      await waitFor(() => expect(card.querySelector('[data-waiting]')).toBeNull());
    }
    await expect(waiting().length).toBe(0);
    await expect(canvas.getByRole('table', { name: 'Report by site' })).toBeInTheDocument();
    await expect(canvasElement.querySelector('[data-slot="hour-heatmap"]')).not.toBeNull();
    // Back at the top, at once (no smooth scroll under the screenshot).
    window.scrollTo({ top: 0, behavior: 'instant' });
  },
};

const dark = { globals: { theme: 'dark' } } as const;
/**
 * On a 390 px wide phone (the page's padding taken off): tiles and charts fit, the figures table scrolls
 * in its card, and the invalid-traffic table fits whole, its reasons wrapped beside their counts.
 */
export const Phone: Story = {
  // On a phone the reporting menu is a bar under the heading (closed here: the sheet is its own story).
  args: {
    report: oneWeekReportWithInvalidTraffic,
    breakdown: breakdownOf('country'),
    controls: <ReportingBar menu={null} sharing />,
  },
  decorators: [
    (Story) => (
      <div className="w-[358px]">
        <Story />
      </div>
    ),
  ],
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('heading', { name: 'Campaign summary', level: 1 })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Dates, zone, export and sharing' })).toBeVisible();
    const view = canvasElement.querySelector('[data-slot="report-view"]') as HTMLElement;
    await expect(view.scrollWidth).toBeLessThanOrEqual(view.clientWidth);
    for (const card of canvasElement.querySelectorAll('[data-slot="card"]')) {
      await expect(card.getBoundingClientRect().right).toBeLessThanOrEqual(
        view.getBoundingClientRect().right + 0.5,
      );
    }
    const invalid = canvas.getByRole('table', { name: 'Invalid traffic by reason' });
    await expect(invalid.getBoundingClientRect().right).toBeLessThanOrEqual(
      (invalid.closest('[data-slot="table-container"]') as HTMLElement).getBoundingClientRect().right + 0.5,
    );
    // 14,210 + 6,480 + 1,975 + 942 + 410 impressions; 31 + 12 + 4 + 57 + 88 clicks; the events likewise.
    await expect(within(invalid).getByRole('row', { name: /^Total filtered/ })).toHaveTextContent(
      'Total filtered24,01719228,427',
    );
  },
};

/** The share page's menu (no share links or schedules) for the week of the stories, in `timezone`. */
const shareMenu = (timezone = { label: '(GMT+00:00) UTC', offset: '+00:00', tzCode: 'UTC' }) => (
  <ReportingMenu
    state={{
      dates: { start: new Date('2026-11-16T00:01:00Z'), end: new Date('2026-11-22T23:59:59Z') },
      timezone,
      unit: 'day',
      breakdown: 'country',
    }}
    onChange={fn()}
    now={new Date('2026-11-22T10:00:00Z')}
    summaryHref="/share/t"
    creatives={[]}
    onExport={fn()}
    breakdownLabel="country"
    renderLink={({ children, ...props }) => <a {...props}>{children}</a>}
  />
);

/**
 * A share page (/share/{token}): the menu without share links or schedules beside the report, whose
 * Breakdown section is the link's campaign's, by country.
 */
export const SharePage: Story = {
  args: { breakdown: breakdownOf('country'), emptyAction: undefined },
  render: (args) => (
    <ReportingLayout rail={shareMenu()}>
      <ReportView {...args} />
    </ReportingLayout>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('button', { name: 'Create share link' })).toBeNull();
    await expect(canvas.getByRole('tab', { name: 'Country' })).toHaveAttribute('aria-selected', 'true');
    await expect(canvas.getByRole('table', { name: 'Report by country' })).toBeVisible();
    await expect(canvas.getByRole('switch', { name: 'Breakdown by country' })).toBeChecked();
  },
};

/**
 * A share link made without costs (docs/reports.md, "Share links"): a campaign at USD 2.50 CPM with
 * conversions shows its counts, rates, conversions and pacing, and no spend, effective cost, conversion
 * value, cost per conversion or ROAS in any tile, table or breakdown.
 */
export const SharePageWithoutCosts: Story = {
  args: {
    report: reportWithoutCosts(oneWeekReportWithConversionsAndSpend),
    previous: undefined,
    previousDays: undefined,
    breakdown: {
      ...breakdownOf('site'),
      breakdown: breakdownWithoutCosts(siteBreakdownWithConversionsAndSpend),
    },
    emptyAction: undefined,
  },
  render: (args) => (
    <ReportingLayout rail={shareMenu()}>
      <ReportView {...args} />
    </ReportingLayout>
  ),
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('table', { name: 'Report by site' })).toBeVisible();
    await expect(canvas.getAllByText('Conversions').length).toBeGreaterThan(0);
    // The pacing card's figures are impressions, not money: the share page shows them without costs.
    await expect(canvasElement.querySelector('[data-slot="pacing-figures"]')).toHaveTextContent(
      'Delivered80,000Plan to date100,000Projected240,000Needed a day11,000',
    );
    const text = canvasElement.textContent ?? '';
    for (const cost of [
      'Spend',
      'eCPM',
      'eCPC',
      'CPCV',
      'Conversion value',
      'Conv. value',
      'Cost per conversion',
      'ROAS',
      'USD',
      '$',
    ])
      await expect(text, cost).not.toContain(cost);
  },
};

const longZone = {
  label: '(GMT-03:00) America/Argentina/ComodRivadavia',
  offset: '-03:00',
  tzCode: 'America/Argentina/ComodRivadavia',
};

/**
 * A zone whose name is longer than the rail (a stored zone of the old IANA names): the rail keeps its
 * 17rem, the name is cut with an ellipsis (whole in its tooltip), and the report starts beside it.
 */
export const LongZoneName: Story = {
  args: { breakdown: breakdownOf('country'), emptyAction: undefined, zoneLabel: longZone.label },
  render: (args) => (
    <ReportingLayout rail={shareMenu(longZone)}>
      <ReportView {...args} />
    </ReportingLayout>
  ),
  play: async ({ canvas, canvasElement }) => {
    const rail = canvas.getByRole('complementary', { name: 'Reporting menu' });
    const rem = Number.parseFloat(getComputedStyle(document.documentElement).fontSize);
    await expect(rail.getBoundingClientRect().width).toBeCloseTo(17 * rem, 0);
    const zone = canvas.getByRole('combobox', { name: 'Timezone' });
    await expect(zone).toHaveAttribute('title', longZone.label);
    await expect(zone.getBoundingClientRect().right).toBeLessThanOrEqual(rail.getBoundingClientRect().right);
    // Nothing in the rail reaches past it: the report (which starts 1.5rem to its right) covers none of it.
    const view = canvasElement.querySelector('[data-slot="report-view"]') as HTMLElement;
    for (const element of rail.querySelectorAll('*')) {
      await expect(element.getBoundingClientRect().right).toBeLessThanOrEqual(
        view.getBoundingClientRect().left,
      );
    }
  },
};

/** Whether the table named `name` shows every column without sideways scrolling. */
const expectFits = async (canvasElement: HTMLElement, name: string) => {
  const table = within(canvasElement).getByRole('table', { name });
  const container = table.closest('[data-slot="table-container"]') as HTMLElement;
  await expect({ name, scrollWidth: container.scrollWidth }).toEqual({
    name,
    scrollWidth: container.clientWidth,
  });
};

/** Creative names that differ only at their end, as a campaign's banners in several sizes and variants do. */
const VARIANT_NAMES = [
  'Spring sale banner 300x250 – A',
  'Spring sale banner 300x250 – B',
  'Spring sale pre-roll 15 s – A',
  'Spring sale pre-roll 15 s – B',
];
const variantNamed = {
  ...oneWeekReport,
  creatives: oneWeekReport.creatives.map((creative, index) => ({
    ...creative,
    name: VARIANT_NAMES[index] ?? creative.name,
  })),
};

/**
 * A 1440 px window: the console's side menu (15rem) and the page's padding leave 1168 px, this frame's
 * width, for the rail and the report. The Figures tables (by day, by hour, by creative) and the
 * Breakdown table show every figure of a video campaign without sideways scrolling, and the creatives'
 * names, which differ only at their end, are whole (wrapped, not cut where they differ).
 */
export const Desktop1440: Story = {
  args: { report: variantNamed, breakdown: breakdownOf('site'), emptyAction: undefined },
  render: (args) => (
    <ReportingLayout rail={shareMenu()}>
      <ReportView {...args} />
    </ReportingLayout>
  ),
  play: async ({ canvas, canvasElement }) => {
    await expect(canvasElement.getBoundingClientRect().width).toBe(1200);
    await expectFits(canvasElement, 'Report by site');
    await expectFits(canvasElement, 'Figures by day');
    await userEvent.click(canvas.getByRole('tab', { name: 'By creative' }));
    await expectFits(canvasElement, 'Figures by creative');
    const table = canvas.getByRole('table', { name: 'Figures by creative' });
    for (const name of VARIANT_NAMES) {
      const shown = within(table).getByText(name);
      await expect(shown).toHaveAttribute('title', name);
      // Nothing of it is cut: it fits its column's width and its lines.
      await expect({ name, width: shown.scrollWidth, height: shown.scrollHeight }).toEqual({
        name,
        width: shown.clientWidth,
        height: shown.clientHeight,
      });
    }
  },
};

/** The same window by hour: the longest period labels. */
export const Desktop1440ByHour: Story = {
  ...Desktop1440,
  args: { ...Desktop1440.args, report: oneDay, previous: undefined, previousDays: undefined, unit: 'hour' },
  play: async ({ canvasElement }) => {
    await expectFits(canvasElement, 'Figures by hour');
  },
};

export const WithVideoDark: Story = { ...WithVideo, ...dark };
export const NoVideoDark: Story = { ...NoVideo, ...dark };
export const LoadingDark: Story = { ...Loading, ...dark };
export const CancelledDark: Story = { ...Cancelled, ...dark };
export const EmptyCampaignDark: Story = { ...EmptyCampaign, ...dark };
export const SharePageDark: Story = { ...SharePage, ...dark };
