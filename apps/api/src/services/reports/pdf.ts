// The PDF of a scheduled report, rendered on the server with pdfmake: a header with campaign, range and
// zone, the totals, the performance chart drawn by @adconsole/charts as static SVG (fixed size, literal
// colours: pdfmake does not resolve CSS variables), the per-creative table, and for a Full report the
// daily series, the video quartiles (chart and table). It looks like the console's report.
import { createRequire } from 'node:module';
import path from 'node:path';
import { chartPalette, PerformanceChart, VideoQuartilesChart } from '@adconsole/charts';
import { metricValue, type ReportRateMetric, type ReportTotals } from '@adconsole/domain';
import pdfmake from 'pdfmake';
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Figures } from './build-input';
import { conversionTexts, valueCurrencyOf } from './conversion-files';
import { bookingLines, moneyText } from './spend-files';

const require = createRequire(import.meta.url);
const fontsDir = path.join(path.dirname(require.resolve('pdfmake/package.json')), 'fonts', 'Roboto');

let configured = false;
function configure() {
  if (configured) return;
  pdfmake.addFonts({
    Roboto: {
      normal: path.join(fontsDir, 'Roboto-Regular.ttf'),
      bold: path.join(fontsDir, 'Roboto-Medium.ttf'),
      italics: path.join(fontsDir, 'Roboto-Italic.ttf'),
      bolditalics: path.join(fontsDir, 'Roboto-MediumItalic.ttf'),
    },
  });
  // A report holds nothing that needs the network or other files (CVE-2024 class of pdfmake issues).
  pdfmake.setUrlAccessPolicy(() => false);
  pdfmake.setLocalAccessPolicy((file: string) => path.resolve(file).startsWith(fontsDir));
  configured = true;
}

const integer = new Intl.NumberFormat('en-US');
/** A rate as the report shows it; '—' where it has none (no impressions, no video starts). */
const percent = (metric: ReportRateMetric, figures: Partial<ReportTotals>) => {
  const value = metricValue(metric, figures);
  return value === undefined ? '—' : `${value.toFixed(2)} %`;
};

/** The <svg> of a chart rendered to static markup (without its accessible text around it). */
function chartSvg(element: ReactElement): string {
  const markup = renderToStaticMarkup(element);
  const start = markup.indexOf('<svg');
  const end = markup.lastIndexOf('</svg>');
  if (start === -1 || end === -1) throw new Error('The chart rendered no SVG');
  return markup.slice(start, end + '</svg>'.length);
}

const CONTENT_WIDTH = 515;
const header = (cells: string[]) => cells.map((text) => ({ text, style: 'th' }));
const table = (widths: (string | number)[], head: string[], rows: (string | number)[][]): Content => ({
  table: {
    headerRows: 1,
    widths,
    body: [
      header(head),
      ...rows.map((row) =>
        row.map((cell, index) => ({
          text: String(cell),
          alignment: index === 0 ? ('left' as const) : ('right' as const),
        })),
      ),
    ],
  },
  layout: 'lightHorizontalLines',
  margin: [0, 4, 0, 14],
});

/** Spend and the effective cost of what the rate prices, rounded to the currency (spend-files.ts). */
const spendTiles = (figures: Figures, totals: ReportTotals): [string, string][] => {
  const { rate } = figures;
  if (!rate) return [];
  const effective: Record<typeof rate.model, [string, number | null | undefined]> = {
    CPM: ['eCPM', totals.ecpm],
    CPC: ['eCPC', totals.ecpc],
    CPCV: ['CPCV', totals.cpcv],
  };
  const [label, value] = effective[rate.model];
  return [
    ['Spend', moneyText(totals.spend, rate.currency)],
    [label, moneyText(value, rate.currency)],
  ];
};

/** The spend column's head and a row's cell, when a rate is booked. */
const spendHead = (figures: Figures) => (figures.rate ? [`Spend (${figures.rate.currency})`] : []);
const spendCell = (figures: Figures, totals: ReportTotals) =>
  figures.rate ? [moneyText(totals.spend, figures.rate.currency)] : [];

