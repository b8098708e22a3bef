import {
  DELIVERY_RULE,
  type DeliveryEstimateAnswer,
  type DeliveryRules,
  deliveryRulesServeNothingMessage,
  type EstimateInput,
  estimateDelivery,
  FREQUENCY_CAPS_NOT_READ,
  MESSAGES,
  notEstimatedText,
} from '@adconsole/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { DeliveryRulesForm, type DeliveryRulesFormProps } from './delivery-rules-form';
import type { EstimateState } from './estimate-note';

const weekdays = Array.from({ length: 7 }, (_, day) =>
  Array.from({ length: 24 }, (__, hour) => day < 5 && hour >= 8 && hour < 20),
);
const GERMAN_MOBILE_WEEKDAYS: DeliveryRules = {
  countries: { mode: 'include', values: ['AT', 'DE'] },
  devices: { mode: 'include', values: ['mobile'] },
  daypart: weekdays,
};
const ESTIMATE: DeliveryEstimateAnswer = {
  from: '2026-11-19T10:00:00.000Z',
  to: '2026-11-26T10:00:00.000Z',
  impressions: 84_210,
  share: 0.3812,
  basis: 'campaign',
  rules: [
    { rule: 'countries', share: 0.71, read: true },
    { rule: 'devices', share: 0.83, read: true },
    { rule: 'daypart', share: 0.647, read: true },
  ],
};

/**
 * A week of 10,000 impressions to estimate from, by hand: 6,000 in Germany, 4,000 in France; 7,000
 * mobile, 3,000 desktop; 1,000 in each of the weekdays' hours 08-18 and nothing else (50 hours, 200 each).
 */
const HISTORY: EstimateInput = {
  byDimension: {
    country: [
      { value: 'DE', impressions: 6000 },
      { value: 'FR', impressions: 4000 },
    ],
    device: [
      { value: 'mobile', impressions: 7000 },
      { value: 'desktop', impressions: 3000 },
    ],
    os: [{ value: 'Android 14', impressions: 10_000 }],
    browser: [{ value: 'Chrome 126', impressions: 10_000 }],
    site: [{ value: 'news.example.com', impressions: 10_000 }],
  },
  weekHours: Array.from({ length: 168 }, (_, hour) =>
    hour < 120 && hour % 24 >= 8 && hour % 24 < 18 ? 200 : 0,
  ),
};

/** The rules dialog's page: each valid rule set asked for its estimate, the answer for the set on screen. */
function FollowingForm(props: DeliveryRulesFormProps) {
  const [state, setState] = useState<EstimateState | undefined>(undefined);
  return (
    <DeliveryRulesForm
      {...props}
      estimate={state}
      onRulesChange={(rules) => {
        props.onRulesChange?.(rules);
        setState({
          status: 'ready',
          estimate: {
            from: ESTIMATE.from,
            to: ESTIMATE.to,
            basis: 'campaign',
            ...estimateDelivery(rules, HISTORY),
          },
        });
      }}
    />
  );
}

const meta = {
  title: 'Forms/DeliveryRulesForm',
  component: DeliveryRulesForm,
  args: {
    level: 'campaign',
    rules: {},
    timezone: 'Europe/Berlin',
    onSubmit: fn(async () => undefined),
    onRulesChange: fn(),
  },
  decorators: [(Story) => <div className="max-w-4xl">{Story()}</div>],
} satisfies Meta<typeof DeliveryRulesForm>;

export default meta;
type Story = StoryObj<typeof meta>;

/** No rule yet: any country, device, system, browser and site, every hour; saved as no rule at all. */
export const NoRules: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('combobox', { name: 'Countries' })).toHaveTextContent('Any country');
    await expect(canvas.getByRole('switch', { name: 'Serve requests whose site is unknown' })).toBeChecked();
    await expect(canvas.getByText(/168 of 168/)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Save delivery rules' }));
    await waitFor(() => expect(args.onSubmit).toHaveBeenCalledWith({}));
  },
};

