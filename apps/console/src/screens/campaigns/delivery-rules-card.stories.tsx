import {
  type CampaignDeliveryRules,
  type DeliveryEstimateAnswer,
  type DeliveryTest,
  MESSAGES,
  notEstimatedText,
  UNKNOWN_FACTS,
} from '@adconsole/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { DeliveryRulesCard, type DeliveryRulesCardProps } from './delivery-rules-card';
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
const ESTIMATE: DeliveryEstimateAnswer = {
  from: '2026-11-19T10:00:00.000Z',
  to: '2026-11-26T10:00:00.000Z',
  impressions: 84_210,
  share: 0.3812,
  basis: 'campaign',
  rules: [
    { rule: 'countries', share: 0.71, read: true },
    { rule: 'daypart', share: 0.647, read: true },
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
    ...UNKNOWN_FACTS,
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
      browserLanguages: ['en-US', 'en'],
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
    // The browser's own languages, said under the field and sent (an empty field once read as unknown).
    await expect(
      canvas.getByText('As a browser sends them. Empty: your browser’s own (en-US, en).'),
    ).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Test the tag' }));
    await expect(args.tester.onTest).toHaveBeenCalledWith({
      campaignID: 'c1',
      liveID: 'l1',
      address: '81.2.69.142',
      language: 'en-US,en;q=0.9',
    });
  },
};

/**
 * A visitor of another country, picked from the ISO list rather than an address of it, with a browser
 * typed beside the device presets (an iPhone's Safari), in the reader's own languages.
 */