/** The conversion columns' heads and a row's cells: conversions, and their value when it has a currency. */
const conversionHead = (figures: Figures) => {
  const currency = valueCurrencyOf(figures);
  return ['Conversions', ...(currency === null ? [] : [`Conv. value (${currency})`])];
};
const conversionCell = (figures: Figures, totals: ReportTotals) => {
  const currency = valueCurrencyOf(figures);
  return [
    integer.format(totals.conversions ?? 0),
    ...(currency === null ? [] : [moneyText(totals.conversionValue ?? 0, currency)]),
  ];
};

/** A row of figure tiles. */
const tileRow = (tiles: [string, string][], top = 0): Content => ({
  columns: tiles.map(([label, value]) => ({
    stack: [
      { text: label, style: 'kpiLabel' },
      { text: value, style: 'kpiValue' },
    ],
  })),
  columnGap: 8,
  margin: [0, top, 0, 10],
});

const kpis = (figures: Figures, totals: ReportTotals, withVideo: boolean): Content => {
  const tiles: [string, string][] = [
    ['Impressions', integer.format(totals.impressions)],
    ['Viewable', integer.format(totals.viewable)],
    ['Engagements', integer.format(totals.engagement)],
    ['Clicks', integer.format(totals.clicks)],
    ['CTR', percent('ctr', totals)],
    ['Engagement rate', percent('engagementRate', totals)],
    ...spendTiles(figures, totals),
    ...(withVideo
      ? ([
          ['Video completes', integer.format(totals.videoCompletes ?? 0)],
          ['Completion rate', percent('completionRate', totals)],
        ] as [string, string][])
      : []),
  ];
  return {
    stack: [
      tileRow(tiles, 6),
      // Conversions (docs/conversions.md): count, rate per click, value, cost per conversion, ROAS.
      tileRow(conversionTexts(figures, totals)),
    ],
  };
};

