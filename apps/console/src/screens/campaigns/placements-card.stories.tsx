import { notEnoughDataVerdict, variantWinsVerdict } from '@adconsole/charts/fixtures';
import type { AbTestResults, AbTestVerdict, Placement, PlacementAbTest } from '@adconsole/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor } from 'storybook/test';
import { PlacementsCard } from './placements-card';

const creatives = [
  { id: 'a', name: 'Static banner', platform: 'google-ad-manager', settings: [] },
  { id: 'b', name: 'In-banner trailer', platform: 'google-ad-manager', settings: [] },
  { id: 'c', name: 'Carousel', platform: 'google-ad-manager', settings: [] },
];

const sidebar: Placement = {
  id: '6650c0ffee0000000000a001',
  campaignID: 'campaign',
  name: 'Homepage sidebar',
  kind: 'Banner',
  width: 300,
  height: 250,
  mode: 'even',
  items: [
    { creativeId: 'a', weight: 1, paused: false },
    { creativeId: 'b', weight: 1, paused: false },
    { creativeId: 'c', weight: 1, paused: true },
  ],
  createdAt: '2026-10-28T09:00:00.000Z',
  updatedAt: '2026-10-28T09:00:00.000Z',
};

const leaderboard: Placement = {
  ...sidebar,
  id: '6650c0ffee0000000000a002',
  name: 'Article leaderboard',
  width: 728,
  height: 90,
  mode: 'weighted',
  items: [
    { creativeId: 'a', weight: 3, paused: false },
    { creativeId: 'c', weight: 1, paused: false },
  ],
};

const test: PlacementAbTest = {
  id: 'test-1',
  placementID: sidebar.id,
  campaignID: 'campaign',
  status: 'running',
  variants: ['a', 'b'],
  control: 'a',
  goal: 'ctr',
  minimumDetectableEffect: 50,
  significance: 95,
  power: 80,
  baselineRate: 1,
  plannedSample: 10_000,
  startedAt: '2026-10-28T09:00:00.000Z',
  endedAt: null,
};

/** What the API answers: the domain's verdict, each variant with its z beside it. */
const resultsOf = (verdict: AbTestVerdict, planned: PlacementAbTest): AbTestResults => ({
  ...verdict,
  test: planned,
  window: { from: '2026-10-28T09:00:00.000Z', to: '2026-11-25T12:00:00.000Z' },
  variants: verdict.variants.map((variant) => ({ ...variant, z: null })),
});

const meta = {
  title: 'Console/Campaigns/PlacementsCard',
  component: PlacementsCard,
  args: {
    placements: [leaderboard],
    creatives,
    servingHost: 'https://ads.example.com',
    tcfVendorID: 755,
    locale: 'en-US',
  },
  decorators: [(Story) => <div className="max-w-5xl">{Story()}</div>],
} satisfies Meta<typeof PlacementsCard>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A weighted placement: each creative's weight and state, and the placement's tag to copy. */
export const WithPlacements: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Article leaderboard' })).toBeVisible();
    await expect(canvas.getByText('Banner · 728×90 · Weighted rotation')).toBeVisible();
    const table = canvas.getByRole('table', { name: 'Creatives of Article leaderboard' });
    await expect(table).toHaveTextContent('Static banner3Serving');
    const tag = canvas.getByRole('textbox', { name: 'Tag of Article leaderboard' }) as HTMLTextAreaElement;
    await expect(tag.value).toContain(
      '<ins class="adconsole-ad" data-placement-id="6650c0ffee0000000000a002"',
    );
    await expect(canvas.queryByText('A/B test running')).toBeNull();
  },
};

/** With the pause action: each creative can be paused or resumed, except while a test runs (409). */
export const Editable: Story = {
  args: {
    placements: [sidebar, leaderboard],
    tests: { [sidebar.id]: { test, results: resultsOf(variantWinsVerdict, test) } },
    onSetPaused: fn(),
  },
  play: async ({ args, canvas }) => {
    await expect(
      canvas.queryByRole('button', { name: 'Pause Static banner in Homepage sidebar' }),
    ).toBeNull();
    canvas.getByRole('button', { name: 'Pause Carousel in Article leaderboard' }).click();
    await waitFor(() => expect(args.onSetPaused).toHaveBeenCalledWith(leaderboard, 'c', true));
  },
};

export const NoPlacements: Story = {
  args: { placements: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/^No placements yet\./)).toBeVisible();
  },
};

/** The demo's "Homepage sidebar": a running test at its planned sample, B wins. */
export const WithTest: Story = {
  args: {
    placements: [sidebar, leaderboard],
    tests: { [sidebar.id]: { test, results: resultsOf(variantWinsVerdict, test) } },
  },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByText('A/B test running')).toBeVisible();
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

/** A 390 px phone (the page's padding taken off): nothing wider than the card. */
export const Phone: Story = {
  ...WithTest,
  decorators: [(Story) => <div style={{ width: 358 }}>{Story()}</div>],
  play: async ({ canvas, canvasElement }) => {
    await waitFor(() => expect(canvas.getByRole('img', { name: /^CTR by variant/ })).toBeVisible());
    const card = canvasElement.querySelector('[data-slot="placements-card"]') as HTMLElement;
    await expect(card.scrollWidth).toBeLessThanOrEqual(card.clientWidth);
  },
};

const dark = { globals: { theme: 'dark' } } as const;
export const WithPlacementsDark: Story = { ...WithPlacements, ...dark };
export const NoPlacementsDark: Story = { ...NoPlacements, ...dark };
export const EditableDark: Story = { ...Editable, ...dark };
export const WithTestDark: Story = { ...WithTest, ...dark };
export const NotEnoughDataDark: Story = { ...NotEnoughData, ...dark };
export const PhoneDark: Story = { ...Phone, ...dark };
