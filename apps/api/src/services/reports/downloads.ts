// Report downloads: CSV, XLSX, and XLSX with a real pivot table. Each is stored as a private file with
// an unguessable name, readable by its owner (or the share link's holder), removed after 24 hours, and
// answered as `{file}` to fetch under /api/uploads/{file}.

import { randomBytes } from 'node:crypto';
import {
  type CounterFigure,
  EVENT_COUNTERS,
  filteredTotals,
  type ReportFileFormat,
  type ReportTotals,
} from '@adconsole/domain';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import type { Context } from '../../context';
import { insertFile } from '../../db/queries/files';
import { safeFilename } from '../campaigns/asset-checks';
import {
  BREAKDOWN_SHEETS,
  breakdownHeaders,
  breakdownLines,
  breakdownMetricColumns,
  DIMENSION_NAMES,
} from './breakdown-files';
import type { Figures, FiguresWithRows, FilteredCounts, ReportDetail } from './build-input';
import {
  conversionCells,
  conversionColumns,
  conversionCsvCell,
  conversionHead,
  INVALID_CONVERSION_HEADERS,
  invalidConversionRows,
  pivotConversionColumns,
} from './conversion-files';
import { bookingLines, moneyFormat, spendCellValue, spendColumns, spendCsvCell } from './spend-files';

const REPORT_FILE_LIFETIME_MS = 24 * 60 * 60 * 1000;
export const CSV_TYPE = 'text/csv; charset=utf-8';
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A column of the report: its header, the counter it reads, and whether it is a rate in percent. */
interface Column {
  header: string;
  key: keyof ReportTotals;
  rate?: boolean;
}

/** A counter's column, its header from the domain's list. */
const counterColumns = (figure: CounterFigure): Column[] =>
  EVENT_COUNTERS.flatMap((counter) =>
    counter.figure === figure && 'header' in counter ? [{ header: counter.header, key: counter.key }] : [],
  );

const baseColumns: Column[] = [
  // The measurable impressions stand beside the viewable ones they are the denominator of.
  ...counterColumns('base').flatMap((column) =>
    column.key === 'viewable'
      ? [column, { header: 'Measurable impressions', key: 'measurable' } as const]
      : [column],
  ),
  { header: 'CTR (%)', key: 'ctr', rate: true },
  { header: 'Engagement rate (%)', key: 'engagementRate', rate: true },
  { header: 'Viewability (%)', key: 'viewabilityRate', rate: true },
];
const videoColumns: Column[] = [
  ...counterColumns('video'),
  { header: 'Completion rate (%)', key: 'completionRate', rate: true },
  ...counterColumns('vast'),
];

/** The coded reports of a range (VAST errors, verifications not executed), one row per code. */
const codeRows = (figures: Figures): [string, number, string, number][] => [
  ...figures.errors.map(
    (row) => ['VAST error', row.code, row.label, row.count] as [string, number, string, number],
  ),
  ...figures.verificationNotExecuted.map(
    (row) =>
      ['Verification not executed', row.code, row.label, row.count] as [string, number, string, number],
  ),
];
const CODE_HEADERS = ['Report', 'Code', 'Meaning', 'Count'];
const columnsOf = (figures: Figures) =>
  figures.withVideoData ? [...baseColumns, ...videoColumns] : baseColumns;

const roundRate = (value: number) => Math.round(value * 10_000) / 10_000;
const columnValue = (totals: ReportTotals, column: Column) => {
  const value = Number(totals[column.key] ?? 0);
  return column.rate ? roundRate(value) : value;
};

