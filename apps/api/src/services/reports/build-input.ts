// What a report file is built from: the figures, each creative's counters per period, and how much of
// them a file holds; and the messages the workers take (report-worker-thread.ts, report-worker.ts,
// forecast-worker.ts).
import type {
  BillingStatement,
  Breakdown,
  BreakdownDimension,
  ForecastInput,
  ReportData,
  ReportFileFormat,
  reportRates,
  StatementFileFormat,
} from '@adconsole/domain';

/** The figures of a report before share links and schedules are added. */
export type Figures = Omit<ReportData, 'reportToken' | 'scheduledReports'>;

/** Invalid (filtered) impressions and clicks of a creative in a period. */
export interface FilteredCounts {
  impressions: number;
  clicks: number;
}

/** Figures plus each creative's counters per period (what the downloads list row by row). */
export interface FiguresWithRows {
  figures: Figures;
  /** creative id -> period -> counters (with rates). */
  creativePeriods: Map<string, Map<string, ReturnType<typeof reportRates>>>;
  /** creative id -> period -> invalid impressions and clicks (never in the counters above). */
  creativeFiltered: Map<string, Map<string, FilteredCounts>>;
  /** The breakdowns a download holds (breakdown-files.ts); none in mail and older callers. */
  fileBreakdowns?: FileBreakdowns;
}

/** How much a file holds: `full` one row per local day per creative; `summary` each creative's totals. */
export type ReportDetail = 'full' | 'summary';

/** One build the worker thread is asked for. */
export interface ReportBuildRequest {
  id: number;
  rows: FiguresWithRows;
  format: ReportFileFormat;
  detail: ReportDetail;
}

/** A billing statement file the worker builds (statement-files.ts). */
export interface StatementBuildRequest {
  id: number;
  statement: BillingStatement;
  statementFormat: StatementFileFormat;
}

/** An inventory forecast the worker computes (the domain's forecastInventory of this input). */
export interface ForecastWorkRequest {
  id: number;
  forecast: ForecastInput;
}

/** What a file holds (breakdown-files.ts fills it) beside the figures: breakdowns, and a pivot's rows by creative and value. */
export interface FileBreakdowns {
  breakdowns: Breakdown[];
  /** With a breakdown asked of the pivot workbook: each creative's breakdown. */
  byCreative?: { dimension: BreakdownDimension; creatives: { name: string; breakdown: Breakdown }[] };
}