/** Germany and Austria, mobile, weekdays 08-20 Berlin time, with the estimate of the last 7 days. */
export const WithRulesAndEstimate: Story = {
  args: { rules: GERMAN_MOBILE_WEEKDAYS, estimate: { status: 'ready', estimate: ESTIMATE } },
  play: async ({ canvas }) => {
    const countries = canvas.getByRole('list', { name: 'Countries chosen' });
    await expect(within(countries).getByText('Germany')).toBeVisible();
    await expect(canvas.getByRole('checkbox', { name: 'Mobile' })).toBeChecked();
    await expect(canvas.getByRole('button', { name: 'Mon 08:00' })).toHaveAttribute('aria-pressed', 'true');
    await expect(canvas.getByRole('button', { name: 'Sat 08:00' })).toHaveAttribute('aria-pressed', 'false');
    await expect(
      canvas.getByText(/About 38 % of the last 7 days’ impressions would have matched/),
    ).toBeVisible();
    await expect(canvas.getByText(/32,101 of 84,210/)).toBeVisible();
  },
};

/** Editing: a country removed, a blocked site added, the evenings switched on; the valid set goes out. */
export const Editing: Story = {
  args: { rules: GERMAN_MOBILE_WEEKDAYS },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Remove Austria' }));
    await userEvent.type(canvas.getByLabelText('Never on these'), 'forum.example.com');
    await userEvent.click(canvas.getByRole('button', { name: 'Evenings 18-24' }));
    await userEvent.click(canvas.getByRole('switch', { name: 'Serve requests whose site is unknown' }));
    await waitFor(() =>
      expect(args.onRulesChange).toHaveBeenLastCalledWith(expect.objectContaining({ unknownSite: 'skip' })),
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Save delivery rules' }));
    await waitFor(() =>
      expect(args.onSubmit).toHaveBeenCalledWith({
        countries: { mode: 'include', values: ['DE'] },
        devices: { mode: 'include', values: ['mobile'] },
        sites: { allow: [], block: ['forum.example.com'] },
        unknownSite: 'skip',
        daypart: Array.from({ length: 7 }, () => Array.from({ length: 24 }, (_, hour) => hour >= 18)),
      }),
    );
  },
};

/** A malformed domain and a daypart with no hour: the domain's messages beside each, nothing sent. */
export const Refused: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.type(canvas.getByLabelText('Only on these'), 'not a domain!');
    for (const day of ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'])
      await userEvent.click(canvas.getByRole('button', { name: `All of ${day}` }));
    await userEvent.click(canvas.getByRole('button', { name: 'Save delivery rules' }));
    await expect(await canvas.findByText(MESSAGES.deliveryRuleSite)).toBeVisible();
    await expect(canvas.getByText(/0 of 168/)).toBeVisible();
    await expect(args.onSubmit).not.toHaveBeenCalled();
    // The refused Save went to the first refused field.
    await waitFor(() => expect(canvas.getByLabelText('Only on these')).toHaveFocus());
    await userEvent.clear(canvas.getByLabelText('Only on these'));
    // Without the site, the daypart's message shows at once, before any Save.
    await expect(
      await canvas.findByText(deliveryRulesServeNothingMessage(DELIVERY_RULE.daypart.servesNothing)),
    ).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Save delivery rules' }));
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Every hour' })).toHaveFocus());
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** A malformed entry of the block list: its message beside the block list, not the allow list. */
export const RefusedBlockEntry: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.type(canvas.getByLabelText('Never on these'), 'good.example\nnot a domain!');
    await userEvent.click(canvas.getByRole('button', { name: 'Save delivery rules' }));
    const block = canvas.getByLabelText('Never on these');
    await waitFor(() => expect(block).toHaveAttribute('aria-invalid', 'true'));
    await expect(block).toHaveAccessibleDescription(expect.stringContaining(MESSAGES.deliveryRuleSite));
    await expect(canvas.getByLabelText('Only on these')).not.toHaveAttribute('aria-invalid');
    await expect(args.onSubmit).not.toHaveBeenCalled();
    // The refused Save went to the refused list (the picture shows it focused).
    await waitFor(() => expect(block).toHaveFocus());
  },
};

