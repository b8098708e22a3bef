// The figures of report files as columns: which of the domain's REPORT_FIGURES a file shows (each place's
// figures, those the report has: video with video data, spend with a booked rate, a conversion value with
// its currency), each header in the figure's one wording, and how each kind is written: the CSV exact
// (counts whole, rates in percent to four decimals, ratios to four decimals under a '(x)' header, amounts
// to a thousandth of the minor unit, the conversions' value from its minor units), the workbooks typed
// numbers with a format ('1,365.08x' for a ratio), the PDF and the mail as people read them ('1,365x';
// docs/reports.md, "ROAS as a ratio").
import {
  countsFirst,
  type FigureGroup,
  type FigurePlace,
  type FigureSpec,
  figuresIn,
  formatMoney,
  formatRatio,
  isCostFigure,
  metricValue,
  RATIO_SUFFIX,
  type ReportData,
  type ReportMetric,
  type ReportTotals,
  shortLabel,
  spendText,
} from '@adconsole/domain';
import { moneyFormat, spendUnitsOf } from './spend-files';

/** What decides a file's columns: video data, the booked rate, the conversions' currency, the costs shown. */
export type ColumnFigures = Pick<ReportData, 'rate' | 'conversionCurrency' | 'includeCosts'> & {
  withVideoData?: boolean;
};

export interface FigureColumn {
  key: ReportMetric;
  figure: FigureSpec;
  /** The CSV's header: the label, '(%)' after a rate, '(x)' after a ratio, the currency after an amount ('Spend (USD)'). */
  header: string;
  /** A sheet's header and the people's label (PDF tiles, mail): the label, the currency after an amount. */
  label: string;
  /** The PDF tables' header: the short label, the currency after an amount ('Conv. value (EUR)'). */
  short: string;
  /** An amount's currency. */
  currency?: string;
}

/** The currency of the conversions' value: the actions', else the booked rate's (reportRates reads it so). */
const valueCurrencyOf = (figures: Pick<ReportData, 'rate' | 'conversionCurrency'>): string | null =>
  figures.conversionCurrency ?? figures.rate?.currency ?? null;

/** The currency a figure is an amount of in this report; null when the report has none for it. */
const currencyOf = (figure: FigureSpec, figures: ColumnFigures): string | null | undefined => {
  if (figure.currency === 'rate') return figures.rate?.currency ?? null;
  if (figure.currency === 'conversion') return valueCurrencyOf(figures);
  return undefined;
};

/** Whether the report has the figure: its group's data, its booked rate, its currency, its costs shown. */
function reportHas(figure: FigureSpec, figures: ColumnFigures): boolean {
  if (figures.includeCosts === false && isCostFigure(figure)) return false;
  if ((figure.group === 'video' || figure.group === 'vast') && figures.withVideoData === false) return false;
  if ((figure.group === 'spend' || figure.withRate) && !figures.rate) return false;
  return currencyOf(figure, figures) !== null;
}

const columnOf = (figure: FigureSpec, figures: ColumnFigures): FigureColumn => {
  const currency = currencyOf(figure, figures) ?? undefined;
  const unit = currency === undefined ? '' : ` (${currency})`;
  return {
    key: figure.key as ReportMetric,
    figure,
    header: `${figure.label}${figure.kind === 'rate' ? ' (%)' : figure.kind === 'ratio' ? ` (${RATIO_SUFFIX})` : unit}`,
    label: `${figure.label}${unit}`,
    short: `${shortLabel(figure)}${unit}`,
    ...(currency === undefined ? {} : { currency }),
  };
};

/**
 * The columns of `place` a report has, in the list's order (of `groups` only, when given). A breakdown
 * table's columns are those of the downloads it stands in: counts first, then rates and amounts.
 */
export function figureColumns(
  figures: ColumnFigures,
  place: FigurePlace,
  groups?: readonly FigureGroup[],
): FigureColumn[] {
  return figuresIn(place)
    .filter((figure) => (groups === undefined || groups.includes(figure.group)) && reportHas(figure, figures))
    .map((figure) => columnOf(figure, figures));
}

/**
 * A breakdown table's columns in files: the figures a breakdown has that the downloads show (video ones
 * always), its counts first, then its rates, then spend and conversions as the downloads have them.
 */
