// The printed report where the demo's own layout does not reach a rule (docs/console.md, "Printing:
// sections that fit the page"): a table whose end falls at a page's foot keeps its note with it, a
// name no line break fits keeps its card inside the page, and a share page with a breakdown longer than
// a page prints every card after the one before. `e2e/reporting.test.ts` prints the demo as it is.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { PRINT_CHART_WIDTH } from '../apps/console/src/screens/reporting/print-width';
import { baseURL, useBrowser } from './support/browser';
import { type PdfLine, pdfLines } from './support/pdf';
import { campaignOnSites, signIn } from './support/publisher';
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

  it('prints a share page whose breakdown is longer than a page with every card after the one before, on every A4 page', async () => {
    const { shareURL } = await campaignOnSites(await signIn(baseURL()), 'Printing journey: sixty sites', 60);
    const page = await newPage();
    // The server's drawing, as a reader prints it: no console code runs until the page is touched. Its
    // range holds today, when the ads were served (a report opens on whole days that ended yesterday).
    const now = Math.floor(Date.now() / 1000);
    await page.goto(`${new URL(shareURL).pathname}?start=${now - 7 * 86_400}&end=${now + 86_400}`);
    await page.getByRole('table', { name: 'Report by site' }).waitFor({ state: 'attached' });
    await page.emulateMedia({ media: 'print' });
    // A4 less its 12 mm margins is 703 CSS px.
    await page.setViewportSize({ width: 703, height: 900 });
    const laidOut = await page.evaluate(printedCards);
    expect(laidOut.rows, 'the breakdown drawn with its top 50 sites and Other').toBeGreaterThanOrEqual(51);
    // Laid out for print: nothing of a card drawn past its box, and no two cards' boxes overlap.
    expect(laidOut.outside).toEqual([]);
    expect(laidOut.overlapping).toEqual([]);
    // Page 1's tiles whole: none past the page's width, none cut by its box.
    expect(laidOut.clippedTiles).toEqual([]);

    // On paper: each card's lines (its own text, found in no other card) on each page, top to bottom.
    const file = path.join(scratch, 'share-sixty-sites.pdf');
    writeFileSync(file, await page.pdf({ preferCSSPageSize: true, printBackground: true }));
    const lines = pdfLines(file);
    // A card's own texts: found in no other card. A line is a card's when it is one of its own texts, or
    // a part of one (a text wrapped over lines) long enough to say whose it is.
    const own = laidOut.texts.map((texts, card) =>
      texts.filter(
        (text) =>
          text.length >= 4 &&
          !laidOut.texts.some(
            (others, other) => other !== card && others.some((each) => each.includes(text)),
          ),
      ),
    );
    const owners = (line: string) =>
      own.flatMap((texts, card) =>
        texts.some((text) => text === line || (line.length >= 12 && text.includes(line))) ? [card] : [],
      );
    const extents = new Map<string, { page: number; card: number; top: number; bottom: number }>();
    for (const line of lines) {
      const [card, ...others] = owners(line.text);
      if (card === undefined || others.length > 0) continue;
      const key = `${line.page}:${card}`;
      const extent = extents.get(key) ?? { page: line.page, card, top: line.top, bottom: line.bottom };
      extents.set(key, {
        ...extent,
        top: Math.min(extent.top, line.top),
        bottom: Math.max(extent.bottom, line.bottom),
      });
    }
    const found = [...extents.values()];
    // The breakdown's rows go over more than one page, and the Figures card is printed too.
    const breakdownCard = laidOut.titles.indexOf('Breakdown');
    const figuresCard = laidOut.titles.indexOf('Figures');
    expect(found.filter((extent) => extent.card === breakdownCard).length).toBeGreaterThanOrEqual(2);
    expect(found.some((extent) => extent.card === figuresCard)).toBe(true);
    const overprinted = found.flatMap((a) =>
      found
        .filter((b) => b.page === a.page && b.card > a.card && b.top < a.bottom - 1 && a.top < b.bottom - 1)
        .map((b) => `page ${a.page}: ${laidOut.titles[a.card]} and ${laidOut.titles[b.card]}`),
    );
    expect(overprinted).toEqual([]);
    // A card later in the report is never printed above an earlier one on the same page.
    const outOfOrder = found.flatMap((a) =>
      found
        .filter((b) => b.page === a.page && b.card > a.card && b.bottom <= a.top)
        .map((b) => `page ${a.page}: ${laidOut.titles[b.card]} above ${laidOut.titles[a.card]}`),
    );
    expect(outOfOrder).toEqual([]);
  });
});

/**
 * The report's cards as laid out for print (run in the page): each card's title and its visible texts,
 * the descendants drawn past its box, the cards whose boxes overlap, the tiles cut off, and the rows of
 * the breakdown's table.
 */
function printedCards() {
  // The report's parts in order (its header, the key figures, every card), as printed.
  const cards = [...document.querySelectorAll('[data-slot="report-view"] > *')].filter((part) => {
    const box = part.getBoundingClientRect();
    return box.width > 1 && box.height > 1;
  });
  const visible = (element: Element) => {
    const box = element.getBoundingClientRect();
    return box.width > 1 && box.height > 1 && !element.closest('.sr-only');
  };
  // Each text as drawn (a header's sort button has no box of its own on paper: its text node has).
  const texts = cards.map((card) => {
    const found = new Set<string>();
    const walker = document.createTreeWalker(card, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.trim() || node.parentElement?.closest('.sr-only')) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const box = range.getBoundingClientRect();
      if (box.width >= 1 && box.height >= 1)
        found.add((node.parentElement?.textContent ?? '').replace(/\s+/g, ' ').trim());
    }
    return [...found];
  });
  const boxes = cards.map((card) => card.getBoundingClientRect());
  const titles = cards.map(
    (card) =>
      card.querySelector('[data-slot="card-title"], h1, h2')?.textContent?.trim() ??
      card.getAttribute('data-slot') ??
      '',
  );
  const outside = cards.flatMap((card, index) => {
    const box = boxes[index] as DOMRect;
    return [...card.querySelectorAll('*')]
      .filter(visible)
      .filter((element) => {
        const inner = element.getBoundingClientRect();
        return inner.bottom > box.bottom + 1 || inner.top < box.top - 1;
      })
      .slice(0, 3)
      .map((element) => `${titles[index]}: ${(element.textContent ?? '').trim().slice(0, 40)}`);
  });
  const overlapping = boxes.flatMap((a, index) =>
    boxes
      .slice(index + 1)
      .filter((b) => b.top < a.bottom - 1 && a.top < b.bottom - 1)
      .map(() => titles[index]),
  );
  const width = document.documentElement.clientWidth;
  const clippedTiles = [...document.querySelectorAll('[data-slot="report-view"] [data-slot="kpi-tile"]')]
    .filter((tile) => {
      const box = tile.getBoundingClientRect();
      let clipped = box.right > width + 0.5 || box.left < -0.5;
      for (let parent = tile.parentElement; parent && !clipped; parent = parent.parentElement) {
        const style = getComputedStyle(parent);
        if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
        const edge = parent.getBoundingClientRect();
        clipped = box.right > edge.right + 0.5 || box.bottom > edge.bottom + 0.5;
      }
      return clipped;
    })
    .map((tile) => tile.getAttribute('data-metric'));
  const rows = [...document.querySelectorAll('table')]
    .find((table) => table.querySelector('caption')?.textContent === 'Report by site')
    ?.querySelectorAll('tbody tr').length;
  return { titles, texts, outside, overlapping, clippedTiles, rows: rows ?? 0 };
}