export const TestFromACountryAsATypedBrowser: Story = {
  play: async ({ canvas, args }) => {
    const body = within(document.body);
    await userEvent.click(canvas.getByRole('combobox', { name: 'In the country' }));
    await userEvent.type(await body.findByPlaceholderText('Search countries…'), 'Germ');
    await userEvent.click(await body.findByRole('option', { name: 'Germany (DE)' }));
    await expect(canvas.getByRole('combobox', { name: 'In the country' })).toHaveTextContent('Germany (DE)');
    await userEvent.click(canvas.getByRole('combobox', { name: 'As' }));
    await userEvent.click(await body.findByRole('option', { name: 'A user agent you type' }));
    const agent = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) Version/17.5 Mobile Safari/604.1';
    await userEvent.type(canvas.getByRole('textbox', { name: 'User agent' }), agent);
    await userEvent.click(canvas.getByRole('button', { name: 'Test the tag' }));
    await waitFor(() =>
      expect(args.tester.onTest).toHaveBeenCalledWith({
        campaignID: 'c1',
        liveID: 'l1',
        country: 'DE',
        userAgent: agent,
        language: 'en-US,en;q=0.9',
      }),
    );
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
      canvas.getByText(/2 reasons refuse it; serving counts it under the first, Country/),
    ).toBeVisible();
    await expect(
      canvas.getByText(
        /GB · desktop · Windows 10 · Chrome 126 · en · unknown connection type · news.example.com · Thu 10:30/,
      ),
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
    const dialog = await within(canvasElement.ownerDocument.body).findByRole('dialog', {
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
    const dialog = await within(canvasElement.ownerDocument.body).findByRole('dialog', {
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
    const dialog = await within(canvasElement.ownerDocument.body).findByRole('dialog', {
      name: 'Delivery rules of Mobile banner',
    });
    await expect(within(dialog).queryByRole('region', { name: 'Inventory forecast' })).toBeNull();
  },
};

/** The campaign's editor: one hour of Saturday switched on, then Escape asks before dropping it. */
export const DiscardAsked: Story = {
  parameters: { overlay: true },
  args: { initialTarget: { level: 'campaign' } },
  play: async ({ args }) => {
    const dialog = await screen.findByRole('dialog', { name: 'Delivery rules of the campaign' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sat 10:00' }));
    await userEvent.keyboard('{Escape}');
    const question = await screen.findByRole('alertdialog', {
      name: 'Discard your changes to the delivery rules?',
    });
    await waitFor(() => expect(within(question).getByRole('button', { name: 'Keep editing' })).toHaveFocus());
    await expect(within(question).getByRole('button', { name: 'Discard' })).toBeVisible();
    await expect(args.onEditing).not.toHaveBeenCalledWith(undefined, undefined);
  },
};

/**
 * Keep editing goes back to the edit (focus where it was); ×, Cancel and a click beside the dialog ask
 * too; Discard closes without saving. Reverting the edit by hand makes the form clean again: it closes.
 */
export const DiscardOrKeepEditing: Story = {
  args: { initialTarget: { level: 'campaign' } },
  tags: ['no-visual'],
  play: async ({ args }) => {
    const dialog = await screen.findByRole('dialog', { name: 'Delivery rules of the campaign' });
    const saturday = within(dialog).getByRole('button', { name: 'Sat 10:00' });
    await userEvent.click(saturday);
    await userEvent.keyboard('{Escape}');
    await userEvent.click(await screen.findByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(saturday).toHaveFocus());
    await expect(saturday).toHaveAttribute('aria-pressed', 'true');
    for (const close of [
      () => userEvent.click(within(dialog).getByRole('button', { name: 'Close' })),
      () => userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' })),
      () => userEvent.click(document.querySelector('[data-slot="dialog-overlay"]') as HTMLElement),
    ]) {
      await close();
      await screen.findByRole('alertdialog');
      await userEvent.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
      await expect(screen.getByRole('dialog', { name: 'Delivery rules of the campaign' })).toBeVisible();
    }
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(args.onSave).not.toHaveBeenCalled();
    await expect(args.onEditing).toHaveBeenLastCalledWith(undefined, undefined);
  },
};

/** Without edits (or with one undone) Escape closes at once: there is nothing to lose. */
export const ClosesAtOnceWhenClean: Story = {
  args: { initialTarget: { level: 'creative', creativeID: 'cr2', name: 'Mobile banner' } },
  tags: ['no-visual'],
  play: async ({ args }) => {
    const dialog = await screen.findByRole('dialog', { name: 'Delivery rules of Mobile banner' });
    const cell = within(dialog).getByRole('button', { name: 'Sun 23:00' });
    await userEvent.click(cell);
    await userEvent.click(cell);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(screen.queryByRole('alertdialog')).toBeNull();
    await expect(args.onEditing).toHaveBeenLastCalledWith(undefined, undefined);
  },
};

/**
 * One figure of how much of the traffic matches: with the forecast's funnel on screen, the estimate's
 * share (the rules' shares multiplied, as if independent) is not shown beside it.
 */
export const OneMatchesFigure: Story = {
  args: {
    initialTarget: { level: 'campaign' },
    estimate: { status: 'ready', estimate: ESTIMATE },
    forecast: { status: 'ready', forecast: forecastAnswer(250_000, 'asap', [SAME_TARGETING]) },
  },
  tags: ['no-visual'],
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Delivery rules of the campaign' });
    const panel = within(dialog).getByRole('region', { name: 'Inventory forecast' });
    await expect(within(panel).getByText(/^Matching every rule:/)).toBeVisible();
    await expect(within(dialog).queryByText(/would have matched/)).toBeNull();
  },
};

/** Without a forecast to answer (no impressions goal), the estimate's share is the one figure. */
export const EstimateWhenNoForecast: Story = {
  args: {
    initialTarget: { level: 'campaign' },
    estimate: { status: 'ready', estimate: ESTIMATE },
    forecast: {
      status: 'incomplete',
      missing: 'Set an impressions goal to forecast whether the flight can deliver it.',
    },
  },
  tags: ['no-visual'],
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Delivery rules of the campaign' });
    await expect(within(dialog).getByText(/About 38 % of the last 7 days’ impressions/)).toBeVisible();
    await expect(within(dialog).queryByText(/^Matching every rule:/)).toBeNull();
  },
};

/**
 * Device types set to "Only these" with none ticked: the field's message at once, and the forecast says
 * which field to fix instead of the last valid rules' figures; Mobile ticked, the forecast is back.
 */
export const ForecastWaitsForAValidField: Story = {
  parameters: { overlay: true },
  args: {
    initialTarget: { level: 'campaign' },
    forecast: { status: 'ready', forecast: forecastAnswer(250_000, 'asap', [SAME_TARGETING]) },
  },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Delivery rules of the campaign' });
    const panel = within(dialog).getByRole('region', { name: 'Inventory forecast' });
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Device types' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Only these' }));
    await expect(await within(panel).findByText(notEstimatedText('Device types'))).toBeVisible();
    await expect(within(panel).queryByText(/^Matching every rule:/)).toBeNull();
    await expect(within(panel).queryByText(/^Falls short/)).toBeNull();
    await expect(within(dialog).getByRole('combobox', { name: 'Device types' })).toHaveAccessibleDescription(
      MESSAGES.deliveryRuleValues,
    );
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Mobile' }));
    await expect(await within(panel).findByText(/^Matching every rule:/)).toBeVisible();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Mobile' }));
    // The picture: the forecast waiting for the field, under the estimate at the form's end.
    await within(panel).findByText(notEstimatedText('Device types'));
    (document.activeElement as HTMLElement | null)?.blur();
    panel.scrollIntoView({ block: 'end' });
  },
};

