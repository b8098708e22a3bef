// The report downloads of one fixed report, byte for byte (CSV) and cell for cell (XLSX, and the pivot
// workbook with its pivot cache's fields), against the golden files in golden/ (docs/testing.md, "Golden
// report files"): a change to any renderer of the downloads (a header, a column's order, a format, a
// sheet) shows here as a diff to look at. After a change that is meant, write the files again with
// `UPDATE_GOLDEN=1` and read their diff before committing it.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  oneWeekReportWithConversionsAndSpend,
  siteBreakdownWithConversionsAndSpend,
} from '@adconsole/charts/fixtures';
import {
  type FigureKey,
  figureSpec,
  type ReportCounters,
  type ReportData,
  type ReportTotals,
  reportRates,
} from '@adconsole/domain';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import type { FiguresWithRows } from './build-input';
import { reportFileBytes } from './downloads';

const GOLDEN = path.join(path.dirname(fileURLToPath(import.meta.url)), 'golden');
const update = process.env.UPDATE_GOLDEN === '1';

/** Compares `actual` with the golden file `name` (or writes it with UPDATE_GOLDEN=1). */
function expectGolden(name: string, actual: string) {
  const file = path.join(GOLDEN, name);
  if (update) writeFileSync(file, actual);
  expect(existsSync(file), `${name} is missing: write it with UPDATE_GOLDEN=1`).toBe(true);
  expect(actual).toBe(readFileSync(file, 'utf8'));
}

/** Every impression measurable (the fixture draws no measurable count; a server always answers one). */
const measured = <T extends ReportTotals>(totals: T): T => ({ ...totals, measurable: totals.impressions });
const fixture = oneWeekReportWithConversionsAndSpend;
const figures: ReportData = {
  ...fixture,
  totals: measured(fixture.totals),
  series: fixture.series.map(measured),
  creatives: fixture.creatives.map((creative) => ({ ...creative, totals: measured(creative.totals) })),
};

/**
 * A creative's totals spread over the report's days: each count divided evenly, the remainder on the
 * first day, so a creative's rows add up to its totals; each day's rates computed from its counts.
 */
function creativeDays(totals: ReportTotals): Map<string, ReportTotals> {
  const days = figures.series.map((point) => point.date);
  const counts = Object.entries(totals).filter(
    ([key, value]) => typeof value === 'number' && figureSpec(key as FigureKey)?.kind === 'count',
  ) as [keyof ReportCounters, number][];
  return new Map(
    days.map((day, index) => {
      const counters = Object.fromEntries(
        counts.map(([key, value]) => {
          const share = Math.floor(value / days.length);
          return [key, index === 0 ? value - share * (days.length - 1) : share];
        }),
      ) as unknown as ReportCounters;
      return [day, reportRates(counters, figures.rate, figures.conversionCurrency)];
    }),
  );
}

const rows: FiguresWithRows = {
  figures,
  creativePeriods: new Map(figures.creatives.map((creative) => [creative.id, creativeDays(creative.totals)])),
  // Some invalid traffic of the first creative on the first and third days.
  creativeFiltered: new Map([
    [
      figures.creatives[0]?.id ?? '',
      new Map([
        [figures.series[0]?.date ?? '', { impressions: 40, clicks: 3 }],
        [figures.series[2]?.date ?? '', { impressions: 7, clicks: 0 }],
      ]),
    ],
  ]),
  fileBreakdowns: { breakdowns: [siteBreakdownWithConversionsAndSpend] },
};

/** A cell's value as the golden file writes it: numbers, text and dates as JSON, empty as null. */
const cellText = (value: ExcelJS.CellValue) => (value === undefined ? null : value);

/** Every sheet of a workbook by name, each row's cell values as one JSON line. */
async function workbookText(bytes: Buffer): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as never);
  return workbook.worksheets
    .map((sheet) => {
      const lines = [`# ${sheet.name}`];
      for (let index = 1; index <= sheet.rowCount; index += 1) {
        const values = sheet.getRow(index).values as ExcelJS.CellValue[];
        lines.push(
          JSON.stringify(
            Array.from({ length: sheet.columnCount }, (_, column) => cellText(values[column + 1])),
          ),
        );
      }
      return lines.join('\n');
    })
    .join('\n\n')
    .concat('\n');
}

describe('report downloads against their golden files', () => {
  it('the CSV is exactly golden/report.csv', async () => {
    const bytes = await reportFileBytes(rows, 'csv', 'full');
    expectGolden('report.csv', bytes.toString('utf8'));
  });

  it("the XLSX's sheets and cell values are exactly golden/report.xlsx.txt", async () => {
    expectGolden('report.xlsx.txt', await workbookText(await reportFileBytes(rows, 'xlsx', 'full')));
  });

  it("the pivot workbook's cell values, pivot cache fields and record count are exactly golden/report-pivot.xlsx.txt", async () => {
    const bytes = await reportFileBytes(rows, 'xlsx-pivot', 'full');
    const zip = await JSZip.loadAsync(bytes);
    const definition = (await zip.file('xl/pivotCache/pivotCacheDefinition1.xml')?.async('string')) ?? '';
    const cache = [
      '# Pivot cache',
      `recordCount ${/recordCount="(\d+)"/.exec(definition)?.[1] ?? 'none'}`,
      ...[...definition.matchAll(/<cacheField name="([^"]*)"/g)].map((match) => `field ${match[1]}`),
    ].join('\n');
    expectGolden('report-pivot.xlsx.txt', `${await workbookText(bytes)}\n${cache}\n`);
  });
});