/** 'Demo campaign_2026-03-01_2026-03-07_Europe-Berlin' (the range and the zone in the name). */
export function reportFileName(figures: Figures, extension: string): string {
  // 'Europe-Berlin', 'UTC+0545', or 'UTC' for a fixed offset of zero.
  const zone = figures.timezone.tzCode
    .replace(/^\+00:00$/, 'UTC')
    .replace(/^([+-])(\d\d):(\d\d)$/, 'UTC$1$2$3')
    .replace(/[^A-Za-z0-9_+-]+/g, '-');
  return `${safeFilename(figures.campaignName ?? 'report')}_${figures.start}_${figures.end}_${zone}.${extension}`;
}

// ---- CSV

/**
 * One CSV field: quoted when it must be (RFC 4180), and neutralised when a spreadsheet would read it
 * as a formula (a text starting with = + - @, a tab or a carriage return gets a leading apostrophe).
 */
function csvField(value: string | number): string {
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The invalid-traffic columns: counted apart, never part of the figures beside them. */
const FILTERED_HEADERS = ['Filtered impressions (invalid traffic)', 'Filtered clicks (invalid traffic)'];

/** A creative's invalid impressions and clicks over the whole range. */
const filteredTotal = (periods: Map<string, FilteredCounts> | undefined): FilteredCounts => {
  const sum = { impressions: 0, clicks: 0 };
  for (const counts of periods?.values() ?? []) {
    sum.impressions += counts.impressions;
    sum.clicks += counts.clicks;
  }
  return sum;
};

/**
 * UTF-8 CSV with a header row and one row per local day per creative, plain numbers; the invalid
 * (filtered) impressions and clicks in their own last columns. When players reported VAST errors or
 * verifications not executed, a second table follows after an empty line (Report, Code, Meaning, Count).
 */
function reportCsv(
  { figures, creativePeriods, creativeFiltered, fileBreakdowns }: FiguresWithRows,
  detail: ReportDetail = 'full',
): Buffer {
  const columns = columnsOf(figures);
  // With a booked rate: Spend (exact), eCPM, eCPC and CPCV in its currency (spend-files.ts).
  const { rate } = figures;
  const spend = spendColumns(rate);
  // Conversions, their rate, value (exact), cost and ROAS (conversion-files.ts).
  const conversion = conversionColumns(figures);
  const lines = [
    [
      'Date',
      'Creative ID',
      'Creative',
      ...columns.map((column) => column.header),
      ...spend.map((column) => column.header),
      ...conversion.map((column) => column.header),
      ...FILTERED_HEADERS,
    ]
      .map(csvField)
      .join(','),
  ];
  for (const creative of figures.creatives) {
    const filtered = creativeFiltered.get(creative.id);
    const rows: [string, ReportTotals, FilteredCounts][] =
      detail === 'full'
        ? [...(creativePeriods.get(creative.id) ?? [])].map(([period, totals]) => [
            period,
            totals,
            filtered?.get(period) ?? { impressions: 0, clicks: 0 },
          ])
        : [[`${figures.start}..${figures.end}`, creative.totals, filteredTotal(filtered)]];
    for (const [period, totals, invalid] of rows) {
      lines.push(
        [
          period,
          creative.id,
          creative.name,
          ...columns.map((column) => columnValue(totals, column)),
          ...(rate ? spend.map((column) => spendCsvCell(totals, column.key, rate)) : []),
          ...conversion.map((column) => conversionCsvCell(totals, column)),
          invalid.impressions,
          invalid.clicks,
        ]
          .map(csvField)
          .join(','),
      );
    }
  }
  const codes = codeRows(figures);
  if (codes.length > 0) {
    lines.push('', CODE_HEADERS.map(csvField).join(','));
    for (const row of codes) lines.push(row.map(csvField).join(','));
  }
  // Conversions received and not counted, by reason: beside invalid traffic, never in the figures.
  if (figures.invalidConversions.total > 0) {
    lines.push('', INVALID_CONVERSION_HEADERS.map(csvField).join(','));
    for (const row of invalidConversionRows(figures.invalidConversions))
      lines.push(row.map(csvField).join(','));
  }
  // The breakdown asked for, as one more table: its rows, Other and Unknown (breakdown-files.ts).
  for (const breakdown of fileBreakdowns?.breakdowns ?? []) {
    lines.push('', breakdownHeaders(breakdown, figures).map(csvField).join(','));
    for (const line of breakdownLines(breakdown, figures))
      lines.push(line.map((cell) => csvField(cell ?? '')).join(','));
  }
  return Buffer.from(`\ufeff${lines.join('\r\n')}\r\n`, 'utf8');
}

// ---- XLSX

const COUNT_FORMAT = '#,##0';
const RATE_FORMAT = '0.00%';

const dayDate = (period: string) =>
  new Date(`${period.slice(0, 10)}T${period.length > 10 ? period.slice(11, 16) : '00:00'}:00Z`);

/** A sheet of rows under a frozen, filterable header, typed cells with number formats. */
function tableSheet(
  workbook: ExcelJS.Workbook,
  name: string,
  head: { header: string; width: number; format?: string }[],
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

const metricColumns = (columns: Column[]) =>
  columns.map((column) => ({
    header: column.header.replace(' (%)', ''),
    width: Math.max(12, column.header.length + 2),
    format: column.rate ? RATE_FORMAT : COUNT_FORMAT,
  }));
/** The spend columns' heads in a sheet: the currency's number format (spend-files.ts). */
const spendHead = (figures: Figures) =>
  spendColumns(figures.rate).map((column) => ({
    header: column.header,
    width: Math.max(14, column.header.length + 2),
    format: moneyFormat(figures.rate?.currency ?? 'USD'),
  }));
/** A row's spend cells (numbers; empty without a value). */
const spendCells = (figures: Figures, totals: ReportTotals) =>
  spendColumns(figures.rate).map((column) => spendCellValue(totals, column.key));

/** Rates go into Excel as fractions so the percent format shows them right. */
const cellValue = (totals: ReportTotals, column: Column) =>
  column.rate ? columnValue(totals, column) / 100 : columnValue(totals, column);

async function reportWorkbook(
  rows: FiguresWithRows,
  withPivot: boolean,
  detail: ReportDetail = 'full',
): Promise<Buffer> {
  const { figures, creativePeriods } = rows;
  const columns = columnsOf(figures);
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Adconsole';
  workbook.created = new Date(figures.dataPulledAt);

  // A plain Summary first: mail previews and spreadsheet viewers open the first sheet.
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
  for (const [label, value] of info) {
    const row = summary.addRow({ label, value });
    if (value instanceof Date)
      row.getCell(2).numFmt = label.startsWith('Figures') ? 'yyyy-mm-dd hh:mm "UTC"' : 'yyyy-mm-dd';
    row.getCell(2).alignment = { horizontal: 'left' };
  }
  summary.addRow([]);
  summary.addRow(['Totals']).font = { bold: true };
  for (const column of columns) {
    const row = summary.addRow({
      label: column.header.replace(' (%)', ''),
      value: cellValue(figures.totals, column),
    });
    row.getCell(2).numFmt = column.rate ? RATE_FORMAT : COUNT_FORMAT;
    row.getCell(2).alignment = { horizontal: 'left' };
  }
  const totalCells = [...spendCells(figures, figures.totals), ...conversionCells(figures, figures.totals)];
  for (const [index, column] of [...spendHead(figures), ...conversionHead(figures)].entries()) {
    const row = summary.addRow({ label: column.header, value: totalCells[index] });
    row.getCell(2).numFmt = column.format;
    row.getCell(2).alignment = { horizontal: 'left' };
  }

  // Invalid traffic: stored with its reason, never in the figures above.
  summary.addRow([]);
  summary.addRow(['Invalid traffic (filtered, not in the figures)']).font = { bold: true };
  const filtered = filteredTotals(figures.invalid);
  for (const [label, value] of [
    ['Filtered events', figures.invalid.total],
    ['Filtered impressions', filtered.impressions],
    ['Filtered clicks', filtered.clicks],
    ['Invalid conversions (not counted)', figures.invalidConversions.total],
  ] as const) {
    const row = summary.addRow({ label, value });
    row.getCell(2).numFmt = COUNT_FORMAT;
    row.getCell(2).alignment = { horizontal: 'left' };
  }

  if (detail === 'full') {
    tableSheet(
      workbook,
      'Daily',
      [
        {
          header: figures.granularity === 'hour' ? 'Hour' : 'Date',
          width: 16,
          format: figures.granularity === 'hour' ? 'yyyy-mm-dd hh:mm' : 'yyyy-mm-dd',
        },
        ...metricColumns(baseColumns),
        ...spendHead(figures),
        ...conversionHead(figures),
      ],
      figures.series.map((point) => [
        dayDate(point.date),
        ...baseColumns.map((column) => cellValue(point, column)),
        ...spendCells(figures, point),
        ...conversionCells(figures, point),
      ]),
    );
  }
  tableSheet(
    workbook,
    'By creative',
    [
      { header: 'Creative', width: 32 },
      { header: 'Type', width: 10 },
      { header: 'Creative ID', width: 26 },
      ...metricColumns(columns),
      ...spendHead(figures),
      ...conversionHead(figures),
    ],
    figures.creatives.map((creative) => [
      creative.name,
      creative.type,
      creative.id,
      ...columns.map((column) => cellValue(creative.totals, column)),
      ...spendCells(figures, creative.totals),
      ...conversionCells(figures, creative.totals),
    ]),
  );
  if (figures.withVideoData && detail === 'full') {
    tableSheet(
      workbook,
      'Video',
      [{ header: 'Date', width: 16, format: 'yyyy-mm-dd' }, ...metricColumns(videoColumns)],
      figures.series.map((point) => [
        dayDate(point.date),
        ...videoColumns.map((column) => cellValue(point, column)),
      ]),
    );
  }

  // Invalid traffic by reason: filtered counts in their own sheet, never in the figures.
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
    tableSheet(
      workbook,
      'Invalid conversions',
      [
        { header: INVALID_CONVERSION_HEADERS[0] as string, width: 44 },
        { header: INVALID_CONVERSION_HEADERS[1] as string, width: 18 },
        { header: INVALID_CONVERSION_HEADERS[2] as string, width: 14, format: COUNT_FORMAT },
      ],
      invalidConversionRows(figures.invalidConversions),
    );
  }
  // What players reported: VAST errors and verifications not executed by code (when there are any).
  const codes = codeRows(figures);
  if (codes.length > 0) {
    tableSheet(
      workbook,
      'VAST errors',
      [
        { header: CODE_HEADERS[0] as string, width: 26 },
        { header: CODE_HEADERS[1] as string, width: 8 },
        { header: CODE_HEADERS[2] as string, width: 52 },
        { header: CODE_HEADERS[3] as string, width: 12, format: COUNT_FORMAT },
      ],
      codes,
    );
  }
  // One sheet per breakdown (all five, or the one asked for): rows, Other and Unknown.
  for (const breakdown of rows.fileBreakdowns?.breakdowns ?? []) {
    const metricsOf = breakdownMetricColumns(figures);
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
  let dataRows = 0;
  const byCreative = rows.fileBreakdowns?.byCreative;
  if (withPivot && byCreative) {
    // The breakdown asked for as the pivot's row field: each creative's counts by value, long form.
    const name = DIMENSION_NAMES[byCreative.dimension];
    const data = workbook.addWorksheet('Data');
    data.columns = [
      { header: name, key: 'value', width: 32 },
      { header: 'Creative', key: 'creative', width: 32 },
      { header: 'Metric', key: 'metric', width: 22 },
      { header: 'Value', key: 'count', width: 12 },
    ];
    // Counters, the spend, conversions and their value sum; rates and effective costs do not.
    const metricsOf = breakdownMetricColumns(figures);
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
    const pivot = workbook.addWorksheet('Pivot');
    (pivot as unknown as PivotWorksheet).addPivotTable({
      sourceSheet: data,
      rows: [name, 'Creative'],
      columns: ['Metric'],
      values: ['Value'],
      metric: 'sum',
    });
  } else if (withPivot) {
    // The pivot's source: every figure in long form (date, creative, metric, value), so one sum field
    // covers every metric; rates are not summable, so only counters go in.
    const data = workbook.addWorksheet('Data');
    data.columns = [
      { header: 'Date', key: 'date', width: 14 },
      { header: 'Creative', key: 'creative', width: 32 },
      { header: 'Metric', key: 'metric', width: 22 },
      { header: 'Value', key: 'value', width: 12 },
    ];
    const counters = columns.filter((column) => !column.rate);
    // Spend sums too (effective costs do not): one more metric when a rate is booked.
    const spendHeader = spendColumns(figures.rate)[0]?.header;
    // Conversions and their value sum (their rate, cost and ROAS do not).
    const conversionSums = pivotConversionColumns(figures);
    for (const creative of figures.creatives) {
      for (const [period, totals] of creativePeriods.get(creative.id) ?? []) {
        for (const column of counters) {
          data.addRow({
            date: period,
            creative: creative.name,
            metric: column.header,
            value: columnValue(totals, column),
          });
          dataRows += 1;
        }
        if (spendHeader !== undefined) {
          data.addRow({
            date: period,
            creative: creative.name,
            metric: spendHeader,
            value: totals.spend ?? 0,
          });
          dataRows += 1;
        }
        for (const column of conversionSums) {
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
    const pivot = workbook.addWorksheet('Pivot');
    (pivot as unknown as PivotWorksheet).addPivotTable({
      sourceSheet: data,
      rows: ['Creative', 'Date'],
      columns: ['Metric'],
      values: ['Value'],
      metric: 'sum',
    });
  }
  const written = Buffer.from(await workbook.xlsx.writeBuffer());
  return withPivot ? fixPivotRecordCount(written, dataRows) : written;
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

/** A report file's bytes (run in the worker thread: report-worker.ts). */
export const reportFileBytes = async (
  rows: FiguresWithRows,
  format: ReportFileFormat,
  detail: ReportDetail,
): Promise<Buffer> =>
  format === 'csv' ? reportCsv(rows, detail) : reportWorkbook(rows, format === 'xlsx-pivot', detail);

/** Builds a download (in the worker thread) and stores it for its owner or its share link, answered as `{file}`. */
export async function storeReportDownload(
  ctx: Context,
  rows: FiguresWithRows,
  format: ReportFileFormat,
  reader: { userId?: string | undefined; shareToken?: string | undefined },
): Promise<{ file: string }> {
  const bytes = await ctx.reportWorker.build(rows, format, 'full');
  const contentType = format === 'csv' ? CSV_TYPE : XLSX_TYPE;
  const extension = format === 'csv' ? 'csv' : 'xlsx';
  const name = `reports/${randomBytes(16).toString('hex')}/${reportFileName(rows.figures, extension)}`;
  await ctx.storage.put(name, bytes, contentType);
  await insertFile(ctx.db, {
    name,
    owner_id: reader.userId ?? null,
    public: false,
    content_type: contentType,
    size: bytes.length,
    expires_at: new Date(Date.now() + REPORT_FILE_LIFETIME_MS),
    share_token: reader.shareToken ?? null,
  });
  return { file: name };
}

/** The file as bytes (the scheduled report's attachment), built in the worker thread. */
export const reportAttachment = (
  ctx: Pick<Context, 'reportWorker'>,
  rows: FiguresWithRows,
  format: ReportFileFormat,
  detail: ReportDetail,
) => ctx.reportWorker.build(rows, format, detail);
