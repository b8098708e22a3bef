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
  breakdownWithoutCosts,
  currencyDigits,
  figureAdds,
  type ReportData,
} from '@adconsole/domain';
import type { Context } from '../../context';
import { readBreakdown } from '../events/queries/breakdown';
import type { FileBreakdowns } from './build-input';
import { breakdownFileColumns, type FigureColumn, sheetFormat, sheetValue } from './figure-columns';
import type { ReportScope } from './scope';
import { spendUnitsOf } from './spend-files';

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

/** What a breakdown table's columns depend on: the booked rate, the conversion currency, the costs shown. */
type TableFigures = Pick<ReportData, 'rate' | 'conversionCurrency' | 'includeCosts'>;

/**
 * Every metric column of a breakdown table after its value and label (figure-columns.ts): its counts,
 * its rates, with a booked rate the spend figures, then the conversion figures. Each with its workbook
 * format, whether it is a rate in percent, and whether it sums (a pivot's data).
 */
export function breakdownMetricColumns(
  figures: TableFigures,
): { header: string; format: string; rate: boolean; summable: boolean }[] {
  return breakdownFileColumns(figures).map((column) => ({
    header: column.header,
    format: sheetFormat(column),
    rate: column.figure.kind === 'rate',
    summable: figureAdds(column.figure),
  }));
}

/** A breakdown table's header: the dimension (its stored value), its label, every metric column. */
export const breakdownHeaders = (breakdown: Breakdown, figures: TableFigures): string[] => [
  DIMENSION_NAMES[breakdown.dimension],
  `${DIMENSION_NAMES[breakdown.dimension]} name`,
  ...breakdownMetricColumns(figures).map((column) => column.header),
];

/**
 * One line of a breakdown table: value, label and every metric (rates in percent rounded as the figures
 * are), the amounts to a thousandth of the minor unit (null without a value).
 */
export type BreakdownLine = [value: string, label: string, ...metrics: (number | null)[]];

/**
 * A breakdown row's cell: a rate in percent (the workbook divides it), an amount (spend, cost per
 * conversion, the conversions' value) to a thousandth of its minor unit, as the report's own rows are.
 */
function breakdownCell(column: FigureColumn, row: BreakdownFigures): number | null {
  const value = row[column.key as keyof BreakdownFigures] as number | null | undefined;
  if (column.figure.kind === 'rate') return Math.round((value ?? 0) * 10_000) / 10_000;
  if (column.figure.kind === 'money' && column.currency !== undefined)
    return value === undefined || value === null
      ? null
      : spendUnitsOf(value, column.currency) / 10 ** (currencyDigits(column.currency) + 3);
  return sheetValue(column, row);
}

/** The breakdown's rows, then Other and Unknown when they have counts. */
export function breakdownLines(breakdown: Breakdown, figures: TableFigures): BreakdownLine[] {
  const columns = breakdownFileColumns(figures);
  const metrics = (row: BreakdownFigures) => columns.map((column) => breakdownCell(column, row));
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
  // A share link without costs: no booked rate, no cost figure (docs/reports.md, "Share links").
  const costless = scope.includeCosts === false;
  const read = async (ids: readonly string[], dimension: BreakdownDimension) => {
    const breakdown = breakdownOf(
      dimension,
      await readBreakdown(ctx.events.store, ids, range.from, range.to, dimension, bannerIds),
      ctx.traffic.countryDatabase,
      costless ? null : (scope.campaign.body.data?.rate ?? null),
      conversionCurrency,
    );
    return costless ? breakdownWithoutCosts(breakdown) : breakdown;
  };
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