/** Frequency caps: the sentence says what they mean; a cap added and changed, requests without cookies refused. */
export const WithFrequencyCaps: Story = {
  args: { rules: { frequencyCaps: [{ count: 3, period: 'day' }] } },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByText('At most 3 a day per browser on each site.')).toBeVisible();
    await expect(canvas.getByRole('switch', { name: 'Serve requests that cannot be capped' })).toBeChecked();
    await userEvent.click(canvas.getByRole('button', { name: 'Add a cap' }));
    const count = canvas.getByRole('textbox', { name: 'Ads in cap 2' });
    await userEvent.clear(count);
    await userEvent.type(count, '10');
    await userEvent.click(canvas.getByRole('combobox', { name: 'Period of cap 2' }));
    await userEvent.click(await within(document.body).findByRole('option', { name: 'a week' }));
    await expect(
      await canvas.findByText('At most 3 a day and 10 a week per browser on each site.'),
    ).toBeVisible();
    await userEvent.click(canvas.getByRole('switch', { name: 'Serve requests that cannot be capped' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Save delivery rules' }));
    await waitFor(() =>
      expect(args.onSubmit).toHaveBeenCalledWith({
        frequencyCaps: [
          { count: 3, period: 'day' },
          { count: 10, period: 'week' },
        ],
        uncappable: 'skip',
      }),
    );
  },
};

/** A cap of no ads: the domain's message beside the caps, nothing sent; at most 4 caps. */
export const FrequencyCapRefused: Story = {
  args: {
    rules: {
      frequencyCaps: [
        { count: 1, period: 'hour' },
        { count: 3, period: 'day' },
        { count: 10, period: 'week' },
      ],
    },
  },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Add a cap' }));
    await expect(canvas.getByRole('button', { name: 'Add a cap' })).toBeDisabled();
    const count = canvas.getByRole('textbox', { name: 'Ads in cap 4' });
    await userEvent.clear(count);
    await userEvent.type(count, '0');
    await userEvent.click(canvas.getByRole('button', { name: 'Save delivery rules' }));
    await expect(await canvas.findByText(MESSAGES.deliveryRuleCapCount)).toBeVisible();
    await expect(args.onSubmit).not.toHaveBeenCalled();
    await waitFor(() => expect(count).toHaveFocus());
  },
};

/** A creative's own rules: they narrow the campaign's; the unknown-site choice is the campaign's. */
export const CreativeLevel: Story = {
  args: {
    level: 'creative',
    rules: { os: { mode: 'exclude', values: ['iOS'] } },
    estimate: { status: 'loading' },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/A creative’s rules narrow its campaign’s/)).toBeVisible();
    await expect(canvas.queryByRole('switch', { name: 'Serve requests whose site is unknown' })).toBeNull();
    await expect(canvas.queryByRole('switch', { name: 'Serve requests that cannot be capped' })).toBeNull();
    await expect(canvas.getByText(/No frequency cap/)).toBeVisible();
    await expect(canvas.getByText('Estimating from the last 7 days…')).toBeVisible();
  },
};

/** The server refused (a creative could never serve with these rules): its sentence above the form. */
export const ServerError: Story = {
  args: {
    rules: GERMAN_MOBILE_WEEKDAYS,
    serverError:
      'With these rules the creative "Leaderboard" could never serve (every country is excluded once its own rules apply): change its rules first.',
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/could never serve/)).toBeVisible();
  },
};

/**
 * The estimate follows every edit: Germany (60 %), then mobile (60 % × 70 % = 42 %), then weekdays
 * 08-20 (every impression of the history is on weekdays 08-18: still 42 %), then Austria only (none).
 */
export const EstimateFollowsEachRule: Story = {
  render: (args) => <FollowingForm {...args} />,
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(/About 100 % of the last 7 days’ impressions/)).toBeVisible();
    await userEvent.click(canvas.getByRole('combobox', { name: 'Countries' }));
    await userEvent.click(await within(document.body).findByRole('option', { name: 'Only these' }));
    await userEvent.click(canvas.getByRole('combobox', { name: 'Add a country' }));
    await userEvent.type(within(document.body).getByPlaceholderText('Search countries…'), 'Germany');
    await userEvent.click(await within(document.body).findByRole('option', { name: /Germany/ }));
    await expect(await canvas.findByText(/About 60 % of the last 7 days’ impressions/)).toBeVisible();
    await userEvent.click(canvas.getByRole('combobox', { name: 'Device types' }));
    await userEvent.click(await within(document.body).findByRole('option', { name: 'Only these' }));
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Mobile' }));
    await expect(await canvas.findByText(/About 42 % of the last 7 days’ impressions/)).toBeVisible();
    await expect(canvas.getByText(/Read: countries 60 %, device types 70 %/)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Weekdays 08-20' }));
    await expect(
      await canvas.findByText(/Read: countries 60 %, device types 70 %, daypart 100 %/),
    ).toBeVisible();
    await expect(canvas.getByText(/About 42 % of the last 7 days’ impressions/)).toBeVisible();
    // The screenshot without the last button's focus ring.
    (canvas.getByRole('button', { name: 'Weekdays 08-20' }) as HTMLElement).blur();
  },
};