/** Save with an invalid field out of sight: the dialog scrolls it into view and focuses it; nothing is sent. */
export const SaveShowsTheFirstRefusedField: Story = {
  args: {
    initialTarget: { level: 'campaign' },
    rules: { ...RULES, rules: { ...RULES.rules, countries: { mode: 'include', values: ['DE', 'XX'] } } },
  },
  tags: ['no-visual'],
  play: async ({ args }) => {
    const dialog = await screen.findByRole('dialog', { name: 'Delivery rules of the campaign' });
    const countries = within(dialog).getByRole('combobox', { name: 'Countries' });
    within(dialog).getByRole('button', { name: 'Add a cap' }).scrollIntoView({ block: 'end' });
    const box = dialog.getBoundingClientRect();
    await waitFor(() => expect(countries.getBoundingClientRect().bottom).toBeLessThan(box.top));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save delivery rules' }));
    await waitFor(() => expect(countries).toHaveFocus());
    const { top, bottom } = countries.getBoundingClientRect();
    await expect(top >= box.top && bottom <= box.bottom).toBe(true);
    await expect(countries).toHaveAccessibleDescription(MESSAGES.deliveryRuleCountry);
    await expect(args.onSave).not.toHaveBeenCalled();
  },
};

/** The page's estimate: "Estimating…" on each edit, then a longer answer. */
function EstimatingCard(props: DeliveryRulesCardProps) {
  const [estimate, setEstimate] = useState<DeliveryRulesCardProps['estimate']>(undefined);
  return (
    <DeliveryRulesCard
      {...props}
      estimate={estimate}
      onEditing={(target, rules) => {
        props.onEditing(target, rules);
        setEstimate({ status: 'loading' });
        setTimeout(
          () =>
            setEstimate({
              status: 'ready',
              estimate: ESTIMATE,
            }),
          100,
        );
      }}
    />
  );
}

/**
 * Save stays where it is while the estimate shrinks to "Estimating…" and grows back: the dialog's
 * buttons are in a footer at its bottom, the form scrolling above them. (No impressions goal: the
 * forecast asks for one, so the estimate is the dialog's figure.)
 */
export const SaveStaysPut: Story = {
  parameters: { overlay: true },
  args: {
    initialTarget: { level: 'campaign' },
    forecast: {
      status: 'incomplete',
      missing: 'Set an impressions goal to forecast whether the flight can deliver it.',
    },
  },
  render: (args) => <EstimatingCard {...args} />,
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Delivery rules of the campaign' });
    const save = within(dialog).getByRole('button', { name: 'Save delivery rules' });
    await within(dialog).findByText(/About 38 % of the last 7 days’ impressions/);
    const before = save.getBoundingClientRect();
    await expect(Math.round(before.bottom)).toBeGreaterThan(dialog.getBoundingClientRect().bottom - 80);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Evenings 18-24' }));
    await within(dialog).findByText('Estimating from the last 7 days…');
    await expect(save.getBoundingClientRect().top).toBe(before.top);
    await within(dialog).findByText(/About 38 % of the last 7 days’ impressions/);
    await expect(save.getBoundingClientRect().top).toBe(before.top);
    (within(dialog).getByRole('button', { name: 'Evenings 18-24' }) as HTMLElement).blur();
  },
};

export const WithRulesDark: Story = { ...WithRules, play: undefined, globals: { theme: 'dark' } };
