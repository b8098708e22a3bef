// The XLSX report and the XLSX with a real pivot table, one builder per sheet: a plain Summary first
// (mail previews and spreadsheet viewers open the first sheet), the figures by period, by creative and
// the video's, invalid traffic and conversions, VAST errors, one sheet per breakdown, and the pivot's
// long-form data with the pivot table. The figure columns are the downloads' (figure-columns.ts).
import { figureAdds, filteredTotals, reachShown } from '@adconsole/domain';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { guardWorkbookText } from '../campaigns/spreadsheet-text';
import {
  BREAKDOWN_SHEETS,
  breakdownHeaders,
  breakdownLines,
  breakdownMetricColumns,
  DIMENSION_NAMES,
} from './breakdown-files';
import type { Figures, FiguresWithRows, ReportDetail } from './build-input';
import { INVALID_CONVERSION_HEADERS, invalidConversionRows } from './conversion-files';
import { type FigureColumn, figureColumns, sheetFormat, sheetHead, sheetValue } from './figure-columns';
import { frequencyLines, frequencySheetHead, hasFrequencyFigures } from './frequency-files';
import { hasRequests, notServedLines, notServedSheetHead } from './not-served-files';
import { REACH_DAY_HEADERS, reachDayLines, reachHeaders, reachLines } from './reach-files';
import { bookingLines } from './spend-files';

const COUNT_FORMAT = '#,##0';

/** The coded reports of a range (VAST errors, verifications not executed), one row per code. */
export const codeRows = (figures: Figures): [string, number, string, number][] => [
  ...figures.errors.map((row): [string, number, string, number] => [
    'VAST error',
    row.code,
    row.label,
    row.count,
  ]),
  ...figures.verificationNotExecuted.map((row): [string, number, string, number] => [
    'Verification not executed',
    row.code,
    row.label,
    row.count,
  ]),
];
export const CODE_HEADERS = ['Report', 'Code', 'Meaning', 'Count'];

/** The download's figure columns (every group the report has), the period sheet's and the video sheet's. */
export const downloadColumns = (figures: Figures): FigureColumn[] => figureColumns(figures, 'download');
const periodColumns = (figures: Figures) =>
  figureColumns(figures, 'download', ['base', 'spend', 'conversion']);
const videoColumns = (figures: Figures) => figureColumns(figures, 'download', ['video', 'vast']);

const dayDate = (period: string) =>
  new Date(`${period.slice(0, 10)}T${period.length > 10 ? period.slice(11, 16) : '00:00'}:00Z`);

type Head = { header: string; width: number; format?: string | undefined }[];

