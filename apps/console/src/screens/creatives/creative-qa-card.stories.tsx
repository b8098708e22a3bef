import {
  CREATIVE_QA_NOT_MEASURED,
  type CreativeQa,
  type CreativeQaMeasurement,
  heavyAdProblem,
  judgeCreativeQa,
} from '@adconsole/domain';
import { Card, CardContent, CardHeader, CardTitle } from '@adconsole/ui';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { phoneViewport } from '../../../../../.storybook/phone-viewport';
import { CreativeQaPanel } from './creative-qa-card';

/** A light IAB 300x250 banner, as the API's QA measured one. */
const light: CreativeQaMeasurement = {
  networkBytes: 38_336,
  initialLoadBytes: 38_336,
  requests: 2,
  initialRequests: 2,
  insecureRequests: 0,
  insecureExamples: [],
  cpuPeakWindowSeconds: 0.1,
  cpuTotalSeconds: 0.1,
  declared: { width: 300, height: 250 },
  drawn: { width: 300, height: 250 },
  clickTag: { found: true, wired: true },
  elapsedSeconds: 4,
  stoppedAt: null,
};

const measured = (measurement: CreativeQaMeasurement): CreativeQa => ({
  creativeId: 'crv_7',
  state: 'measured',
  current: true,
  measuredAt: '2026-11-29T10:00:00.000Z',
  checks: judgeCreativeQa(measurement),
  measurement,
  heavyAd: heavyAdProblem(measurement) ?? null,
  reason: null,
});

const empty = {
  creativeId: 'crv_7',
  current: true,
  measuredAt: null,
  checks: [],
  measurement: null,
  heavyAd: null,
};

const meta = {
  title: 'Console/Creatives/CreativeQaPanel',
  component: CreativeQaPanel,
  args: { qa: measured(light), running: false, onRun: fn() },
  decorators: [(Story) => <div className="max-w-xl">{Story()}</div>],
} satisfies Meta<typeof CreativeQaPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

const row = (canvas: Parameters<NonNullable<Story['play']>>[0]['canvas'], label: string) =>
  canvas.getByText(label).closest('li') as HTMLElement;

export const Passing: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getAllByText('Pass')).toHaveLength(8);
    await expect(row(canvas, 'Initial load (IAB)')).toHaveTextContent('37 KB');
    await expect(canvas.queryByRole('alert')).not.toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Run again' }));
    await expect(args.onRun).toHaveBeenCalledOnce();
  },
};

/** Over the IAB's 150 KB initial load, over http, a different drawn size: warnings, publishing allowed. */
export const Warnings: Story = {
  args: {
    qa: measured({
      ...light,
      networkBytes: 420 * 1024,
      initialLoadBytes: 310 * 1024,
      insecureRequests: 2,
      drawn: { width: 320, height: 250 },
    }),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByText('Warning')).toHaveLength(3);
    await expect(row(canvas, 'https only (IAB)')).toHaveTextContent('2 not https');
    await expect(row(canvas, 'Drawn size matches the declared size')).toHaveTextContent('320×250');
    await expect(canvas.queryByRole('alert')).not.toBeInTheDocument();
  },
};

/** 15.2 s of main-thread CPU in 30 s: Chrome would remove it, and publishing is refused with the number. */
export const FailedHeavyAd: Story = {
  args: {
    qa: measured({
      ...light,
      cpuPeakWindowSeconds: 15.2,
      cpuTotalSeconds: 15.2,
      drawn: null,
      clickTag: null,
      stoppedAt: 'cpuWindow',
    }),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(
      'it used 15.2 s of main-thread CPU in 30 s (the limit is 15 s)',
    );
    await expect(row(canvas, 'Main-thread CPU in any 30 s (Chrome heavy ad)')).toHaveTextContent('Fail');
  },
};

export const Running: Story = {
  args: { qa: { ...empty, state: 'running', current: false, reason: null } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Measuring in Chromium (at most 30 s)…')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Measuring…' })).toBeDisabled();
  },
};

/** A server without Chromium: said, no button, publishing not blocked. */
export const NotMeasured: Story = {
  args: { qa: { ...empty, state: 'not_measured', reason: CREATIVE_QA_NOT_MEASURED } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(CREATIVE_QA_NOT_MEASURED)).toBeVisible();
    await expect(canvas.queryByRole('button')).not.toBeInTheDocument();
  },
};

/** The card on a 390 px phone, as the creative page shows it: a failed run's sentence and checks wrap inside it. */
export const Phone: Story = {
  ...FailedHeavyAd,
  beforeEach: phoneViewport,
  decorators: [
    (Story) => (
      <Card>
        <CardHeader>
          <CardTitle level={2}>Creative QA</CardTitle>
        </CardHeader>
        <CardContent>
          <Story />
        </CardContent>
      </Card>
    ),
  ],
  play: async (context) => {
    await FailedHeavyAd.play?.(context);
    const card = context.canvasElement.querySelector('[data-slot="card"]') as HTMLElement;
    await expect(card.scrollWidth).toBeLessThanOrEqual(card.clientWidth);
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};
