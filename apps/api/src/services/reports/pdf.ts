// The PDF of a scheduled report, rendered on the server with pdfmake: a header with campaign, range and
// zone, the totals, the performance chart drawn by @adconsole/charts as static SVG (fixed size, literal
// colours: pdfmake does not resolve CSS variables), the per-creative table, and for a Full report the
// daily series, the video quartiles (chart and table). It looks like the console's report.
import { chartPalette, PerformanceChart, ReachCurve, VideoQuartilesChart } from '@adconsole/charts';
import {
  FIGURE,
  type FigureGroup,
  hasReach,
  type ReportTotals,
  reachSentence,
  reachShown,
  shortLabel,
  showsIn,
} from '@adconsole/domain';
import pdfmake from 'pdfmake';
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Figures } from './build-input';
import { type FigureColumn, figureColumns, figureText } from './figure-columns';
import { frequencyPdfRows, frequencyPdfSentence, hasFrequencyFigures } from './frequency-files';
import { hasRequests, notServedPdfRows } from './not-served-files';
import { configurePdf } from './pdf-fonts';
import { reachHeaders, reachPdfRows } from './reach-files';
import { bookingLines } from './spend-files';

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

/**
 * The PDF's columns (the domain's REPORT_FIGURES shown in the PDF, those the report has): the tables'
 * figures (counts, CTR, spend, conversions and their value) and the video table's; the PDF's tables and
 * tiles name each figure by its short label.
 */
const pdfColumns = (figures: Figures) => figureColumns(figures, 'pdf', ['base', 'spend', 'conversion']);
const videoPdfColumns = (figures: Figures) =>
  figureColumns({ ...figures, withVideoData: true }, 'pdf', ['video']);

/** Spend and the effective cost of what the rate prices (eCPM for CPM...), rounded to the currency. */
const spendTiles = (figures: Figures, totals: ReportTotals): [string, string][] => {
  const { rate } = figures;
  if (!rate) return [];
  const priced = { CPM: 'ecpm', CPC: 'ecpc', CPCV: 'cpcv' } as const;
  return figureColumns(figures, 'tiles', ['spend'])
    .filter((column) => column.key === 'spend' || column.key === priced[rate.model])
    .map((column) => [shortLabel(column.figure), figureText(column, totals)]);
};

/** Tiles of the figures of `groups` shown as tiles: [short label, text] pairs (a row holds up to nine). */
const tiles = (figures: Figures, totals: ReportTotals, groups: readonly FigureGroup[]): [string, string][] =>
  figureColumns(figures, 'tiles', groups).map((column) => [
    shortLabel(column.figure),
    figureText(column, totals),
  ]);

/**
 * The counts of `group` that the report's tables show and that have no tile (where conversions came
 * from): the PDF has no column menu, so they stand beside the group's tiles.
 */
const tableOnlyTiles = (figures: Figures, totals: ReportTotals, group: FigureGroup): [string, string][] =>
  figureColumns(figures, 'table', [group])
    .filter((column) => column.figure.kind === 'count' && !showsIn(column.figure, 'tiles'))
    .map((column) => [shortLabel(column.figure), figureText(column, totals)]);

/** A table of `columns` with `first` (a day, a creative and its type) before each row's cells. */
function figureTable<Row>(
  first: { heads: string[]; widths: (string | number)[]; cells: (row: Row) => string[] },
  columns: readonly FigureColumn[],
  rows: readonly { row: Row; totals: Partial<ReportTotals> }[],
): Content {
  return table(
    [...first.widths, ...columns.map(() => 'auto')],
    [...first.heads, ...columns.map((column) => column.short)],
    rows.map(({ row, totals }) => [
      ...first.cells(row),
      ...columns.map((column) => figureText(column, totals)),
    ]),
  );
}

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

/** The most tiles a row of the page holds (more would run off its right edge). */
const TILES_PER_ROW = 8;
/** Tiles in rows of at most TILES_PER_ROW, a shorter last row keeping the tiles' width. */
const tileRows = (tiles: [string, string][], top = 0): Content[] =>
  Array.from({ length: Math.ceil(tiles.length / TILES_PER_ROW) }, (_, index) => {
    const row = tiles.slice(index * TILES_PER_ROW, (index + 1) * TILES_PER_ROW);
    const padded =
      index === 0
        ? row
        : [...row, ...Array.from({ length: TILES_PER_ROW - row.length }, () => ['', ''] as [string, string])];
    return tileRow(padded, index === 0 ? top : 0);
  });

const kpis = (figures: Figures, totals: ReportTotals, withVideo: boolean): Content => ({
  stack: [
    ...tileRows(
      [
        ...tiles(figures, totals, ['base']),
        ...spendTiles(figures, totals),
        ...(withVideo ? tiles(figures, totals, ['video']) : []),
      ],
      6,
    ),
    // Conversions (docs/conversions.md): count, rate per click, value, cost per conversion, ROAS; then
    // signed, unsigned and refused.
    ...tileRows([
      ...tiles(figures, totals, ['conversion']),
      ...tableOnlyTiles(figures, totals, 'conversion'),
    ]),
  ],
});