/** A sheet of rows under a frozen, filterable header, typed cells with number formats. */
function tableSheet(
  workbook: ExcelJS.Workbook,
  name: string,
  head: Head,
  rows: (string | number | Date | null)[][],
) {
  const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = head.map((column) => ({
    header: column.header,
    width: column.width,
    ...(column.format ? { style: { numFmt: column.format } } : {}),
  }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) sheet.addRow(row);
  sheet.autoFilter = {
    from: { row: 1, column: 1 },
    to: { row: Math.max(1, rows.length + 1), column: head.length },
  };
  return sheet;
}

/** A labelled value of the Summary, its number format, aligned left. */
function summaryLine(
  summary: ExcelJS.Worksheet,
  label: string,
  value: string | number | Date | null,
  format?: string,
) {
  const row = summary.addRow({ label, value });
  if (format !== undefined) row.getCell(2).numFmt = format;
  row.getCell(2).alignment = { horizontal: 'left' };
}

/** The Summary: campaign, range, zone and booking, the totals of every figure, and what was filtered. */
function summarySheet(workbook: ExcelJS.Workbook, figures: Figures) {
  const summary = workbook.addWorksheet('Summary');
  summary.columns = [
    { header: 'Report', key: 'label', width: 26 },
    { header: '', key: 'value', width: 36 },
  ];
  summary.getRow(1).font = { bold: true, size: 14 };
  summary.getCell('A1').value = `${figures.campaignName ?? 'Campaign'} report`;
  const info: [string, string | number | Date][] = [
    ['Campaign', figures.campaignName ?? figures.campaignID],
    ['From (local day)', dayDate(figures.start)],
    ['To (local day)', dayDate(figures.end)],
    ['Timezone', `${figures.timezone.tzCode} (UTC${figures.timezone.offset})`],
    ['Figures read at', new Date(figures.dataPulledAt)],
    // The booked rate, the goal and its pacing now (spend-files.ts).
    ...bookingLines(figures),
  ];
  for (const [label, value] of info)
    summaryLine(
      summary,
      label,
      value,
      value instanceof Date
        ? label.startsWith('Figures')
          ? 'yyyy-mm-dd hh:mm "UTC"'
          : 'yyyy-mm-dd'
        : undefined,
    );
  summary.addRow([]);
  summary.addRow(['Totals']).font = { bold: true };
  for (const column of downloadColumns(figures))
    summaryLine(summary, column.label, sheetValue(column, figures.totals), sheetFormat(column));
  // Invalid traffic: stored with its reason, never in the figures above.
  summary.addRow([]);
  summary.addRow(['Invalid traffic (filtered, not in the figures)']).font = { bold: true };
  const filtered = filteredTotals(figures.invalid);
  for (const [label, value] of [
    ['Filtered events', figures.invalid.total],
    ['Filtered impressions', filtered.impressions],
    ['Filtered clicks', filtered.clicks],
    ['Invalid conversions (not counted)', figures.invalidConversions.total],
  ] as const)
    summaryLine(summary, label, value, COUNT_FORMAT);
}

/** The figures by local day or hour (the video figures have their own sheet). */
function periodSheet(workbook: ExcelJS.Workbook, figures: Figures) {
  const columns = periodColumns(figures);
  const byHour = figures.granularity === 'hour';
  tableSheet(
    workbook,
    'Daily',
    [
      { header: byHour ? 'Hour' : 'Date', width: 16, format: byHour ? 'yyyy-mm-dd hh:mm' : 'yyyy-mm-dd' },
      ...sheetHead(columns),
    ],
    figures.series.map((point) => [
      dayDate(point.date),
      ...columns.map((column) => sheetValue(column, point)),
    ]),
  );
}

/** Each creative's totals. */
function creativeSheet(workbook: ExcelJS.Workbook, figures: Figures) {
  const columns = downloadColumns(figures);
  tableSheet(
    workbook,
    'By creative',
    [
      { header: 'Creative', width: 32 },
      { header: 'Type', width: 10 },
      { header: 'Creative ID', width: 26 },
      ...sheetHead(columns),
    ],
    figures.creatives.map((creative) => [
      creative.name,
      creative.type,
      creative.id,
      ...columns.map((column) => sheetValue(column, creative.totals)),
    ]),
  );
}

/** The video and VAST figures by local day. */
function videoSheet(workbook: ExcelJS.Workbook, figures: Figures) {
  const columns = videoColumns(figures);
  tableSheet(
    workbook,
    'Video',
    [{ header: 'Date', width: 16, format: 'yyyy-mm-dd' }, ...sheetHead(columns)],
    figures.series.map((point) => [
      dayDate(point.date),
      ...columns.map((column) => sheetValue(column, point)),
    ]),
  );
}

/** The "Reach" sheet: its figures (estimates, the error in the head), then its table by local day. */
function reachSheet(workbook: ExcelJS.Workbook, figures: Figures) {
  const [label, value] = reachHeaders(figures.reach) as [string, string];
  const sheet = tableSheet(
    workbook,
    'Reach',
    [
      { header: label, width: 52 },
      { header: value, width: 22, format: COUNT_FORMAT },
    ],
    reachLines(figures),
  );
  const days = reachDayLines(figures);
  if (days.length === 0) return;
  sheet.addRow([]);
  sheet.addRow([...REACH_DAY_HEADERS]).font = { bold: true };
  for (const day of days) {
    const row = sheet.addRow(day);
    for (let column = 2; column <= day.length; column += 1) row.getCell(column).numFmt = COUNT_FORMAT;
  }
}

/** Invalid traffic and conversions by reason, and the players' coded reports: never in the figures. */
function filteredSheets(workbook: ExcelJS.Workbook, figures: Figures) {
  tableSheet(
    workbook,
    'Invalid traffic',
    [
      { header: 'Reason', width: 44 },
      { header: 'Code', width: 14 },
      { header: 'Filtered impressions', width: 20, format: COUNT_FORMAT },
      { header: 'Filtered clicks', width: 16, format: COUNT_FORMAT },
      { header: 'Filtered events (all types)', width: 26, format: COUNT_FORMAT },
    ],
    figures.invalid.byReason.map((row) => [row.label, row.reason, row.impressions, row.clicks, row.events]),
  );
  if (figures.invalidConversions.total > 0) {
    const [reason, code, count] = INVALID_CONVERSION_HEADERS as [string, string, string];
    tableSheet(
      workbook,
      'Invalid conversions',
      [
        { header: reason, width: 44 },
        { header: code, width: 18 },
        { header: count, width: 14, format: COUNT_FORMAT },
      ],
      invalidConversionRows(figures.invalidConversions),
    );
  }
  // The ad requests by outcome, by period and in all (when there were any).
  if (hasRequests(figures))
    tableSheet(workbook, 'Requests not served', notServedSheetHead(figures), notServedLines(figures));
  // Ads per browser in the campaign's frequency window (when there were any).
  if (hasFrequencyFigures(figures))
    tableSheet(workbook, 'Frequency', frequencySheetHead(), frequencyLines(figures));
  // Distinct browsers and devices reached (whenever ads were served): the estimates, then by day.
  if (reachShown(figures.reach)) reachSheet(workbook, figures);
  // What players reported: VAST errors and verifications not executed by code (when there are any).
  const codes = codeRows(figures);
  if (codes.length > 0) {
    const [report, code, meaning, count] = CODE_HEADERS as [string, string, string, string];
    tableSheet(
      workbook,
      'VAST errors',
      [
        { header: report, width: 26 },
        { header: code, width: 8 },
        { header: meaning, width: 52 },
        { header: count, width: 12, format: COUNT_FORMAT },
      ],
      codes,
    );
  }
}

/** One sheet per breakdown (all five, or the one asked for): rows, Other and Unknown. */
function breakdownSheets(workbook: ExcelJS.Workbook, { figures, fileBreakdowns }: FiguresWithRows) {
  const metricsOf = breakdownMetricColumns(figures);
  for (const breakdown of fileBreakdowns?.breakdowns ?? []) {
    tableSheet(
      workbook,
      BREAKDOWN_SHEETS[breakdown.dimension],
      breakdownHeaders(breakdown, figures).map((header, index) => ({
        header: header.replace(' (%)', ''),
        width: index < 2 ? 30 : Math.max(12, header.length + 2),
        ...(index >= 2 ? { format: metricsOf[index - 2]?.format } : {}),
      })),
      breakdownLines(breakdown, figures).map(([value, label, ...metrics]) => [
        value,
        label,
        ...metrics.map((metric, index) => (metricsOf[index]?.rate ? (metric ?? 0) / 100 : metric)),
      ]),
    );
  }
}

/** A pivot's source sheet: four columns in long form, one sum field covering every metric. */
function dataSheet(workbook: ExcelJS.Workbook, first: { header: string; key: string; width: number }) {
  const data = workbook.addWorksheet('Data');
  data.columns = [
    first,
    { header: 'Creative', key: 'creative', width: 32 },
    { header: 'Metric', key: 'metric', width: 22 },
    { header: 'Value', key: first.key === 'value' ? 'count' : 'value', width: 12 },
  ];
  return data;
}

/** The pivot table over `data`, by `rows`, one column per metric. */
function pivotSheet(workbook: ExcelJS.Workbook, data: ExcelJS.Worksheet, rows: string[]) {
  // The data sheet's names made formula-safe before the pivot's cache reads them.
  guardWorkbookText(workbook);
  const pivot = workbook.addWorksheet('Pivot');
  (pivot as unknown as PivotWorksheet).addPivotTable({
    sourceSheet: data,
    rows,
    columns: ['Metric'],
    values: ['Value'],
    metric: 'sum',
  });
}

/**
 * The pivot by the breakdown asked for (its dimension as the row field): each creative's summable
 * figures by value, long form. Answers the number of data rows.
 */
function breakdownPivot(
  workbook: ExcelJS.Workbook,
  figures: Figures,
  byCreative: NonNullable<NonNullable<FiguresWithRows['fileBreakdowns']>['byCreative']>,
): number {
  const name = DIMENSION_NAMES[byCreative.dimension];
  const data = dataSheet(workbook, { header: name, key: 'value', width: 32 });
  // Counters, the spend, conversions and their value sum; rates and effective costs do not.
  const metricsOf = breakdownMetricColumns(figures);
  let dataRows = 0;
  for (const creative of byCreative.creatives) {
    for (const [, label, ...metrics] of breakdownLines(creative.breakdown, figures)) {
      metricsOf.forEach((column, index) => {
        if (!column.summable) return;
        data.addRow({
          value: label,
          creative: creative.name,
          metric: column.header,
          count: metrics[index] ?? 0,
        });
        dataRows += 1;
      });
    }
  }
  pivotSheet(workbook, data, [name, 'Creative']);
  return dataRows;
}

/**
 * The pivot by creative and period: every figure that adds up (counts, the spend, the conversions' value;
 * rates and effective costs do not) in long form (date, creative, metric, value). Answers the number of
 * data rows.
 */
function periodPivot(workbook: ExcelJS.Workbook, { figures, creativePeriods }: FiguresWithRows): number {
  const data = dataSheet(workbook, { header: 'Date', key: 'date', width: 14 });
  const sums = downloadColumns(figures).filter((column) => figureAdds(column.figure));
  let dataRows = 0;
  for (const creative of figures.creatives) {
    for (const [period, totals] of creativePeriods.get(creative.id) ?? []) {
      for (const column of sums) {
        data.addRow({
          date: period,
          creative: creative.name,
          metric: column.header,
          value: totals[column.key] ?? 0,
        });
        dataRows += 1;
      }
    }
  }
  pivotSheet(workbook, data, ['Creative', 'Date']);
  return dataRows;
}

/** The XLSX report (with the pivot when `withPivot`): one sheet builder after the other. */
export async function reportWorkbook(
  rows: FiguresWithRows,
  withPivot: boolean,
  detail: ReportDetail = 'full',
): Promise<Buffer> {
  const { figures } = rows;
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Adconsole';
  workbook.created = new Date(figures.dataPulledAt);
  summarySheet(workbook, figures);
  if (detail === 'full') periodSheet(workbook, figures);
  creativeSheet(workbook, figures);
  if (figures.withVideoData && detail === 'full') videoSheet(workbook, figures);
  filteredSheets(workbook, figures);
  breakdownSheets(workbook, rows);
  guardWorkbookText(workbook);
  if (!withPivot) return Buffer.from(await workbook.xlsx.writeBuffer());
  const byCreative = rows.fileBreakdowns?.byCreative;
  const dataRows = byCreative ? breakdownPivot(workbook, figures, byCreative) : periodPivot(workbook, rows);
  return fixPivotRecordCount(Buffer.from(await workbook.xlsx.writeBuffer()), dataRows);
}

/** ExcelJS 4.4.1-prerelease.0's pivot API, which it ships without types. */
interface PivotWorksheet {
  addPivotTable(options: {
    sourceSheet: ExcelJS.Worksheet;
    rows: string[];
    columns: string[];
    values: string[];
    metric: 'sum';
  }): void;
}

/**
 * ExcelJS writes the pivot cache's recordCount as the number of cache fields plus one; Excel and
 * LibreOffice expect the number of source records (docs/decisions: the pivot workbook).
 */
async function fixPivotRecordCount(xlsx: Buffer, records: number): Promise<Buffer> {
  const zip = await JSZip.loadAsync(xlsx);
  const name = 'xl/pivotCache/pivotCacheDefinition1.xml';
  const definition = await zip.file(name)?.async('string');
  if (definition === undefined) return xlsx;
  zip.file(name, definition.replace(/recordCount="\d+"/, `recordCount="${records}"`));
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}
