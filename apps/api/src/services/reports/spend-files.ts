// Spend in report files (docs/reports.md, "Goals, rates and spend"): with a booked rate, the CSV, the
// workbooks, the PDF and the scheduled mail show Spend, eCPM, eCPC and CPCV in the campaign's currency.
// The CSV writes the exact spend (every digit, to a thousandth of the minor unit: spendText), the
// workbooks a number with the currency's format, the PDF the amount rounded to the currency.
import {
  type CampaignRate,
  currencyDigits,
  formatGoal,
  formatMoney,
  formatRate,
  GOAL_METRIC_LABELS,
  PACING_STATUS_LABELS,
  type Pacing,
  type ReportData,
  spendText,
} from '@adconsole/domain';

/** The spend figures a row may carry (reportRates and breakdownFigures fill them at a booked rate). */
export interface SpendCells {
  spend?: number | undefined;
  ecpm?: number | null | undefined;
  ecpc?: number | null | undefined;
  cpcv?: number | null | undefined;
}
export type SpendKey = keyof SpendCells;

export interface SpendColumn {
  header: string;
  key: SpendKey;
}

/** The spend columns of a report at its booked rate; none without one. */
export const spendColumns = (rate: CampaignRate | null | undefined): SpendColumn[] =>
  rate
    ? [
        { header: `Spend (${rate.currency})`, key: 'spend' },
        { header: `eCPM (${rate.currency})`, key: 'ecpm' },
        { header: `eCPC (${rate.currency})`, key: 'ecpc' },
        { header: `CPCV (${rate.currency})`, key: 'cpcv' },
      ]
    : [];

/** A spend amount back in thousandths of the minor unit (exact: the JSON's spend is that decimal's float). */
export const spendUnitsOf = (amount: number, currency: string): number =>
  Math.round(amount * 10 ** (currencyDigits(currency) + 3));

/**
 * A CSV cell: the spend exact (spendText: '3086.4175'), an effective cost to a thousandth of the minor
 * unit, empty when it has no value (no impressions, clicks or completed views to divide by).
 */
export function spendCsvCell(row: SpendCells, key: SpendKey, rate: CampaignRate): string {
  const value = row[key];
  if (value === undefined || value === null) return '';
  // The spend is a whole number of these units already; an effective cost is rounded to one.
  return spendText(spendUnitsOf(value, rate.currency), rate.currency);
}

/** A workbook cell: the amount as a number (null, an empty cell, without a value). */
export const spendCellValue = (row: SpendCells, key: SpendKey): number | null => row[key] ?? null;

/** The workbook's number format of an amount: the currency's code and its digits ('"USD "#,##0.00'). */
export function moneyFormat(currency: string): string {
  const digits = currencyDigits(currency);
  return `"${currency} "#,##0${digits > 0 ? `.${'0'.repeat(digits)}` : ''}`;
}

/** An amount for people in the PDF and the mail: rounded to the currency ('$3,086.42'); '—' without one. */
export const moneyText = (value: number | null | undefined, currency: string): string =>
  value === undefined || value === null ? '—' : formatMoney(value, currency);

/**
 * What the campaign books, as labelled lines: ['Rate', 'USD 2.50 CPM'], ['Goal', '300,000 impressions'],
 * ['Pacing', pacingText(...)] (each when present).
 */
export function bookingLines(figures: Pick<ReportData, 'rate' | 'goal' | 'pacing'>): [string, string][] {
  const pacing = pacingText(figures.pacing);
  return [
    ...(figures.rate ? [['Rate', formatRate(figures.rate)] as [string, string]] : []),
    ...(figures.goal ? [['Goal', formatGoal(figures.goal)] as [string, string]] : []),
    ...(pacing ? [['Pacing', pacing] as [string, string]] : []),
  ];
}

/**
 * The pacing status line: 'At risk: 80,000 of 300,000 impressions delivered, plan 100,000 (20.0 %
 * behind), projected 240,000 by the end of the flight.'
 */
function pacingText(pacing: Pacing | null | undefined): string | undefined {
  if (!pacing) return undefined;
  const count = (value: number) => Math.round(value).toLocaleString('en-US');
  const metric = GOAL_METRIC_LABELS[pacing.metric].toLowerCase();
  const deviation =
    pacing.deviation === null
      ? ''
      : ` (${(Math.abs(pacing.deviation) * 100).toFixed(1)} % ${pacing.deviation < 0 ? 'behind' : 'ahead'})`;
  return `${PACING_STATUS_LABELS[pacing.status]}: ${count(pacing.delivered)} of ${count(pacing.goal)} ${metric} delivered, plan ${count(pacing.plan)}${deviation}, projected ${count(pacing.projected)} by the end of the flight.`;
}