/** A campaign that has not run: estimated from the account's other campaigns, and it says so. */
export const EstimateFromTheAccount: Story = {
  args: {
    rules: GERMAN_MOBILE_WEEKDAYS,
    estimate: { status: 'ready', estimate: { ...ESTIMATE, basis: 'account' } },
  },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByText(/impressions of your other campaigns \(this one has none yet\)/),
    ).toBeVisible();
  },
};

/** Neither the campaign nor the account has impressions: it says why there is no estimate. */
export const NothingToEstimateFrom: Story = {
  args: {
    rules: GERMAN_MOBILE_WEEKDAYS,
    estimate: { status: 'ready', estimate: { ...ESTIMATE, basis: 'none', impressions: 0, share: null } },
  },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByText(/neither this campaign nor your other campaigns have any yet/),
    ).toBeVisible();
  },
};

/**
 * A rule becomes invalid ("Only these" countries, none chosen yet): its message shows at once, and the
 * estimate names the field to fix instead of the last valid set's figure; a country chosen brings it back.
 */
export const NotEstimatedWhileInvalid: Story = {
  render: (args) => <FollowingForm {...args} />,
  play: async ({ canvas, args }) => {
    await expect(await canvas.findByText(/About 100 % of the last 7 days’ impressions/)).toBeVisible();
    await userEvent.click(canvas.getByRole('combobox', { name: 'Countries' }));
    await userEvent.click(await within(document.body).findByRole('option', { name: 'Only these' }));
    await expect(await canvas.findByText(notEstimatedText('Countries'))).toBeVisible();
    await expect(canvas.queryByText(/would have matched/)).toBeNull();
    await expect(canvas.getByRole('combobox', { name: 'Countries' })).toHaveAccessibleDescription(
      MESSAGES.deliveryRuleValues,
    );
    await expect(args.onSubmit).not.toHaveBeenCalled();
    await userEvent.click(canvas.getByRole('combobox', { name: 'Add a country' }));
    await userEvent.type(within(document.body).getByPlaceholderText('Search countries…'), 'Germany');
    await userEvent.click(await within(document.body).findByRole('option', { name: /Germany/ }));
    await expect(await canvas.findByText(/About 60 % of the last 7 days’ impressions/)).toBeVisible();
    await expect(canvas.queryByText(MESSAGES.deliveryRuleValues)).toBeNull();
    await expect(canvas.queryByText(notEstimatedText('Countries'))).toBeNull();
    (document.activeElement as HTMLElement | null)?.blur();
  },
};

/** Saved rules with a code that is no country (XX): its message and "fix Countries" from the start. */
export const UnknownCountry: Story = {
  args: {
    rules: { countries: { mode: 'include', values: ['DE', 'XX'] } },
    estimate: { status: 'ready', estimate: ESTIMATE },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(MESSAGES.deliveryRuleCountry)).toBeVisible();
    await expect(canvas.getByText(notEstimatedText('Countries'))).toBeVisible();
    await expect(canvas.queryByText(/would have matched/)).toBeNull();
  },
};

/**
 * A malformed blocked site: its message once the list is left (before any Save), the estimate waiting for
 * it; corrected, the message goes at once, without another Save, and the estimate comes back.
 */