/** The report as a PDF (A4). `full` adds the daily series and the video data. */
export async function renderReportPdf(
  figures: Figures,
  options: { full: boolean; title: string },
): Promise<Buffer> {
  configure();
  const withVideo = options.full && figures.withVideoData;
  const range = figures.start === figures.end ? figures.start : `${figures.start} to ${figures.end}`;
  const performance = chartSvg(
    createElement(PerformanceChart, {
      series: figures.series,
      width: CONTENT_WIDTH,
      height: 220,
      palette: chartPalette.light,
      metrics: [],
      interactive: false,
      locale: 'en-US',
    }),
  );
  const content: Content[] = [
    { text: options.title, style: 'title' },
    {
      text: `${figures.campaignName ?? figures.campaignID} · ${range} · ${figures.timezone.tzCode}`,
      style: 'subtitle',
    },
    // What the campaign books and its pacing now: 'Rate: USD 2.50 CPM', 'Goal: …', 'Pacing: At risk: …'.
    ...bookingLines(figures).map(
      ([label, value]): Content => ({ text: `${label}: ${value}`, style: 'booking' }),
    ),
    kpis(figures, figures.totals, withVideo),
    { text: 'Impressions by day', style: 'h2' },
    { svg: performance, width: CONTENT_WIDTH },
    { text: 'By creative', style: 'h2', margin: [0, 14, 0, 0] },
    table(
      [
        '*',
        60,
        'auto',
        'auto',
        'auto',
        'auto',
        'auto',
        ...[...spendHead(figures), ...conversionHead(figures)].map(() => 'auto'),
      ],
      [
        'Creative',
        'Type',
        'Impressions',
        'Viewable',
        'Engagements',
        'Clicks',
        'CTR',
        ...spendHead(figures),
        ...conversionHead(figures),
      ],
      figures.creatives.map((creative) => [
        creative.name,
        creative.type,
        integer.format(creative.totals.impressions),
        integer.format(creative.totals.viewable),
        integer.format(creative.totals.engagement),
        integer.format(creative.totals.clicks),
        percent('ctr', creative.totals),
        ...spendCell(figures, creative.totals),
        ...conversionCell(figures, creative.totals),
      ]),
    ),
  ];
  if (figures.invalid.total > 0) {
    content.push(
      { text: 'Invalid traffic (filtered, not in the figures above)', style: 'h2', margin: [0, 4, 0, 0] },
      table(
        ['*', 'auto', 'auto', 'auto'],
        ['Reason', 'Impressions', 'Clicks', 'All events'],
        figures.invalid.byReason.map((row) => [
          row.label,
          integer.format(row.impressions),
          integer.format(row.clicks),
          integer.format(row.events),
        ]),
      ),
    );
  }
  if (figures.invalidConversions.total > 0) {
    content.push(
      { text: 'Invalid conversions (not counted)', style: 'h2', margin: [0, 4, 0, 0] },
      table(
        ['*', 'auto'],
        ['Reason', 'Conversions'],
        figures.invalidConversions.byReason.map((row) => [row.label, integer.format(row.conversions)]),
      ),
    );
  }
  if (options.full) {
    content.push(
      { text: 'Daily figures', style: 'h2', pageBreak: 'before' },
      table(
        [
          '*',
          'auto',
          'auto',
          'auto',
          'auto',
          'auto',
          ...[...spendHead(figures), ...conversionHead(figures)].map(() => 'auto'),
        ],
        [
          'Day',
          'Impressions',
          'Viewable',
          'Engagements',
          'Clicks',
          'CTR',
          ...spendHead(figures),
          ...conversionHead(figures),
        ],
        figures.series.map((point) => [
          point.date,
          integer.format(point.impressions),
          integer.format(point.viewable),
          integer.format(point.engagement),
          integer.format(point.clicks),
          percent('ctr', point),
          ...spendCell(figures, point),
          ...conversionCell(figures, point),
        ]),
      ),
    );
  }
  if (withVideo) {
    content.push(
      { text: 'Video quartiles', style: 'h2', pageBreak: 'before' },
      {
        svg: chartSvg(
          createElement(VideoQuartilesChart, {
            totals: figures.totals,
            width: CONTENT_WIDTH,
            height: 220,
            palette: chartPalette.light,
            interactive: false,
            locale: 'en-US',
          }),
        ),
        width: CONTENT_WIDTH,
      },
      table(
        ['*', 'auto', 'auto', 'auto', 'auto', 'auto', 'auto'],
        ['Day', 'Starts', '25 %', '50 %', '75 %', 'Completes', 'Completion'],
        figures.series.map((point) => [
          point.date,
          integer.format(point.videoStarts ?? 0),
          integer.format(point.firstQuartile ?? 0),
          integer.format(point.midpoint ?? 0),
          integer.format(point.thirdQuartile ?? 0),
          integer.format(point.videoCompletes ?? 0),
          percent('completionRate', point),
        ]),
      ),
    );
  }
  const definition: TDocumentDefinitions = {
    pageSize: 'A4',
    pageMargins: [40, 50, 40, 50],
    info: { title: `${options.title} (${range})`, creator: 'Adconsole' },
    content,
    footer: (page: number, pages: number) => ({
      text: `Adconsole · ${figures.campaignName ?? ''} · page ${page} of ${pages}`,
      alignment: 'center',
      fontSize: 8,
      color: '#6b7280',
      margin: [0, 20, 0, 0],
    }),
    styles: {
      title: { fontSize: 18, bold: true, margin: [0, 0, 0, 2] },
      subtitle: { fontSize: 10, color: '#4b5563', margin: [0, 0, 0, 8] },
      booking: { fontSize: 9, color: '#374151', margin: [0, 0, 0, 2] },
      h2: { fontSize: 12, bold: true, margin: [0, 6, 0, 4] },
      th: { bold: true, fontSize: 8, color: '#374151' },
      kpiLabel: { fontSize: 8, color: '#6b7280' },
      kpiValue: { fontSize: 13, bold: true },
    },
    defaultStyle: { font: 'Roboto', fontSize: 9 },
  };
  return Buffer.from(await pdfmake.createPdf(definition).getBuffer());
}