const integer = new Intl.NumberFormat('en-US');
const chartOptions = {
  width: CONTENT_WIDTH,
  height: 220,
  palette: chartPalette.light,
  interactive: false,
  locale: 'en-US',
};

/** The heading, the booking, the tiles, the performance chart and the figures by creative. */
function summarySection(figures: Figures, title: string, range: string, withVideo: boolean): Content[] {
  const performance = chartSvg(
    createElement(PerformanceChart, { series: figures.series, metrics: [], ...chartOptions }),
  );
  return [
    { text: title, style: 'title' },
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
    figureTable(
      { heads: ['Creative', 'Type'], widths: ['*', 60], cells: (creative) => [creative.name, creative.type] },
      pdfColumns(figures),
      figures.creatives.map((creative) => ({ row: creative, totals: creative.totals })),
    ),
  ];
}

/**
 * Invalid traffic, ad requests not served, frequency, reach (estimates) and conversions by reason, when
 * there were any: never in the figures.
 */
function filteredSection(figures: Figures): Content[] {
  return [
    ...(figures.invalid.total > 0
      ? [
          { text: 'Invalid traffic (filtered, not in the figures above)', style: 'h2', margin: [0, 4, 0, 0] },
          table(
            ['*', 'auto', 'auto', 'auto'],
            ['Reason', FIGURE.impressions.label, FIGURE.clicks.label, 'All events'],
            figures.invalid.byReason.map((row) => [
              row.label,
              integer.format(row.impressions),
              integer.format(row.clicks),
              integer.format(row.events),
            ]),
          ),
        ]
      : []),
    ...(hasRequests(figures)
      ? [
          { text: 'Requests not served, by reason', style: 'h2', margin: [0, 4, 0, 0] },
          table(
            ['*', 'auto', 'auto'],
            ['Outcome', shortLabel(FIGURE.adRequests), 'Share'],
            notServedPdfRows(figures),
          ),
        ]
      : []),
    ...(hasFrequencyFigures(figures)
      ? [
          { text: 'Frequency', style: 'h2', margin: [0, 4, 0, 0] },
          { text: frequencyPdfSentence(figures), margin: [0, 0, 0, 4] },
          table(['*', 'auto'], ['Ads per browser', 'Browsers'], frequencyPdfRows(figures)),
        ]
      : []),
    ...(reachShown(figures.reach)
      ? [
          { text: 'Reach', style: 'h2', margin: [0, 4, 0, 0] },
          { text: reachSentence(figures.reach), margin: [0, 0, 0, 4] },
          table(['*', 'auto'], reachHeaders(figures.reach), reachPdfRows(figures)),
          // The cumulative curve over each day's new and returning, as the console draws it.
          ...(hasReach(figures.reach)
            ? [
                {
                  svg: chartSvg(createElement(ReachCurve, { reach: figures.reach, ...chartOptions })),
                  width: CONTENT_WIDTH,
                },
              ]
            : []),
        ]
      : []),
    ...(figures.invalidConversions.total > 0
      ? [
          { text: 'Invalid conversions (not counted)', style: 'h2', margin: [0, 4, 0, 0] },
          table(
            ['*', 'auto'],
            ['Reason', FIGURE.conversions.label],
            figures.invalidConversions.byReason.map((row) => [row.label, integer.format(row.conversions)]),
          ),
        ]
      : []),
  ] as Content[];
}

/** A Full report's daily figures. */
const dailySection = (figures: Figures): Content[] => [
  { text: 'Daily figures', style: 'h2', pageBreak: 'before' },
  figureTable(
    { heads: ['Day'], widths: ['*'], cells: (date: string) => [date] },
    pdfColumns(figures),
    figures.series.map((point) => ({ row: point.date, totals: point })),
  ),
];

/** A Full report's video quartiles: the chart and the table by day. */
const videoSection = (figures: Figures): Content[] => [
  { text: 'Video quartiles', style: 'h2', pageBreak: 'before' },
  {
    svg: chartSvg(createElement(VideoQuartilesChart, { totals: figures.totals, ...chartOptions })),
    width: CONTENT_WIDTH,
  },
  figureTable(
    { heads: ['Day'], widths: ['*'], cells: (date: string) => [date] },
    videoPdfColumns(figures),
    figures.series.map((point) => ({ row: point.date, totals: point })),
  ),
];

/** The page, its footer and the styles around the content. */
const documentOf = (figures: Figures, title: string, content: Content[]): TDocumentDefinitions => ({
  pageSize: 'A4',
  pageMargins: [40, 50, 40, 50],
  info: { title, creator: 'Adconsole' },
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
});

/** The report as a PDF (A4). `full` adds the daily series and the video data. */
export async function renderReportPdf(
  figures: Figures,
  options: { full: boolean; title: string },
): Promise<Buffer> {
  configurePdf();
  const withVideo = options.full && figures.withVideoData;
  const range = figures.start === figures.end ? figures.start : `${figures.start} to ${figures.end}`;
  const content = [
    ...summarySection(figures, options.title, range, withVideo),
    ...filteredSection(figures),
    ...(options.full ? dailySection(figures) : []),
    ...(withVideo ? videoSection(figures) : []),
  ];
  const definition = documentOf(figures, `${options.title} (${range})`, content);
  return Buffer.from(await pdfmake.createPdf(definition).getBuffer());
}
