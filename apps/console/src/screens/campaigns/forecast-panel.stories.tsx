import { FREQUENCY_CAPS_NOT_READ, notEstimatedText } from '@adconsole/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import {
  FORECAST_RULES,
  forecastAnswer,
  HISTORY_WITHOUT_LANGUAGE,
  SAME_TARGETING,
} from './forecast-fixtures';
import { ForecastPanel } from './forecast-panel';

const meta = {
  title: 'Console/Campaigns/ForecastPanel',
  component: ForecastPanel,
  decorators: [
    (Story) => (
      <div className="w-[560px]">
        <Story />
      </div>
    ),
  ],
  args: { state: { status: 'loading' } },
} satisfies Meta<typeof ForecastPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The first answer on its way. */
export const Loading: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent("Forecasting from the account's last 60 days");
    await expect(canvas.getByLabelText('Forecasting')).toBeVisible();
  },
};

/** An edit's answer on its way: the last answer stays, said to be the last one. */
export const Updating: Story = {
  args: { state: { status: 'loading', previous: forecastAnswer(60_000) } },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('[data-slot="forecast-panel"]')).toHaveAttribute(
      'aria-busy',
      'true',
    );
    await expect(canvasElement.querySelector('[data-slot="forecast-previous"]')).toHaveTextContent(
      /^Updating for the latest edit; the last forecast until then:Fits with its delivery mode/,
    );
  },
};

/** Germany alone, every day: each day's impressions meet 60,000 over 18 days. */
export const Fits: Story = {
  args: {
    state: {
      status: 'ready',
      forecast: forecastAnswer(60_000, 'asap', [], undefined, { countries: FORECAST_RULES.countries }),
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Fits')).toBeVisible();
    await expect(
      canvas.getByText(/^Fits: about [\d,]+ impressions a day available for 3,333 needed$/),
    ).toBeVisible();
    await expect(
      canvas.getByRole('img', { name: /Impressions available per day, Mon 7 Dec to Thu 24 Dec/ }),
    ).toBeVisible();
  },
};

/** Weekdays only: the weekends have none, the weekdays make up for them, evenly. */
export const FitsWithDeliveryMode: Story = {
  args: { state: { status: 'ready', forecast: forecastAnswer(60_000, 'even') } },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByText('Fits with its delivery mode')).toBeVisible();
    await expect(canvas.getByText(/^Fits delivered evenly: some days have fewer/)).toBeVisible();
    const funnel = canvas.getByRole('list', { name: 'What each rule keeps' });
    await expect(funnel).toHaveTextContent(/Countries: keeps 50 %/);
    await expect(funnel).toHaveTextContent(/Device types: keeps 60 %/);
    await expect(funnel).toHaveTextContent(/Daypart: keeps/);
    // The one figure of how much of the traffic matches: the funnel's last step of its first.
    await expect(canvasElement.querySelector('[data-slot="forecast-matches"]')).toHaveTextContent(
      /^Matching every rule: [\d,]+ of [\d,]+ requests a day \(\d+ %\)$/,
    );
    // Caps limit each browser, not which requests exist: the method says they are not read.
    await expect(canvasElement.querySelector('[data-slot="forecast-method"]')).toHaveTextContent(
      FREQUENCY_CAPS_NOT_READ,
    );
  },
};

/** 250,000 with another campaign of the account on the same requests: short by N a day, the other named. */
export const Short: Story = {
  args: { state: { status: 'ready', forecast: forecastAnswer(250_000, 'asap', [SAME_TARGETING]) } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Falls short')).toBeVisible();
    await expect(canvas.getByText(/^Falls short by about [\d,]+ impressions a day/)).toBeVisible();
    await expect(canvas.getByText('Winter sale · DE mobile')).toBeVisible();
    await expect(
      canvas.getByText(/^60,000 evenly; wants 100 % of these requests; takes about [\d,]+ a day$/),
    ).toBeVisible();
    await expect(canvas.getByText(/One other campaign wants some of the same requests/)).toBeVisible();
  },
};

