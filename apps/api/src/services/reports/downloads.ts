// Report downloads: CSV, XLSX, and XLSX with a real pivot table (report-workbook.ts). Each is stored as a private file with
// an unguessable name, readable by its owner (or the share link's holder), removed after 24 hours, and
// answered as `{file}` to fetch under /api/uploads/{file}.

import { randomBytes } from 'node:crypto';
import { type ReportFileFormat, type ReportTotals, reachShown } from '@adconsole/domain';
import type { Context } from '../../context';
import { insertFile } from '../../db/queries/files';
import { safeFilename } from '../campaigns/asset-checks';
import { CSV_TYPE, csvField, XLSX_TYPE } from '../campaigns/spreadsheet-text';
import { breakdownHeaders, breakdownLines } from './breakdown-files';
import type { Figures, FiguresWithRows, FilteredCounts, ReportDetail } from './build-input';
import { INVALID_CONVERSION_HEADERS, invalidConversionRows } from './conversion-files';
import { csvCell } from './figure-columns';
import { FREQUENCY_HEADERS, frequencyLines, hasFrequencyFigures } from './frequency-files';
import { hasRequests, notServedHeaders, notServedLines } from './not-served-files';
import { REACH_DAY_HEADERS, reachDayLines, reachHeaders, reachLines } from './reach-files';
import { CODE_HEADERS, codeRows, downloadColumns, reportWorkbook } from './report-workbook';

const REPORT_FILE_LIFETIME_MS = 24 * 60 * 60 * 1000;

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
 * (filtered) impressions and clicks in their own last columns. Tables follow, each after an empty
 * line: the ad requests not served by reason (when there were requests), frequency, reach (estimates,
 * and by day), VAST errors or verifications
 * not executed (Report, Code, Meaning, Count), conversions not counted, the breakdown asked for.
 */
function reportCsv(
  { figures, creativePeriods, creativeFiltered, fileBreakdowns }: FiguresWithRows,
  detail: ReportDetail = 'full',
): Buffer {
  const columns = downloadColumns(figures);
  const lines = [
    ['Date', 'Creative ID', 'Creative', ...columns.map((column) => column.header), ...FILTERED_HEADERS]
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
          ...columns.map((column) => csvCell(column, totals)),
          invalid.impressions,
          invalid.clicks,
        ]
          .map(csvField)
          .join(','),
      );
    }
  }
  const table = (head: readonly string[], rows: readonly (readonly (string | number | null)[])[]) => {
    lines.push('', head.map(csvField).join(','));
    for (const row of rows) lines.push(row.map((cell) => csvField(cell ?? '')).join(','));
  };
  // The campaign's ad requests by outcome: requests = served + each reason, by period and in all.
  if (hasRequests(figures)) table(notServedHeaders(figures), notServedLines(figures));
  // Ads per browser in the campaign's frequency window (when a capped campaign served in the range).
  if (hasFrequencyFigures(figures)) table(FREQUENCY_HEADERS, frequencyLines(figures));
  // Distinct browsers and devices reached, estimates (whenever ads were served), then by local day.
  if (reachShown(figures.reach)) {
    table(reachHeaders(figures.reach), reachLines(figures));
    const days = reachDayLines(figures);
    if (days.length > 0) table(REACH_DAY_HEADERS, days);
  }
  const codes = codeRows(figures);
  if (codes.length > 0) table(CODE_HEADERS, codes);
  // Conversions received and not counted, by reason: beside invalid traffic, never in the figures.
  if (figures.invalidConversions.total > 0)
    table(INVALID_CONVERSION_HEADERS, invalidConversionRows(figures.invalidConversions));
  // The breakdown asked for, as one more table: its rows, Other and Unknown (breakdown-files.ts).
  for (const breakdown of fileBreakdowns?.breakdowns ?? [])
    table(breakdownHeaders(breakdown, figures), breakdownLines(breakdown, figures));
  return Buffer.from(`\ufeff${lines.join('\r\n')}\r\n`, 'utf8');
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
