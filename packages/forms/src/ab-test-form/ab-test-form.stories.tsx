import { MESSAGES } from '@adconsole/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { AbTestForm } from './ab-test-form';

// The control's CTR so far is 18 of 10,000 impressions: 0.18 %.
const creatives = [
  {
    id: 'a',
    name: 'Static banner',
    published: true,
    goals: { ctr: { successes: 18, trials: 10_000 }, viewability: { successes: 6_400, trials: 10_000 } },
  },
  { id: 'b', name: 'In-banner trailer', published: true, goals: { ctr: { successes: 9, trials: 4_000 } } },
  { id: 'c', name: 'Carousel, autumn range', published: true },
  { id: 'd', name: 'Draft skyscraper', published: false },
];

const meta = {
  title: 'Forms/AbTestForm',
  component: AbTestForm,
  args: { placementID: 'placement-1', creatives, onSubmit: fn(), locale: 'en-US' },
  decorators: [(Story) => <div className="max-w-lg">{Story()}</div>],
} satisfies Meta<typeof AbTestForm>;

export default meta;
type Story = StoryObj<typeof meta>;

const status = (canvasElement: HTMLElement) =>
  canvasElement.querySelector('[data-slot="planned-sample"]') as HTMLElement;

/**
 * The defaults: the first two published creatives, the first the control, CTR, 20 % at 95 % and 80 %
 * power on the control's 0.18 % so far: 239,351 impressions per variant, shown before it starts.
 */
export const Default: Story = {
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('checkbox', { name: 'Static banner' })).toBeChecked();
    await expect(canvas.getByRole('checkbox', { name: 'In-banner trailer' })).toBeChecked();
    await expect(canvas.getByRole('checkbox', { name: 'Carousel, autumn range' })).not.toBeChecked();
    await expect(canvas.getByLabelText('Control')).toHaveTextContent('Static banner');
    await expect(canvas.getByLabelText('Significance')).toHaveTextContent('95%');
    await expect(canvas.getByText(/Empty: its CTR so far, 0\.18% \(18 of 10,000\)/)).toBeVisible();
    await expect(status(canvasElement)).toHaveTextContent(
      'Needs 239,351 impressions per variant, 478,702 in all',
    );
  },
};

