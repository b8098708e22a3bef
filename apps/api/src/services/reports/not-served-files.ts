// "Requests not served, by reason" in report files (docs/reports.md, "Requests not served"): the CSV's
// table after the figures, the workbook's sheet and the PDF's table, each from the figures shown in the
// not-served panel (the domain's REPORT_FIGURES with `notServed`: figure-columns.ts), only when the
// campaign's tags had ad requests in the range. Every row adds up: requests = served + each reason.
import { type NotServed, shortLabel } from '@adconsole/domain';
import type { Figures } from './build-input';
import { csvCell, type FigureColumn, figureColumns, sheetHead } from './figure-columns';

/** The panel's figures as file columns: ad requests, served, then each reason. */
const notServedColumns = (figures: Figures): FigureColumn[] => figureColumns(figures, 'notServed');

/** Whether the report has ad requests to show (a file then has the section). */
export const hasRequests = (figures: Figures): boolean => figures.notServed.totals.adRequests > 0;

/** The section's header: the period, then each figure's header. */
export const notServedHeaders = (figures: Figures): string[] => [
  'Date',
  ...notServedColumns(figures).map((column) => column.header),
];

/** Its rows: each local period with requests, then the range's totals ('start..end'). */
export function notServedLines(figures: Figures): (string | number)[][] {
  const columns = notServedColumns(figures);
  const { series, totals }: NotServed = figures.notServed;
  return [
    ...series
      .filter((point) => point.adRequests > 0)
      .map((point) => [point.date, ...columns.map((column) => csvCell(column, point))]),
    [`${figures.start}..${figures.end}`, ...columns.map((column) => csvCell(column, totals))],
  ];
}

/** The workbook sheet's head: the period, then each figure (counts). */
export const notServedSheetHead = (figures: Figures) => [
  { header: 'Date', width: 22 },
  ...sheetHead(notServedColumns(figures)),
];

/**
 * The PDF's table: each outcome of the range with its requests and its share of them ('Served 71.4 %',
 * 'Country 18.2 %'...), outcomes without a request left out; all requests last.
 */
export function notServedPdfRows(figures: Figures): string[][] {
  const { totals } = figures.notServed;
  const integer = new Intl.NumberFormat('en-US');
  const [all, ...outcomes] = notServedColumns(figures);
  const share = (count: number) =>
    totals.adRequests > 0 ? `${((count / totals.adRequests) * 100).toFixed(1)} %` : '—';
  const row = (column: FigureColumn) => {
    const count = totals[column.key as keyof typeof totals];
    return [shortLabel(column.figure), integer.format(count), share(count)];
  };
  return [
    ...outcomes.filter((column) => totals[column.key as keyof typeof totals] > 0).map(row),
    ...(all ? [row(all)] : []),
  ];
}