/** A language rule on a history that carries no language: not read, never "keeps 100 %". */
export const LanguageNotRead: Story = {
  args: {
    state: {
      status: 'ready',
      forecast: forecastAnswer(60_000, 'asap', [], HISTORY_WITHOUT_LANGUAGE, {
        ...FORECAST_RULES,
        languages: { mode: 'include', values: ['ja'] },
      }),
    },
  },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByText('Languages: not read (no request of the history carries it)'),
    ).toBeVisible();
    await expect(canvas.queryByText(/Languages: keeps/)).toBeNull();
    await expect(
      canvas.getByText(/Languages not read: no request of the history carries its fact/),
    ).toBeVisible();
  },
};

/** An account with no ad requests yet. */
export const NoHistory: Story = {
  args: { state: { status: 'ready', forecast: forecastAnswer(250_000, 'asap', [], []) } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('No history')).toBeVisible();
    await expect(
      canvas.getByText('No ad requests of this account in the last 60 days to forecast from'),
    ).toBeVisible();
  },
};

/** The server refused or could not answer. */
export const ErrorAnswer: Story = {
  args: { state: { status: 'error', message: 'end: the flight has ended; a forecast reads days to come' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('end: the flight has ended');
  },
};

/** A field of the rules being edited is invalid: no figure (not the last valid set's), only what to fix. */
export const NotEstimatedWhileInvalid: Story = {
  args: { state: { status: 'invalid', field: 'Countries' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(notEstimatedText('Countries'));
    await expect(canvas.queryByText(/impressions a day/)).toBeNull();
  },
};

/** No flight dates or no impressions goal yet: what to fill in. */
export const Incomplete: Story = {
  args: {
    state: {
      status: 'incomplete',
      missing: 'Set the flight’s start and end dates to forecast the inventory.',
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/Set the flight’s start and end dates/)).toBeVisible();
  },
};

/**
 * On a 390 px phone, in a dialog (284 px for the panel's text): the bars, the funnel and the other
 * campaign fit, nothing scrolls sideways, and each funnel row's figure stays on one line beside its
 * label, which wraps in its own column ("All requests of the account" once ran into "53,359 a day").
 */
export const Phone: Story = {
  args: {
    state: {
      status: 'ready',
      forecast: forecastAnswer(250_000, 'asap', [SAME_TARGETING], HISTORY_WITHOUT_LANGUAGE, {
        ...FORECAST_RULES,
        languages: { mode: 'include', values: ['ja'] },
      }),
    },
  },
  decorators: [
    (Story) => (
      <div className="w-[310px]">
        <Story />
      </div>
    ),
  ],
  play: async ({ canvasElement }) => {
    const panel = canvasElement.querySelector('[data-slot="forecast-panel"]') as HTMLElement;
    await expect(panel.scrollWidth).toBeLessThanOrEqual(panel.clientWidth);
    await expect(panel.getBoundingClientRect().width).toBeLessThanOrEqual(310);
    const rows = [...panel.querySelectorAll('[data-slot="forecast-funnel"] > li')];
    await expect(rows.length).toBeGreaterThan(3);
    for (const row of rows) {
      const [label, value] = [...row.children] as HTMLElement[];
      const line = Number.parseFloat(getComputedStyle(value as HTMLElement).lineHeight);
      // The figure on one line, to the right of every line of its label.
      await expect({ row: row.textContent, lines: Math.round((value?.offsetHeight ?? 0) / line) }).toEqual({
        row: row.textContent,
        lines: 1,
      });
      await expect(label?.getBoundingClientRect().right).toBeLessThanOrEqual(
        value?.getBoundingClientRect().left ?? 0,
      );
    }
    // The dashed line's need on its own line under the first and last days, each unbroken.
    const caption = panel.querySelector('figcaption') as HTMLElement;
    for (const part of caption.querySelectorAll('span')) {
      await expect(part.getClientRects()).toHaveLength(1);
    }
  },
};

/** Dark theme. */
export const Dark: Story = {
  globals: { theme: 'dark' },
  args: { state: { status: 'ready', forecast: forecastAnswer(250_000, 'asap', [SAME_TARGETING]) } },
};
