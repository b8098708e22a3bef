// "Frequency" in report files (docs/reports.md, "Frequency"): the CSV's table, the workbook's sheet and
// the PDF's table, from the report's `frequency` (the domain's frequencyOf), only when the range has
// ads of a campaign with caps. Rows: browsers with 1, 2 ... 9 and 10 or more ads in a window, then all
// browsers, the ads, and the average (ads / browsers, one decimal).
import {
  type Frequency,
  formatFrequencyAverage,
  frequencyBarLabel,
  frequencySentence,
  hasFrequency,
} from '@adconsole/domain';
import type { Figures } from './build-input';

/** Whether the report has frequency to show (a file then has the section). */
export const hasFrequencyFigures = (figures: Figures): boolean => hasFrequency(figures.frequency);

/** The section's header. */
export const FREQUENCY_HEADERS = ['Ads per browser', 'Browsers'] as const;

/** Its rows: each bar, then all browsers, the ads and the average. */
export function frequencyLines(figures: Figures): (string | number)[][] {
  const frequency: Frequency = figures.frequency;
  return [
    ...frequency.bars.map((bar) => [frequencyBarLabel(bar), bar.browsers]),
    ['All browsers', frequency.browsers],
    ['Ads', frequency.ads],
    ['Average ads per browser', formatFrequencyAverage(frequency.average)],
  ];
}

/** The workbook sheet's head. */
export const frequencySheetHead = () => [
  { header: FREQUENCY_HEADERS[0], width: 26 },
  { header: FREQUENCY_HEADERS[1], width: 14, format: '#,##0' },
];

/** The PDF's table: the same rows, counts written out ('1,204'), and the sentence above it. */
export function frequencyPdfRows(figures: Figures): string[][] {
  const integer = new Intl.NumberFormat('en-US');
  return frequencyLines(figures).map(([label, value]) => [
    String(label),
    typeof value === 'number' ? integer.format(value) : String(value),
  ]);
}

/** The sentence under the PDF's heading: what a browser means here. */
export const frequencyPdfSentence = (figures: Figures): string => frequencySentence(figures.frequency);
