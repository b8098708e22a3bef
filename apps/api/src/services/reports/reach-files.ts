// "Reach" in report files and mails (docs/reports.md, "Reach"): the CSV's tables, the workbook's sheet,
// the PDF's rows and the scheduled mail's line, from the report's `reach` (the domain's reachOf),
// whenever the range has ads. Every figure is an estimate: the labels say "about" and the error is
// written beside them. When no ad had an identity the files say reach cannot be told, never 0.
import { hasReach, type Reach, reachErrorText, reachSentence, reachShown } from '@adconsole/domain';
import type { Figures } from './build-input';

/** The section's header: what each row is, and its value. */
export const reachHeaders = (reach: Reach): string[] => [
  `Reach (estimates within ${reachErrorText(reach)})`,
  'Value',
];

/** The figures as rows: the reach, browsers, devices, the ads, the average frequency, the coverage. */
export function reachLines(figures: Figures): (string | number)[][] {
  const { reach } = figures;
  const summary: (string | number)[] = ['Summary', reachSentence(reach)];
  if (!hasReach(reach)) return [summary, ['Ads', reach.ads]];
  return [
    summary,
    ['Browsers and devices reached (about)', reach.reach],
    ['Browsers (about)', reach.browsers],
    ['Devices (about)', reach.devices],
    ['Error of each estimate', reachErrorText(reach)],
    ['Ads with an identity', reach.identifiedAds],
    ['Ads', reach.ads],
    ['Average ads per browser or device (about)', (reach.averageFrequency ?? 0).toFixed(1)],
    ['Share of the ads with an identity', `${Math.round((reach.coverage ?? 0) * 100)} %`],
  ];
}

/** The table by local day (with reach only). */
export const REACH_DAY_HEADERS = [
  'Day',
  'Reach that day (about)',
  'New (about)',
  'Returning (about)',
  'Reached so far (about)',
] as const;

export const reachDayLines = (figures: Figures): (string | number)[][] =>
  hasReach(figures.reach)
    ? figures.reach.days.map((day) => [day.date, day.reach, day.new, day.returning, day.cumulative])
    : [];

/** The PDF's rows: the figures' rows without the sentence (written above the table), counts written out. */
export function reachPdfRows(figures: Figures): string[][] {
  const integer = new Intl.NumberFormat('en-US');
  return reachLines(figures)
    .slice(1)
    .map(([label, value]) => [
      String(label),
      typeof value === 'number' ? integer.format(value) : String(value),
    ]);
}

/** The scheduled mail's line, when the range has ads. */
export const reachMailLines = (figures: Figures): string[] =>
  reachShown(figures.reach) ? [`Reach: ${reachSentence(figures.reach)}`] : [];