/** A 50 % effect is cheaper to find: 43,506 per variant (docs/reports.md, the demo's test); then started. */
export const Start: Story = {
  play: async ({ canvas, canvasElement, args }) => {
    const effect = canvas.getByLabelText('Minimum detectable effect (%)');
    await userEvent.clear(effect);
    await userEvent.type(effect, '50');
    await expect(status(canvasElement)).toHaveTextContent(
      'Needs 43,506 impressions per variant, 87,012 in all',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Start A/B test' }));
    await waitFor(() =>
      expect(args.onSubmit).toHaveBeenCalledWith({
        placementID: 'placement-1',
        variants: ['a', 'b'],
        control: 'a',
        goal: 'ctr',
        minimumDetectableEffect: 50,
        significance: 95,
        power: 80,
      }),
    );
  },
};

/**
 * The hand-computed plan of docs/reports.md: an expected 1 %, 20 % effect: 42,693 per variant; a third
 * variant (Bonferroni: each comparison at 2.5 %) needs 51,702 each.
 */
export const ExpectedRateAndThreeVariants: Story = {
  play: async ({ canvas, canvasElement, args }) => {
    await userEvent.type(canvas.getByLabelText("Control's expected rate (%)"), '1');
    await expect(status(canvasElement)).toHaveTextContent(
      'Needs 42,693 impressions per variant, 85,386 in all',
    );
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Carousel, autumn range' }));
    await expect(status(canvasElement)).toHaveTextContent(
      'Needs 51,702 impressions per variant, 155,106 in all',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Start A/B test' }));
    await waitFor(() =>
      expect(args.onSubmit).toHaveBeenCalledWith(
        expect.objectContaining({ variants: ['a', 'b', 'c'], baselineRate: 1, minimumDetectableEffect: 20 }),
      ),
    );
  },
};

/** Another control and goal: the control without a rate of its own asks for the expected rate. */
export const NoRateSoFar: Story = {
  play: async ({ canvas, canvasElement, args }) => {
    const body = within(document.body);
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Carousel, autumn range' }));
    await userEvent.click(canvas.getByLabelText('Control'));
    await userEvent.click(await body.findByRole('option', { name: 'Carousel, autumn range' }));
    await expect(canvas.getByText(/It has no impressions yet: enter the rate you expect/)).toBeVisible();
    await expect(status(canvasElement)).toHaveTextContent(
      "The sample the test needs shows once the control's expected CTR is known.",
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Start A/B test' }));
    await expect(await canvas.findByText(MESSAGES.abTestExpectedRateRequired)).toBeVisible();
    await expect(canvas.getByLabelText("Control's expected rate (%)")).toHaveFocus();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** Impressions but no click yet: a rate of 0 plans nothing, so the expected rate is asked for. */
export const NoClicksYet: Story = {
  args: {
    creatives: [
      { id: 'a', name: 'Static banner', published: true, goals: { ctr: { successes: 0, trials: 1_200 } } },
      { id: 'b', name: 'In-banner trailer', published: true },
    ],
  },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByText(/Its CTR so far is 0% \(0 of 1,200\), which plans nothing/)).toBeVisible();
    await userEvent.type(canvas.getByLabelText("Control's expected rate (%)"), '0.2');
    await expect(status(canvasElement)).toHaveTextContent(/Needs [\d,]+ impressions per variant/);
  },
};

/** One variant left, and an effect out of range: each refused with its message. */
export const Refused: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('checkbox', { name: 'In-banner trailer' }));
    const effect = canvas.getByLabelText('Minimum detectable effect (%)');
    await userEvent.clear(effect);
    await userEvent.type(effect, '900');
    await userEvent.click(canvas.getByRole('button', { name: 'Start A/B test' }));
    await expect(await canvas.findByText(MESSAGES.abTestVariants)).toBeVisible();
    await expect(canvas.getByText(MESSAGES.abTestMinimumDetectableEffect)).toBeVisible();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** Viewability at 99 %: the control's 64 % viewable so far is the baseline. */
export const Viewability: Story = {
  play: async ({ canvas, canvasElement }) => {
    const body = within(document.body);
    await userEvent.click(canvas.getByLabelText('Goal'));
    await userEvent.click(await body.findByRole('option', { name: 'Viewability' }));
    await userEvent.click(canvas.getByLabelText('Significance'));
    await userEvent.click(await body.findByRole('option', { name: '99%' }));
    await expect(canvas.getByText(/its Viewability so far, 64% \(6,400 of 10,000\)/)).toBeVisible();
    await expect(status(canvasElement)).toHaveTextContent(/measurable impressions per variant/);
  },
};

export const ServerError: Story = {
  args: { serverError: MESSAGES.abTestAlreadyRunning },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(MESSAGES.abTestAlreadyRunning);
  },
};

/** A phone (390 px, the dialog's padding taken off): the fields stack. */
export const Phone: Story = {
  decorators: [(Story) => <div style={{ width: 326 }}>{Story()}</div>],
  play: async ({ canvasElement }) => {
    const form = canvasElement.querySelector('[data-slot="ab-test-form"]') as HTMLElement;
    await expect(form.scrollWidth).toBeLessThanOrEqual(form.clientWidth);
  },
};

const dark = { globals: { theme: 'dark' } } as const;
export const DefaultDark: Story = { ...Default, ...dark };
export const NoRateSoFarDark: Story = { ...NoRateSoFar, ...dark };
export const RefusedDark: Story = { ...Refused, ...dark };
export const PhoneDark: Story = { ...Phone, ...dark };
