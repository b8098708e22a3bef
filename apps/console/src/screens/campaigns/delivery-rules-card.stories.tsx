import type { CampaignDeliveryRules, DeliveryTest } from '@adconsole/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { DeliveryRulesCard } from './delivery-rules-card';
import { forecastAnswer, SAME_TARGETING } from './forecast-fixtures';

const RULES: CampaignDeliveryRules = {
  campaignID: 'c1',
  timezone: 'Europe/Berlin',
  rules: {
    countries: { mode: 'include', values: ['AT', 'DE'] },
    daypart: Array.from({ length: 7 }, (_, day) =>
      Array.from({ length: 24 }, (__, hour) => day < 5 && hour >= 8 && hour < 20),
    ),
  },
  creatives: [
    { creativeID: 'cr1', name: 'Leaderboard', type: 'Banner', rules: {} },
    {
      creativeID: 'cr2',
      name: 'Mobile banner',
      type: 'Banner',
      rules: { devices: { mode: 'include', values: ['mobile'] } },
    },
  ],
};
const REFUSED: DeliveryTest = {
  served: false,
  reason: 'country',
  reasonLabel: 'Country',
  reasons: [
    { reason: 'country', label: 'Country' },
    { reason: 'device', label: 'Device type' },
  ],
  liveID: 'l1',
  creativeID: 'cr1',
  request: {
    country: 'GB',
    device: 'desktop',
    os: 'Windows 10',
    browser: 'Chrome 126',
    site: 'news.example.com',
    language: 'en',
    at: '2026-11-26T09:30:00.000Z',
    localTime: 'Thu 10:30',
  },
};

const meta = {
  title: 'Console/Campaigns/DeliveryRulesCard',
  component: DeliveryRulesCard,
  args: {
    rules: RULES,
    onSave: fn(async () => undefined),
    onEditing: fn(),
    estimate: undefined,
    tester: {
      campaignID: 'c1',
      tags: [
        { label: 'Leaderboard (its own tag)', liveID: 'l1' },
        { label: 'Homepage sidebar (placement)', placementID: 'p1' },
      ],
      onTest: fn(),
    },
  },
  decorators: [(Story) => <div className="max-w-4xl">{Story()}</div>],
} satisfies Meta<typeof DeliveryRulesCard>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The campaign's rules in one line, each creative's own (or the campaign's), the tag tester. */
export const WithRules: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByText('Austria, Germany · weekdays 08-20 Berlin time')).toBeVisible();
    await expect(canvas.getByText('Also: mobile')).toBeVisible();
    await expect(canvas.getByText('The campaign’s rules')).toBeVisible();
    await userEvent.type(canvas.getByLabelText('From the address'), '81.2.69.142');
    await userEvent.click(canvas.getByRole('button', { name: 'Test the tag' }));
    await expect(args.tester.onTest).toHaveBeenCalledWith({
      campaignID: 'c1',
      liveID: 'l1',
      address: '81.2.69.142',
    });
  },
};

/** The rules still loading. */
export const Loading: Story = { args: { rules: undefined } };

/** The tester's answer: not served, every rule that refuses it (the first counted), and what the server read. */
export const TestNotServed: Story = {
  args: { tester: { ...meta.args.tester, result: REFUSED } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Not served: Country, Device type')).toBeVisible();
    await expect(
      canvas.getByText(/2 rules refuse it; serving counts it under the first, Country/),
    ).toBeVisible();
    await expect(
      canvas.getByText(/GB · desktop · Windows 10 · Chrome 126 · en · news.example.com · Thu 10:30/),
    ).toBeVisible();
  },
};

/** A desk testing a mobile campaign: the request sent as a common phone's, with German as its language. */
export const TestAsAPhone: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('combobox', { name: 'As' }));
    await userEvent.click(await within(document.body).findByRole('option', { name: 'Mobile' }));
    await userEvent.type(canvas.getByRole('textbox', { name: 'Languages' }), 'de-DE,de;q=0.9');
    await userEvent.click(canvas.getByRole('button', { name: 'Test the tag' }));
    await waitFor(() =>
      expect(args.tester.onTest).toHaveBeenCalledWith({
        campaignID: 'c1',
        liveID: 'l1',
        device: 'mobile',
        language: 'de-DE,de;q=0.9',
      }),
    );
  },
};

export const TestServed: Story = {
  args: {
    tester: {
      ...meta.args.tester,
      result: { ...REFUSED, served: true, reason: null, reasonLabel: null, reasons: [] },
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('This request would get an ad')).toBeVisible();
  },
};

/** A creative's editor open, the estimate of its rules shown; saving hands the rules to the page. */
export const EditingACreative: Story = {
  args: {
    initialTarget: { level: 'creative', creativeID: 'cr2', name: 'Mobile banner' },
    estimate: {
      status: 'ready',
      estimate: {
        from: '',
        to: '',
        impressions: 12_000,
        share: 0.42,
        basis: 'campaign',
        rules: [{ rule: 'devices', share: 0.42, read: true }],
      },
    },
  },
  play: async ({ canvasElement, args }) => {
    const dialog = within(canvasElement.ownerDocument.body).getByRole('dialog', {
      name: 'Delivery rules of Mobile banner',
    });
    await expect(within(dialog).getByText(/About 42 % of the last 7 days’ impressions/)).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save delivery rules' }));
    await waitFor(() =>
      expect(args.onSave).toHaveBeenCalledWith(
        { level: 'creative', creativeID: 'cr2', name: 'Mobile banner' },
        { devices: { mode: 'include', values: ['mobile'] } },
      ),
    );
  },
};

/**
 * The campaign's editor open with its inventory forecast under the estimate: the goal falls short, the
 * account's other campaign on the same requests named (the dialog in the picture).
 */
export const EditingTheCampaignWithForecast: Story = {
  parameters: { overlay: true },
  args: {
    initialTarget: { level: 'campaign' },
    forecast: { status: 'ready', forecast: forecastAnswer(250_000, 'asap', [SAME_TARGETING]) },
  },
  play: async ({ canvasElement }) => {
    const dialog = within(canvasElement.ownerDocument.body).getByRole('dialog', {
      name: 'Delivery rules of the campaign',
    });
    const panel = within(dialog).getByRole('region', { name: 'Inventory forecast' });
    await expect(within(panel).getByText(/^Falls short by about [\d,]+ impressions a day/)).toBeVisible();
    await expect(within(panel).getByText('Winter sale · DE mobile')).toBeVisible();
    // The picture shows the forecast, under the estimate at the form's end.
    panel.scrollIntoView({ block: 'end' });
  },
};

/** A creative's editor shows no forecast: the forecast is of the campaign's own rules. */
export const EditingACreativeNoForecast: Story = {
  args: {
    initialTarget: { level: 'creative', creativeID: 'cr2', name: 'Mobile banner' },
    forecast: { status: 'loading' },
  },
  tags: ['no-visual'],
  play: async ({ canvasElement }) => {
    const dialog = within(canvasElement.ownerDocument.body).getByRole('dialog', {
      name: 'Delivery rules of Mobile banner',
    });
    await expect(within(dialog).queryByRole('region', { name: 'Inventory forecast' })).toBeNull();
  },
};

export const WithRulesDark: Story = { ...WithRules, play: undefined, globals: { theme: 'dark' } };