export const SiteErrorFollowsTheValue: Story = {
  render: (args) => <FollowingForm {...args} />,
  play: async ({ canvas }) => {
    const block = canvas.getByLabelText('Never on these');
    await userEvent.type(block, 'not a domain!');
    await expect(await canvas.findByText(notEstimatedText('Sites and apps'))).toBeVisible();
    await userEvent.tab();
    await waitFor(() => expect(block).toHaveAttribute('aria-invalid', 'true'));
    await expect(block).toHaveAccessibleDescription(expect.stringContaining(MESSAGES.deliveryRuleSite));
    await userEvent.click(canvas.getByRole('button', { name: 'Save delivery rules' }));
    await waitFor(() => expect(block).toHaveFocus());
    await userEvent.clear(block);
    await userEvent.type(block, 'forum.example.com');
    await waitFor(() => expect(block).not.toHaveAttribute('aria-invalid'));
    await expect(canvas.queryByText(MESSAGES.deliveryRuleSite)).toBeNull();
    await expect(await canvas.findByText(/About 100 % of the last 7 days’ impressions/)).toBeVisible();
    block.blur();
  },
};

/** Save with a refused cap far below: the cap's count is scrolled into view and focused; nothing is sent. */
export const SaveShowsTheFirstRefusedField: Story = {
  tags: ['no-visual'],
  args: { rules: { frequencyCaps: [{ count: 3, period: 'day' }] } },
  play: async ({ canvas, args }) => {
    const count = canvas.getByRole('textbox', { name: 'Ads in cap 1' });
    await userEvent.clear(count);
    await userEvent.type(count, '0');
    count.blur();
    window.scrollTo(0, 0);
    await waitFor(() => expect(count.getBoundingClientRect().top).toBeGreaterThan(window.innerHeight));
    await userEvent.click(canvas.getByRole('button', { name: 'Save delivery rules' }));
    await waitFor(() => expect(count).toHaveFocus());
    const { top, bottom } = count.getBoundingClientRect();
    await expect(top >= 0 && bottom <= window.innerHeight).toBe(true);
    await expect(count).toHaveAttribute('aria-invalid', 'true');
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/**
 * A frequency cap changes no figure: caps limit each browser, not which requests match. The estimate's
 * "Read:" line says so once the rules have one.
 */
export const CapsAreNotRead: Story = {
  render: (args) => <FollowingForm {...args} />,
  args: { rules: { countries: { mode: 'include', values: ['DE'] } } },
  play: async ({ canvas }) => {
    const note = await canvas.findByText(/About 60 % of the last 7 days’ impressions/);
    await expect(canvas.queryByText(FREQUENCY_CAPS_NOT_READ, { exact: false })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Add a cap' }));
    await expect(
      await canvas.findByText(`Read: countries 60 %. ${FREQUENCY_CAPS_NOT_READ}`, { exact: false }),
    ).toBeVisible();
    await expect(note).toHaveTextContent(/About 60 %/);
    (canvas.getByRole('button', { name: 'Add a cap' }) as HTMLElement).blur();
  },
};

/** Whether each named daypart cell is on. */
const cellsOn = (
  canvas: { getByRole: (role: string, options: { name: string }) => HTMLElement },
  names: string[],
) => names.map((name) => canvas.getByRole('button', { name }).getAttribute('aria-pressed') === 'true');

/**
 * A mouse drag: pressed on Sat 08:00 (off, so it paints on), over to Sun 12:00 and back to Sun 11:00 (the
 * rectangle shrinks with it), let go outside the grid; the pointer moving on over cells afterwards paints
 * nothing. Saturday and Sunday 08-11 are on: 8 more hours.
 */
export const DragAcrossCells: Story = {
  args: { rules: GERMAN_MOBILE_WEEKDAYS },
  play: async ({ canvas, args }) => {
    const cell = (name: string) => canvas.getByRole('button', { name });
    await userEvent.pointer([
      { keys: '[MouseLeft>]', target: cell('Sat 08:00') },
      { target: cell('Sat 09:00') },
      { target: cell('Sun 12:00') },
      { target: cell('Sun 11:00') },
      { keys: '[/MouseLeft]', target: canvas.getByText('Daypart') },
      { target: cell('Sun 15:00') },
    ]);
    await expect(cellsOn(canvas, ['Sat 08:00', 'Sat 11:00', 'Sun 08:00', 'Sun 11:00'])).toEqual([
      true,
      true,
      true,
      true,
    ]);
    await expect(cellsOn(canvas, ['Sat 07:00', 'Sat 12:00', 'Sun 12:00', 'Sun 15:00'])).toEqual([
      false,
      false,
      false,
      false,
    ]);
    await expect(canvas.getByText(/68 of 168/)).toBeVisible();
    await waitFor(() =>
      expect(args.onRulesChange).toHaveBeenLastCalledWith(
        expect.objectContaining({
          daypart: weekdays.map((hours, day) =>
            hours.map((on, hour) => on || (day >= 5 && hour >= 8 && hour < 12)),
          ),
        }),
      ),
    );
    (document.activeElement as HTMLElement | null)?.blur();
  },
};

/** A finger's drag from an hour that is on (Mon 10:00) to Wed 14:00 switches the rectangle off: 15 hours. */
export const DragByTouch: Story = {
  args: { rules: GERMAN_MOBILE_WEEKDAYS },
  play: async ({ canvas }) => {
    const cell = (name: string) => canvas.getByRole('button', { name });
    await userEvent.pointer([
      { keys: '[TouchA>]', target: cell('Mon 10:00') },
      { pointerName: 'TouchA', target: cell('Tue 12:00') },
      { pointerName: 'TouchA', target: cell('Wed 14:00') },
      { keys: '[/TouchA]', target: cell('Wed 14:00') },
    ]);
    await expect(cellsOn(canvas, ['Mon 10:00', 'Mon 14:00', 'Wed 10:00', 'Wed 14:00', 'Tue 12:00'])).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
    await expect(cellsOn(canvas, ['Mon 09:00', 'Mon 15:00', 'Thu 12:00'])).toEqual([true, true, true]);
    await expect(canvas.getByText(/45 of 168/)).toBeVisible();
    (document.activeElement as HTMLElement | null)?.blur();
  },
};

/** A click toggles one cell; Enter and Space on a focused cell toggle it too, once each. */
export const ClickAndKeysToggleOne: Story = {
  tags: ['no-visual'],
  play: async ({ canvas }) => {
    const saturday3 = canvas.getByRole('button', { name: 'Sat 03:00' });
    await userEvent.click(saturday3);
    await expect(saturday3).toHaveAttribute('aria-pressed', 'false');
    await expect(canvas.getByText(/167 of 168/)).toBeVisible();
    const saturday4 = canvas.getByRole('button', { name: 'Sat 04:00' });
    saturday4.focus();
    await userEvent.keyboard('{Enter}');
    await expect(saturday4).toHaveAttribute('aria-pressed', 'false');
    await userEvent.keyboard(' ');
    await expect(saturday4).toHaveAttribute('aria-pressed', 'true');
    await expect(canvas.getByText(/167 of 168/)).toBeVisible();
  },
};

/** A de-DE account: its week starts on Monday (the domain's weekStartOf), so the daypart's rows do. */
export const WeekFromMondayForGermany: Story = {
  args: { rules: GERMAN_MOBILE_WEEKDAYS, locale: 'de-DE' },
  play: async ({ canvas }) => {
    const rows = canvas.getAllByRole('rowheader').map((row) => row.textContent);
    await expect(rows).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
  },
};

/**
 * An en-US account: its week starts on Sunday, the first row. A drag from Sun 08:00 down to Mon 09:00
 * crosses the rows as drawn; what is saved is the daypart as ever, Monday its day 0 and Sunday its 6.
 */
export const WeekFromSundayForUS: Story = {
  args: { locale: 'en-US' },
  play: async ({ canvas, args }) => {
    const rows = canvas.getAllByRole('rowheader').map((row) => row.textContent);
    await expect(rows).toEqual(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']);
    const cell = (name: string) => canvas.getByRole('button', { name });
    await userEvent.pointer([
      { keys: '[MouseLeft>]', target: cell('Sun 08:00') },
      { target: cell('Mon 09:00') },
      { keys: '[/MouseLeft]', target: cell('Mon 09:00') },
    ]);
    await expect(canvas.getByText(/164 of 168/)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Save delivery rules' }));
    await waitFor(() =>
      expect(args.onSubmit).toHaveBeenCalledWith({
        daypart: Array.from({ length: 7 }, (_, day) =>
          Array.from({ length: 24 }, (__, hour) => !((day === 0 || day === 6) && (hour === 8 || hour === 9))),
        ),
      }),
    );
    (canvas.getByRole('button', { name: 'Save delivery rules' }) as HTMLElement).blur();
  },
};

export const WithRulesAndEstimateDark: Story = { ...WithRulesAndEstimate, globals: { theme: 'dark' } };
