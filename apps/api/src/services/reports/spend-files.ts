// Money in report files (docs/reports.md, "Goals, rates and spend"): with a booked rate, the CSV, the
// workbooks, the PDF and the scheduled mail show the spend figures in the campaign's currency (their
// columns: figure-columns.ts). The CSV writes the exact spend (every digit, to a thousandth of the minor
// unit: spendText), the workbooks a number with the currency's format (moneyFormat), the PDF the amount
// rounded to the currency (moneyText); what the campaign books and its pacing as labelled lines.
import {
  currencyDigits,
  formatGoal,
  formatMoney,
  formatRate,
  GOAL_METRIC_LABELS,
  PACING_STATUS_LABELS,
  type Pacing,
  type ReportData,
} from '@adconsole/domain';

/** A spend amount back in thousandths of the minor unit (exact: the JSON's spend is that decimal's float). */
export const spendUnitsOf = (amount: number, currency: string): number =>
  Math.round(amount * 10 ** (currencyDigits(currency) + 3));

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
