// The stories' view of a page the server draws (docs/console.md, "Signed-in pages drawn by the server"):
// the HTML the server sends, as it is, with no effect of the page's own script run on it, the report a
// report page's stories draw, as its answers travel (JSON), and the signed-in frame's user and bell.
import { oneWeekReport, previousWeekReport, siteBreakdown } from '@adconsole/charts/fixtures';
import { expect } from 'storybook/test';
import { openDrop } from '../screens/alerts/alert-fixtures';
import type { DrawnFrameView } from './drawn-frame';

/** The HTML a drawing gave, or 'not drawn' where it gave none. */
export function ServerHtml({ html }: { html: string | undefined }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the story shows the server's HTML itself
  return <div dangerouslySetInnerHTML={{ __html: html ?? 'not drawn' }} />;
}

/** A week's report as a report page's drawing is given it: the report, the week before, its sites. */
export const drawnWeek = {
  report: JSON.parse(JSON.stringify(oneWeekReport)),
  previous: JSON.parse(JSON.stringify(previousWeekReport)),
  breakdownReport: JSON.parse(JSON.stringify({ ...oneWeekReport, breakdown: siteBreakdown })),
  now: '2026-11-28T12:00:00.000Z',
  phone: false,
  companyName: 'Adconsole',
  locale: 'en-US',
  search: '',
  zoneLabel: '(GMT+00:00) UTC',
  unit: 'day',
  hourlyAllowed: true,
  breakdown: 'site',
  previousDays: { start: previousWeekReport.start, end: previousWeekReport.end },
} as const;

/** The signed-in frame a signed-in page's drawing is given: a user, the bell's one open alert. */
export const drawnFrame = {
  companyName: 'Adconsole',
  now: '2026-11-28T12:00:00.000Z',
  phone: false,
  alerts: [openDrop],
  user: { role: 'user', name: 'Demo User' },
} satisfies DrawnFrameView;

/**
 * A phone's drawing of a signed-in page: the compact frame, its chart at `chartWidth`, nothing wider than
 * the phone.
 */
export async function expectPhoneDrawing(canvasElement: HTMLElement, chartWidth: number) {
  await expect(canvasElement.querySelector('[data-slot="app-shell"][data-compact]')).not.toBeNull();
  const chart = canvasElement.querySelector('[data-static-chart] svg[data-scaled]');
  await expect(chart).toHaveAttribute('width', String(chartWidth));
  await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(390);
}
