import { notEnoughDataVerdict, variantWinsVerdict } from '@adconsole/charts/fixtures';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor } from 'storybook/test';
import { PlacementsCard } from './placements-card';
import {
  creatives,
  leaderboard,
  optimizedSidebar,
  resultsOf,
  sidebar,
  statsOf,
  test,
} from './placements-fixtures';

const actions = () => ({
  onCreate: fn(async () => {}),
  onUpdate: fn(async () => {}),
  onSetPaused: fn(),
  onDelete: fn(),
  onStartTest: fn(async () => {}),
  onStopTest: fn(),
});

const meta = {
  title: 'Console/Campaigns/PlacementsCard',
  component: PlacementsCard,
  args: {
    placements: [leaderboard],
    stats: { [leaderboard.id]: statsOf(leaderboard) },
    creatives,
    servingHost: 'https://ads.example.com',
    tcfVendorID: 755,
    locale: 'en-US',
  },
  decorators: [(Story) => <div className="max-w-5xl">{Story()}</div>],
} satisfies Meta<typeof PlacementsCard>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A weighted placement: each creative's weight, its chance of the next request, its state, and the tag. */
export const WithPlacements: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Article leaderboard' })).toBeVisible();
    await expect(canvas.getByText('Banner · 728×90 · Weighted rotation')).toBeVisible();
    const table = canvas.getByRole('table', { name: 'Creatives of Article leaderboard' });
    await expect(table).toHaveTextContent('Leaderboard, autumn range375.0%Serving');
    await expect(table).toHaveTextContent('Leaderboard, winter teaser125.0%Serving');
    const tag = canvas.getByRole('textbox', { name: 'Tag of Article leaderboard' }) as HTMLTextAreaElement;
    await expect(tag.value).toContain(
      '<ins class="adconsole-ad" data-placement-id="6650c0ffee0000000000a002"',
    );
    await expect(canvas.queryByText('A/B test running')).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'New placement' })).toBeNull();
  },
};

/**
 * Optimized rotation explained: the trailer's 0.34 % CTR takes most requests, the carousel's 2 clicks
 * of 900 keep a wide posterior and a large share, the static banner's 0.17 % over 127,390 little more
 * than its exploration's 3.3 % (rotationShares, as the API computes them).
 */
export const Optimized: Story = {
  args: { placements: [optimizedSidebar], stats: { [optimizedSidebar.id]: statsOf(optimizedSidebar) } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/draws a likely CTR for every serving creative/)).toBeVisible();
    await expect(canvas.getByText(/10% of requests are spread evenly/)).toBeVisible();
    const table = canvas.getByRole('table', { name: 'Creatives of Homepage sidebar' });
    await expect(table).toHaveTextContent('Static banner3.3%0.17% (214 of 127,390)Serving');
    await expect(table).toHaveTextContent('In-banner trailer57.2%0.34% (280 of 81,539)Serving');
    await expect(table).toHaveTextContent('Carousel39.4%0.22% (2 of 900)Serving');
  },
};

/** With actions: pause and resume; while a test runs its placement's rotation stays (409), so no change there. */
export const Editable: Story = {
  args: {
    placements: [sidebar, leaderboard],
    tests: { [sidebar.id]: { test, results: resultsOf(variantWinsVerdict, test) } },
    stats: { [sidebar.id]: statsOf(sidebar), [leaderboard.id]: statsOf(leaderboard) },
    actions: actions(),
  },
  play: async ({ args, canvas }) => {
    await expect(canvas.getByRole('button', { name: 'New placement' })).toBeVisible();
    await expect(
      canvas.queryByRole('button', { name: 'Pause Static banner in Homepage sidebar' }),
    ).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Edit Homepage sidebar' })).toBeNull();
    await expect(canvas.getByText(/end the test to change its rotation/)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'End test' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Edit Article leaderboard' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Start A/B test of Article leaderboard' })).toBeVisible();
    canvas.getByRole('button', { name: 'Pause Leaderboard, winter teaser in Article leaderboard' }).click();
    await waitFor(() => expect(args.actions?.onSetPaused).toHaveBeenCalledWith(leaderboard, 'e', true));
  },
};

