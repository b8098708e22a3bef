// Conversions in report files (docs/conversions.md, "Reports"): the CSV, the workbooks, the PDF and the
// scheduled mail show Conversions, Conversion rate (per click), Conversion value (in the conversion
// currency) and, with a booked rate, Cost per conversion and ROAS. The CSV writes the value exact (the
// minor units summed, as a decimal: '1254.56'), the workbooks a number with the currency's format, the
// PDF and the mail the amount as people read it. Conversions received but not counted are listed by
// reason where invalid traffic is.
import { type CampaignRate, type InvalidConversions, type ReportData, spendText } from '@adconsole/domain';
import { moneyFormat, moneyText, spendUnitsOf } from './spend-files';

/** The conversion figures a row may carry (reportRates and breakdownFigures fill them). */
export interface ConversionCells {
  conversions?: number | undefined;
  conversionValueMinor?: number | undefined;
  conversionRate?: number | undefined;
  conversionValue?: number | undefined;
  costPerConversion?: number | null | undefined;
  roas?: number | null | undefined;
}
type ConversionKey = 'conversions' | 'conversionRate' | 'conversionValue' | 'costPerConversion' | 'roas';

/** How a column's cells are written: a count, a rate in percent, an amount of a currency, a ratio. */
type ConversionKind = 'count' | 'rate' | 'amount' | 'ratio';

export interface ConversionColumn {
  header: string;
  key: ConversionKey;
  kind: ConversionKind;
  /** The currency of an amount. */
  currency?: string;
}

type CurrencyOf = Pick<ReportData, 'rate' | 'conversionCurrency'>;

/** The currency of the conversions' value: the actions', else the booked rate's (reportRates reads it so). */
export const valueCurrencyOf = (figures: CurrencyOf): string | null =>
  figures.conversionCurrency ?? figures.rate?.currency ?? null;

/**
 * A report's conversion columns: Conversions and Conversion rate (%) always; Conversion value when its
 * currency is known (the campaign has conversion actions or a booked rate); Cost per conversion and ROAS
 * (value per spend, 2.5 = 250 %) with a booked rate.
 */
export function conversionColumns(figures: CurrencyOf): ConversionColumn[] {
  const currency = valueCurrencyOf(figures);
  const { rate } = figures;
  return [
    { header: 'Conversions', key: 'conversions', kind: 'count' },
    { header: 'Conversion rate (%)', key: 'conversionRate', kind: 'rate' },
    ...(currency === null
      ? []
      : [
          {
            header: `Conversion value (${currency})`,
            key: 'conversionValue',
            kind: 'amount',
            currency,
          } as const,
        ]),
    ...(rate
      ? ([
          {
            header: `Cost per conversion (${rate.currency})`,
            key: 'costPerConversion',
            kind: 'amount',
            currency: rate.currency,
          },
          { header: 'ROAS', key: 'roas', kind: 'ratio' },
        ] as const)
      : []),
  ];
}

const round4 = (value: number) => Math.round(value * 10_000) / 10_000;

/**
 * A CSV cell: the value exact (its minor units as a decimal, like the spend: '1254.56'), the cost per
 * conversion to a thousandth of the minor unit, rates and ROAS to four decimals; empty without a value.
 */
export function conversionCsvCell(row: ConversionCells, column: ConversionColumn): string | number {
  const value = row[column.key];
  if (value === undefined || value === null) return column.kind === 'count' ? 0 : '';
  if (column.kind === 'amount' && column.currency !== undefined) {
    if (column.key === 'conversionValue' && row.conversionValueMinor !== undefined)
      return spendText(row.conversionValueMinor * 1000, column.currency);
    return spendText(spendUnitsOf(value, column.currency), column.currency);
  }
  return column.kind === 'count' ? value : round4(value);
}

/** A workbook cell: numbers (a rate as a fraction for the percent format); null, an empty cell, without a value. */
export function conversionCellValue(row: ConversionCells, column: ConversionColumn): number | null {
  const value = row[column.key];
  if (value === undefined || value === null) return column.kind === 'count' ? 0 : null;
  if (column.kind === 'rate') return round4(value) / 100;
  if (column.kind === 'ratio') return round4(value);
  return value;
}

/** A workbook column's number format. */
export function conversionFormat(column: ConversionColumn): string {
  if (column.kind === 'rate') return '0.00%';
  if (column.kind === 'ratio') return '0.00';
  if (column.kind === 'amount') return moneyFormat(column.currency ?? 'USD');
  return '#,##0';
}

/** A workbook sheet's heads of the conversion columns. */
export const conversionHead = (figures: CurrencyOf) =>
  conversionColumns(figures).map((column) => ({
    header: column.header.replace(' (%)', ''),
    width: Math.max(12, column.header.length + 2),
    format: conversionFormat(column),
  }));

/** A row's conversion cells in a sheet. */
export const conversionCells = (figures: CurrencyOf, row: ConversionCells) =>
  conversionColumns(figures).map((column) => conversionCellValue(row, column));

/** The summable conversion columns of a pivot's long-form data: the count and the value. */
export const pivotConversionColumns = (figures: CurrencyOf) =>
  conversionColumns(figures).filter(
    (column) => column.key === 'conversions' || column.key === 'conversionValue',
  );

/** The table of conversions not counted (CSV and sheet): reason, code, conversions. */
export const INVALID_CONVERSION_HEADERS = ['Invalid conversion (not counted)', 'Code', 'Conversions'];
export const invalidConversionRows = (invalid: InvalidConversions): [string, string, number][] =>
  invalid.byReason.map((row) => [row.label, row.reason, row.conversions]);

/** People's text of the conversion figures (PDF tiles, the mail): [label, text] pairs. */
export function conversionTexts(
  figures: CurrencyOf,
  totals: ConversionCells & { clicks: number },
): [string, string][] {
  const currency = valueCurrencyOf(figures);
  const rate: CampaignRate | null | undefined = figures.rate;
  const conversions = totals.conversions ?? 0;
  return [
    ['Conversions', conversions.toLocaleString('en-US')],
    ['Conversion rate', totals.clicks > 0 ? `${(totals.conversionRate ?? 0).toFixed(2)} %` : '—'],
    ...(currency === null
      ? []
      : ([['Conversion value', moneyText(totals.conversionValue ?? 0, currency)]] as [string, string][])),
    ...(rate
      ? ([
          ['Cost per conversion', moneyText(totals.costPerConversion, rate.currency)],
          ['ROAS', totals.roas === undefined || totals.roas === null ? '—' : `${totals.roas.toFixed(2)}×`],
        ] as [string, string][])
      : []),
  ];
}
