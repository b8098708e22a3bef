// The share page's charts on a phone (docs/console.md, "Charts without a window"): every chart is drawn
// at the width its card gives it, so its axis text keeps its font size, whatever the user agent says and
// after the window changes its width. The server draws for the width its user agent suggests; a drawing
// made for another width brings the console, whose charts measure their card and redraw as it changes.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseURL, useBrowser } from './support/browser';
import { PHONE } from './support/phone';
import { demoShareLink } from './support/publisher';

/** The charts a share page of the demo campaign (video, a goal, reach) draws. */
const CHARTS = ['pacing-chart', 'performance-chart', 'video-quartiles-chart', 'reach-curve'] as const;

/** The smallest height of a chart's text (its axes, its labels) as drawn, and the width it was drawn at. */
type ChartText = { chart: string; texts: number; smallest: number; drawnWidth: number; boxWidth: number };

/**
 * Each chart as drawn, once the reader has scrolled down to the last (the console draws a section as the
 * reader comes near it; docs/console.md, "Below the fold").
 */
async function chartTexts(page: Page): Promise<ChartText[]> {
  await page.evaluate(() => window.scrollTo(0, 0));
  for (let step = 0; step < 40; step += 1) {
    const drawn = await page.evaluate(
      async (charts) => {
        const all = charts.every((chart) =>
          document.querySelector(`[data-slot="${chart}"] [data-slot="chart-image"] svg text`),
        );
        if (all) return true;
        window.scrollBy(0, window.innerHeight / 2);
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
        return false;
      },
      [...CHARTS],
    );
    if (drawn) break;
    await page.waitForTimeout(100);
  }
  return page.evaluate(
    (charts) =>
      charts.map((chart) => {
        const element = document.querySelector(`[data-slot="${chart}"]`);
        const svg = element?.querySelector('[data-slot="chart-image"] svg');
        const heights = [...(element?.querySelectorAll('[data-slot="chart-image"] svg text') ?? [])]
          .filter((each) => (each.textContent ?? '').trim() !== '')
          .map((each) => each.getBoundingClientRect().height);
        return {
          chart,
          texts: heights.length,
          smallest: Math.min(...heights),
          drawnWidth: Number(svg?.getAttribute('width') ?? 0),
          boxWidth: svg?.getBoundingClientRect().width ?? 0,
        };
      }),
    [...CHARTS],
  );
}

/** Every chart's text at least 10 px high, each chart drawn at the width it stands in. */
function expectReadable(charts: ChartText[]) {
  expect(charts.map(({ chart }) => chart)).toEqual([...CHARTS]);
  for (const each of charts) {
    expect(each.texts, `${each.chart}'s text`).toBeGreaterThan(0);
    expect(each.smallest, `${each.chart}'s smallest text`).toBeGreaterThanOrEqual(10);
    expect(Math.abs(each.boxWidth - each.drawnWidth), `${each.chart} drawn at its width`).toBeLessThanOrEqual(
      1,
    );
  }
}

/** Once the console has replaced the server's drawing. */
const consoleDrawn = (page: Page) => page.locator('[data-server-view]').waitFor({ state: 'detached' });

describe("the share page's charts on a phone", () => {
  const newPage = useBrowser();
  let path = '';

  beforeAll(async () => {
    path = new URL(await demoShareLink(baseURL())).pathname;
  });

  it("at 390 px with a desktop browser, every chart is redrawn at its card's width: axis text 10 px or more", async () => {
    const page = await newPage({ viewport: PHONE });
    await page.goto(path);
    await consoleDrawn(page);
    expectReadable(await chartTexts(page));
  });

  it('on a phone, the server draws every chart at its width, and no console code runs', async () => {
    const page = await newPage({ viewport: PHONE, phone: true });
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    const charts = await chartTexts(page);
    expect(await page.locator('[data-server-view]').count()).toBe(1);
    for (const each of charts) {
      expect(each.smallest, `${each.chart}'s smallest text`).toBeGreaterThanOrEqual(10);
      // Drawn for 318 px, in a card of about 318 px: near its size, no tall band above or below.
      expect(each.boxWidth / each.drawnWidth, `${each.chart} near its drawn width`).toBeGreaterThan(0.95);
      expect(each.boxWidth / each.drawnWidth, `${each.chart} near its drawn width`).toBeLessThan(1.05);
    }
    expect(scripts).toEqual(['/assets/on-touch-v4.js']);
  });

  it('a window narrowed from 1440 to 390 px and widened again redraws every chart at its new width', async () => {
    const page = await newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    // Drawn for this width: the page stays the server's.
    expect(await page.locator('[data-server-view]').count()).toBe(1);
    await page.setViewportSize(PHONE);
    await consoleDrawn(page);
    expectReadable(await chartTexts(page));
    await page.setViewportSize({ width: 1440, height: 900 });
    // Each look scrolls the page through (seconds on a busy host): a wait that allows for it.
    await expect
      .poll(async () => (await chartTexts(page)).every((each) => each.drawnWidth > 900), { timeout: 20_000 })
      .toBe(true);
    expectReadable(await chartTexts(page));
  });
});