export const NoPlacements: Story = {
  args: { placements: [], actions: actions() },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/^No placements yet\./)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'New placement' })).toBeVisible();
  },
};

/** An earlier test of the sidebar, on the engagement rate, ended. */
const earlier = {
  ...test,
  id: 'test-0',
  status: 'ended' as const,
  goal: 'engagementRate' as const,
  startedAt: '2026-09-01T10:00:00.000Z',
  endedAt: '2026-09-29T10:00:00.000Z',
};

/**
 * The demo's "Homepage sidebar": a running test at its planned sample, B wins, counted from the first
 * whole quarter hour after its start; below it the placement's tests, the earlier one ended.
 */
export const WithTest: Story = {
  args: {
    placements: [sidebar, leaderboard],
    tests: { [sidebar.id]: { test, results: resultsOf(variantWinsVerdict, test), all: [test, earlier] } },
    stats: { [sidebar.id]: statsOf(sidebar), [leaderboard.id]: statsOf(leaderboard) },
  },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByText('A/B test running')).toBeVisible();
    await expect(canvas.getByText(/10,000 impressions per variant/)).toBeVisible();
    await expect(
      canvas.getByRole('progressbar', { name: 'Progress toward the planned sample' }),
    ).toHaveAttribute('aria-valuenow', '100');
    await expect(canvas.getByText('100% of the planned 10,000 per variant')).toBeVisible();
    await expect(canvasElement.querySelector('[data-slot="variant-verdict"]')).toHaveTextContent(
      'In-banner trailer wins',
    );
    await expect(
      canvas.getByRole('img', { name: /^CTR by variant: Static banner \(control\)/ }),
    ).toBeVisible();
    await expect(
      canvas.getByText(
        'Counted from 28 Oct 2026, 09:00 UTC, the first whole quarter hour after the start (28 Oct 2026, 08:52 UTC), so only evenly rotated traffic is compared.',
      ),
    ).toBeVisible();
    const list = canvas.getByRole('region', { name: 'A/B tests of Homepage sidebar' });
    await expect(list).toHaveTextContent('A/B tests of this placement (2)');
    await expect(list).toHaveTextContent('Engagement rate: Static banner against In-banner trailer');
    await expect(list).toHaveTextContent('1 Sept 2026, 10:00 UTC to 29 Sept 2026, 10:00 UTC');
  },
};

/** A test under a quarter of its planned sample: the verdict waits, the p-value is only shown. */
export const NotEnoughData: Story = {
  args: {
    placements: [sidebar],
    tests: {
      [sidebar.id]: {
        test: { ...test, plannedSample: 42_693 },
        results: resultsOf(notEnoughDataVerdict, { ...test, plannedSample: 42_693 }),
      },
    },
  },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByText('23% of the planned 42,693 per variant')).toBeVisible();
    await expect(canvasElement.querySelector('[data-slot="variant-verdict"]')).toHaveTextContent(
      'Not enough data',
    );
  },
};

/** A 390 px phone (the page's padding taken off): nothing wider than the card, actions included. */
export const Phone: Story = {
  ...WithTest,
  args: { ...WithTest.args, actions: actions() },
  decorators: [(Story) => <div style={{ width: 358 }}>{Story()}</div>],
  play: async ({ canvas, canvasElement }) => {
    await waitFor(() => expect(canvas.getByRole('img', { name: /^CTR by variant/ })).toBeVisible());
    const card = canvasElement.querySelector('[data-slot="placements-card"]') as HTMLElement;
    await expect(card.scrollWidth).toBeLessThanOrEqual(card.clientWidth);
  },
};

const dark = { globals: { theme: 'dark' } } as const;
export const WithPlacementsDark: Story = { ...WithPlacements, ...dark };
export const OptimizedDark: Story = { ...Optimized, ...dark };
export const NoPlacementsDark: Story = { ...NoPlacements, ...dark };
export const EditableDark: Story = { ...Editable, ...dark };
export const WithTestDark: Story = { ...WithTest, ...dark };
export const NotEnoughDataDark: Story = { ...NotEnoughData, ...dark };
export const PhoneDark: Story = { ...Phone, ...dark };