export const breakdownFileColumns = (figures: ColumnFigures): FigureColumn[] => {
  const shown = figureColumns({ ...figures, withVideoData: true }, 'breakdown').filter(
    (column) => column.figure.shows?.download === true,
  );
  const measured = shown.filter(
    (column) => column.figure.group === 'base' || column.figure.group === 'video',
  );
  return [...countsFirst(measured), ...shown.filter((column) => !measured.includes(column))];
};

/** A row of figures (a period, a creative's totals, a breakdown row). */
type Row = { readonly [key: string]: unknown };
const valueIn = (row: Row, key: string) => row[key] as number | null | undefined;
/**
 * What a cell without a value holds: a count 0, a rate 0 when the row has what it is a rate of (its
 * denominator was 0), else nothing (a row without conversions has no conversion rate).
 */
const noValue = (column: FigureColumn, row: Row): 0 | null => {
  const { kind, rate } = column.figure;
  if (kind === 'count') return 0;
  return kind === 'rate' && rate !== undefined && valueIn(row, rate.of) !== undefined ? 0 : null;
};
const round4 = (value: number) => Math.round(value * 10_000) / 10_000;

/** An amount exact to a thousandth of the minor unit ('3086.4175'); the value from its minor units. */
const exactAmount = (column: FigureColumn, row: Row, value: number): string => {
  const currency = column.currency ?? 'USD';
  const minor = valueIn(row, 'conversionValueMinor');
  if (column.key === 'conversionValue' && typeof minor === 'number') return spendText(minor * 1000, currency);
  return spendText(spendUnitsOf(value, currency), currency);
};

/** A CSV cell: counts whole (0 when absent), rates in percent and ratios to four decimals, amounts exact. */
export function csvCell(column: FigureColumn, row: Row): string | number {
  const value = valueIn(row, column.key);
  const kind = column.figure.kind;
  if (value === undefined || value === null) return noValue(column, row) ?? '';
  if (kind === 'money') return exactAmount(column, row, value);
  return kind === 'count' ? value : round4(value);
}

/** A workbook cell: a number (a rate as a fraction for the percent format); null, an empty cell, without one. */
export function sheetValue(column: FigureColumn, row: Row): number | null {
  const value = valueIn(row, column.key);
  const kind = column.figure.kind;
  if (value === undefined || value === null) return noValue(column, row);
  if (kind === 'rate') return round4(value) / 100;
  return kind === 'ratio' ? round4(value) : value;
}

/** A workbook column's number format. */
export function sheetFormat(column: FigureColumn): string {
  const kind = column.figure.kind;
  if (kind === 'rate') return '0.00%';
  if (kind === 'ratio') return `#,##0.00"${RATIO_SUFFIX}"`;
  if (kind === 'money') return moneyFormat(column.currency ?? 'USD');
  return '#,##0';
}

/** A sheet's head of the columns: the label, a width to fit the CSV's header, the format. */
export const sheetHead = (columns: readonly FigureColumn[]) =>
  columns.map((column) => ({
    header: column.label,
    width: Math.max(column.currency === undefined ? 12 : 14, column.header.length + 2),
    format: sheetFormat(column),
  }));

const integer = new Intl.NumberFormat('en-US');

/**
 * A figure as people read it (the PDF, the mail): counts with separators, a rate '0.52 %' ('—' over
 * nothing), an amount rounded to its currency ('$3,086.42', '—' without one), a ratio '2.50x', '1,365x'.
 */
export function figureText(column: FigureColumn, totals: Partial<ReportTotals>): string {
  const kind = column.figure.kind;
  if (kind === 'rate') {
    const value = metricValue(column.key, totals);
    return value === undefined ? '—' : `${value.toFixed(2)} %`;
  }
  const value = totals[column.key];
  if (kind === 'count') return integer.format(value ?? 0);
  if (value === undefined || value === null)
    return column.key === 'conversionValue' ? moneyOf(column, 0) : '—';
  return kind === 'money' ? moneyOf(column, value) : formatRatio(value);
}

const moneyOf = (column: FigureColumn, value: number) => formatMoney(value, column.currency ?? 'USD');
