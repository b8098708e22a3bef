// The printed report where the demo's own layout does not reach a rule (docs/console.md, "Printing:
// sections that fit the page"): a table whose end falls at a page's foot keeps its note with it, and a
// name no line break fits keeps its card inside the page. `e2e/reporting.test.ts` prints the demo as it is.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { PRINT_CHART_WIDTH } from '../apps/console/src/screens/reporting/print-width';
import { useBrowser } from './support/browser';
import { type PdfLine, pdfLines } from './support/pdf';
import { openDemoReport } from './support/reporting';

const scratch = mkdtempSync(path.join(tmpdir(), 'adconsole-e2e-printing-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The demo report in its printed state, the figures by creative (the report's last table) drawn. */
async function printedReport(page: Page) {
  await openDemoReport(page);
  await page.emulateMedia({ media: 'print' });
  await expect
    .poll(() => page.locator('[data-slot="performance-chart"] svg').first().getAttribute('width'))
    .toBe(String(PRINT_CHART_WIDTH));
  await page.getByRole('table', { name: 'Figures by creative' }).waitFor({ state: 'attached' });
}

/** The figures by creative's Total line and its note's last line in the printed PDF (the report's last note). */
async function tableEnd(page: Page, file: string): Promise<{ total: PdfLine; noteEnd: PdfLine }> {
  writeFileSync(file, await page.pdf({ preferCSSPageSize: true, printBackground: true }));
  const lines = pdfLines(file);
  const noteAt = lines.findLastIndex((line) => line.text.startsWith('Left out on paper: '));
  // Poppler gives each table cell a line of its own: the Total row's first cell reads "Total".
  const totalAt = lines.findLastIndex((line, at) => at < noteAt && /^Total\b/.test(line.text));
  const noteEndAt = lines.findIndex((line, at) => at >= noteAt && line.text.includes('every column.'));
  expect(totalAt, 'a Total before the note').toBeGreaterThanOrEqual(0);
  return { total: lines[totalAt] as PdfLine, noteEnd: lines[noteEndAt] as PdfLine };
}

describe('printing', () => {
  const newPage = useBrowser();

  it("keeps a table's note on the page of the table's end where, without the rule, the note stands alone on the next", async () => {
    const page = await newPage();
    await printedReport(page);
    const file = path.join(scratch, 'note.pdf');
    // Space before the figures card moves its table's end down the page.
    const placeEnd = (height: number) =>
      page.evaluate((px) => {
        let spacer = document.getElementById('e2e-spacer');
        if (!spacer) {
          spacer = document.createElement('div');
          spacer.id = 'e2e-spacer';
          const caption = [...document.querySelectorAll('caption')].find(
            (each) => each.textContent === 'Figures by creative',
          );
          caption?.closest('[data-slot="card"]')?.before(spacer);
        }
        spacer.style.height = `${px}px`;
      }, height);
    // The rule under test (apps/console/src/styles.css) overridden, or the override removed.
    const keepNote = (keep: boolean) =>
      page.evaluate((on) => {
        document.getElementById('e2e-no-keep')?.remove();
        if (on) return;
        const style = document.createElement('style');
        style.id = 'e2e-no-keep';
        style.textContent =
          '@media print { [data-slot="report-view"] [data-slot="data-table"] { break-after: auto !important } [data-slot="report-view"] [data-slot="printed-columns-note"] { break-before: auto !important } }';
        document.head.append(style);
      }, keep);

    // Without the rule: move the table's end to where the note no longer fits under it on its page.
    await keepNote(false);
    let height = 0;
    let orphaned: { total: PdfLine; noteEnd: PdfLine } | undefined;
    for (let attempt = 0; attempt < 8 && orphaned === undefined; attempt += 1) {
      await placeEnd(height);
      const end = await tableEnd(page, file);
      if (end.noteEnd.page !== end.total.page) orphaned = end;
      else {
        // Points left under the Total on its page (A4 less the 12 mm margin), and the note's height.
        const room = end.total.pageHeight - (12 / 25.4) * 72 - end.total.bottom;
        const note = end.noteEnd.bottom - end.total.bottom;
        height += ((room - note / 2) * 96) / 72;
      }
    }
    expect(orphaned, 'a place where the note alone goes to the next page without the rule').toBeDefined();

    // With the rule, the same place: the note is on the page of the Total.
    await keepNote(true);
    const kept = await tableEnd(page, file);
    expect(kept.noteEnd.page, `note with its table's end (spacer ${Math.round(height)} px)`).toBe(
      kept.total.page,
    );
  });

  it('keeps every card inside the printable width when a name has nowhere to break', async () => {
    const page = await newPage();
    await printedReport(page);
    // A4 less its 12 mm margins is 703 CSS px.
    await page.setViewportSize({ width: 703, height: 900 });
    const past = await page.evaluate(() => {
      const table = [...document.querySelectorAll('table')].find(
        (each) => each.querySelector('caption')?.textContent === 'Figures by creative',
      );
      const name = table?.querySelector('[data-fitted-name]');
      if (name) name.textContent = `Northwind_${'trail_season_'.repeat(12)}banner`;
      const width = document.documentElement.clientWidth;
      return {
        named: Boolean(name),
        cards: [...document.querySelectorAll('[data-slot="report-view"] [data-slot="card"]')]
          .filter((card) => card.getBoundingClientRect().right > width + 0.5)
          .map((card) => card.textContent?.slice(0, 40)),
        scrolling: [...document.querySelectorAll('[data-slot="report-view"] [data-slot="table-container"]')]
          .filter((container) => container.scrollWidth > container.clientWidth)
          .map((container) => container.querySelector('caption')?.textContent),
      };
    });
    expect(past.named).toBe(true);
    expect(past.cards).toEqual([]);
    expect(past.scrolling).toEqual([]);
  });
});
