// Stories only: the report's charts as a 390 px phone shows them, each in a card (the page's 16 px and
// the card's 21 px of border and padding taken off each side), and the same screen turned to 700 px
// and back. A chart without a fixed width measures its card and draws at that width, so its axis text
// keeps its font size (docs/console.md, "Charts without a window": a chart drawn for 1,046 px and shrunk
// to a phone's card had text 3 px high).
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { atRiskPacing, monthReach, oneWeekReport } from '../fixtures';
import { PacingChart } from '../pacing';
import { PerformanceChart } from '../performance-chart';
import { ReachCurve } from '../reach';
import { VideoQuartilesChart } from '../video-quartiles-chart';

/** A 390 px phone's screen less the page's padding (16 px each side; the preview frame adds it). */
const PHONE_SCREEN = 390 - 2 * 16;
const TURNED_SCREEN = 700;
const CHARTS = ['pacing-chart', 'performance-chart', 'video-quartiles-chart', 'reach-curve'] as const;

function PhoneCharts() {
  const card = 'grid gap-3 rounded-xl border bg-card px-5 py-5';
  return (
    <div data-phone-screen="" className="grid gap-4" style={{ width: PHONE_SCREEN }}>
      <section className={card}>
        <PacingChart pacing={atRiskPacing} locale="en-US" animate={false} />
      </section>
      <section className={card}>
        <PerformanceChart series={oneWeekReport.series} locale="en-US" animate={false} />
      </section>
      <section className={card}>
        <VideoQuartilesChart totals={oneWeekReport.totals} locale="en-US" animate={false} />
      </section>
      <section className={card}>
        <ReachCurve reach={monthReach} locale="en-US" animate={false} />
      </section>
    </div>
  );
}

const meta = {
  title: 'Charts/OnAPhone',
  component: PhoneCharts,
} satisfies Meta<typeof PhoneCharts>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Each chart's smallest text height as drawn, its drawing's width and its card's inner width. */
const measure = (canvasElement: HTMLElement) =>
  CHARTS.map((name) => {
    const chart = canvasElement.querySelector(`[data-slot="${name}"]`) as HTMLElement;
    const svg = chart.querySelector('[data-slot="chart-image"] svg') as SVGSVGElement | null;
    const heights = [...chart.querySelectorAll('[data-slot="chart-image"] svg text')]
      .filter((text) => (text.textContent ?? '').trim() !== '')
      .map((text) => text.getBoundingClientRect().height);
    return {
      name,
      texts: heights.length,
      smallest: Math.min(...heights),
      drawn: Number(svg?.getAttribute('width') ?? 0),
      card: Math.floor((chart.closest('section') as HTMLElement).clientWidth - 40),
    };
  });

/** Every chart drawn at its card's width, its axis text 10 px high or more. */
async function drawnAtTheirWidth(canvasElement: HTMLElement) {
  await waitFor(() => {
    for (const chart of measure(canvasElement)) {
      expect(chart.texts, `${chart.name}'s text`).toBeGreaterThan(0);
      expect(chart.drawn, `${chart.name} drawn at its card's width`).toBe(chart.card);
    }
  });
  for (const chart of measure(canvasElement))
    await expect(chart.smallest, `${chart.name}'s smallest text`).toBeGreaterThanOrEqual(10);
}

/** Pacing, performance, video quartiles and reach at 390 px: each drawn at 316 px, its text at its size. */
export const Phone: Story = {
  play: async ({ canvasElement }) => {
    await drawnAtTheirWidth(canvasElement);
    await expect(measure(canvasElement).map((chart) => chart.drawn)).toEqual([316, 316, 316, 316]);
  },
};

/** The phone turned (700 px), then back: every chart redrawn at its card's new width each time. */
export const PhoneTurned: Story = {
  tags: ['no-visual'],
  play: async ({ canvasElement }) => {
    await drawnAtTheirWidth(canvasElement);
    const screen = canvasElement.querySelector<HTMLElement>('[data-phone-screen]') as HTMLElement;
    screen.style.width = `${TURNED_SCREEN}px`;
    await drawnAtTheirWidth(canvasElement);
    await expect(measure(canvasElement).map((chart) => chart.drawn)).toEqual([658, 658, 658, 658]);
    screen.style.width = `${PHONE_SCREEN}px`;
    await drawnAtTheirWidth(canvasElement);
    await expect(measure(canvasElement).map((chart) => chart.drawn)).toEqual([316, 316, 316, 316]);
  },
};

const dark = { globals: { theme: 'dark' } } as const;
export const PhoneDark: Story = { ...Phone, ...dark };
