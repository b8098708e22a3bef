// Breakdowns in report files (docs/reports.md, "Breakdowns"): the CSV gets the breakdown asked for as
// a table after the figures (conversions and their value among its columns); the XLSX one sheet per dimension ("By site" ... "By country"), or only the
// one asked for; the pivot workbook, when a breakdown is asked, takes its dimension as the pivot's row
// field (each creative's figures by value, long form). Rows, Other and Unknown add up to the totals.
import {
  BREAKDOWN_DIMENSIONS,
  type Breakdown,
  type BreakdownDimension,
  type BreakdownFigures,
  breakdownOf,
  currencyDigits,
  type ReportData,
} from '@adconsole/domain';
import type { Context } from '../../context';
import { readBreakdown } from '../events/queries/breakdown';
import type { FileBreakdowns } from './build-input';
import {
  type ConversionCells,
  conversionCellValue,
  conversionColumns,
  conversionFormat,
} from './conversion-files';
import type { ReportScope } from './scope';
import { moneyFormat, type SpendKey, spendColumns, spendUnitsOf } from './spend-files';

export const DIMENSION_NAMES: Readonly<Record<BreakdownDimension, string>> = {
  site: 'Site',
  device: 'Device',
  os: 'OS',
  browser: 'Browser',
  country: 'Country',
};

/** The XLSX sheet of each dimension. */
export const BREAKDOWN_SHEETS: Readonly<Record<BreakdownDimension, string>> = {
  site: 'By site',
  device: 'By device',
  os: 'By OS',
  browser: 'By browser',
  country: 'By country',
};

/** The counters and rates of a breakdown row (its spend and conversion figures have their own columns). */
type BreakdownMetric = Exclude<keyof BreakdownFigures, SpendKey | keyof ConversionCells>;

/** A breakdown metric: its header, its field, and whether it is a rate in percent. */
const BREAKDOWN_COLUMNS: readonly { header: string; key: BreakdownMetric; rate?: boolean }[] = [
  { header: 'Impressions', key: 'impressions' },
  { header: 'Viewable impressions', key: 'viewable' },
  { header: 'Measurable impressions', key: 'measurable' },
  { header: 'Engagements', key: 'engagements' },
  { header: 'Clicks', key: 'clicks' },
  { header: 'Video starts', key: 'starts' },
  { header: 'Video completes', key: 'completes' },
  { header: 'CTR (%)', key: 'ctr', rate: true },
  { header: 'Viewability (%)', key: 'viewability', rate: true },
  { header: 'Completion rate (%)', key: 'completionRate', rate: true },
];

/** What a breakdown table's columns depend on: the booked rate and the conversion currency. */
type TableFigures = Pick<ReportData, 'rate' | 'conversionCurrency'>;

/**
 * Every metric column of a breakdown table after its value and label: the metrics, with a booked rate
 * the spend columns (spend-files.ts), then the conversion columns (conversion-files.ts). Each with its
 * workbook format, whether it is a rate in percent, and whether it sums (a pivot's data).
 */
export function breakdownMetricColumns(
  figures: TableFigures,
): { header: string; format: string; rate: boolean; summable: boolean }[] {
  const currency = figures.rate?.currency;
  return [
    ...BREAKDOWN_COLUMNS.map((column) => ({
      header: column.header,
      format: column.rate ? '0.00%' : '#,##0',
      rate: column.rate === true,
      summable: column.rate !== true,
    })),
    ...spendColumns(figures.rate).map((column) => ({
      header: column.header,
      format: moneyFormat(currency ?? 'USD'),
      rate: false,
      summable: column.key === 'spend',
    })),
    ...conversionColumns(figures).map((column) => ({
      header: column.header,
      format: conversionFormat(column),
      rate: column.kind === 'rate',
      summable: column.key === 'conversions' || column.key === 'conversionValue',
    })),
  ];
}

/** A breakdown table's header: the dimension (its stored value), its label, every metric column. */
export const breakdownHeaders = (breakdown: Breakdown, figures: TableFigures): string[] => [
  DIMENSION_NAMES[breakdown.dimension],
  `${DIMENSION_NAMES[breakdown.dimension]} name`,
  ...breakdownMetricColumns(figures).map((column) => column.header),
];

/**
 * One line of a breakdown table: value, label and every metric (rates in percent rounded as the figures
 * are), the spend figures to a thousandth of the minor unit, the conversion value exact (null without a
 * value).
 */
export type BreakdownLine = [value: string, label: string, ...metrics: (number | null)[]];

/** The breakdown's rows, then Other and Unknown when they have counts. */
export function breakdownLines(breakdown: Breakdown, figures: TableFigures): BreakdownLine[] {
  const { rate } = figures;
  const money = (value: number | null | undefined) =>
    value === undefined || value === null || !rate
      ? null
      : spendUnitsOf(value, rate.currency) / 10 ** (currencyDigits(rate.currency) + 3);
  const conversions = conversionColumns(figures);
  const metrics = (row: BreakdownFigures) => [
    ...BREAKDOWN_COLUMNS.map((column) =>
      column.rate ? Math.round(row[column.key] * 10_000) / 10_000 : row[column.key],
    ),
    ...spendColumns(rate).map((column) => money(row[column.key])),
    // The conversion rate in percent here, as the other rates (the workbook divides them).
    ...conversions.map((column) =>
      column.kind === 'rate'
        ? Math.round((row.conversionRate ?? 0) * 10_000) / 10_000
        : conversionCellValue(row, column),
    ),
  ];
  return [
    ...breakdown.rows.map((row): BreakdownLine => [row.value, row.label, ...metrics(row)]),
    ...(breakdown.other ? [['~other', 'Other', ...metrics(breakdown.other)] as BreakdownLine] : []),
    ...(breakdown.unknown ? [['', 'Unknown', ...metrics(breakdown.unknown)] as BreakdownLine] : []),
  ];
}

/**
 * The breakdowns a file of `format` holds: the one asked for, else (XLSX) all five, else (CSV) none;
 * with the pivot and a breakdown asked, each creative's too.
 */
export async function fileBreakdowns(
  ctx: Context,
  scope: ReportScope,
  range: { from: Date; to: Date },
  format: 'csv' | 'xlsx' | 'xlsx-pivot',
  asked: BreakdownDimension | undefined,
  creatives: readonly { name: string; liveIDs: readonly string[] }[],
  conversionCurrency: string | null,
): Promise<FileBreakdowns> {
  const dimensions = asked ? [asked] : format === 'csv' ? [] : [...BREAKDOWN_DIMENSIONS];
  const bannerIds = scope.lives.filter((live) => live.snapshot.type === 'Banner').map((live) => live.id);
  const liveIds = scope.lives.map((live) => live.id);
  const read = async (ids: readonly string[], dimension: BreakdownDimension) =>
    breakdownOf(
      dimension,
      await readBreakdown(ctx.events.store, ids, range.from, range.to, dimension, bannerIds),
      ctx.traffic.countryDatabase,
      scope.campaign.body.data?.rate ?? null,
      conversionCurrency,
    );
  const breakdowns = await Promise.all(dimensions.map((dimension) => read(liveIds, dimension)));
  if (format !== 'xlsx-pivot' || asked === undefined) return { breakdowns };
  const byCreative = await Promise.all(
    creatives.map(async (creative) => ({
      name: creative.name,
      breakdown: await read(creative.liveIDs, asked),
    })),
  );
  return { breakdowns, byCreative: { dimension: asked, creatives: byCreative } };
}
