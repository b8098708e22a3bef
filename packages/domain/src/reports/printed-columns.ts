// Which figure columns a report table keeps on paper (docs/console.md, "Printing: sections that fit the
// page"). An A4 page leaves a table 660 CSS px (the page's 703 less a card's border and padding); at the
// print stylesheet's 8.5 pt a figure column takes 55-90 px (its longest header word, the sort icon and
// the cell's padding) and a column of names at least 80, so seven columns in all fit, its name or day
// among them (eight fitted by day, not by country: 673 px). The figures tables and the breakdown's
// table keep the first of their figures in one order of priority and name the others under the table:
// the downloads (CSV, XLSX) have every column.
import { type FigureKey, type FigureSpec, figureKeysIn, figureSpec, REPORT_FIGURES } from './figures';

/** How many columns a printed report table holds, its naming columns (day, creative, type) included. */
export const PRINTED_TABLE_COLUMNS = 7;

/**
 * The figures a printed table may keep, in the order it keeps them: the list's figures with a print
 * rank (figures.ts, `printRank`), lowest first: the reach and response (impressions, clicks, CTR), the
 * counts a trafficker reads a video campaign by (viewable impressions, video completes: a PDF from
 * GAM or CM360 has them), what it cost and what it brought (spend, conversions, their value), then the
 * rates, then the other costs and engagements. A table of five figures (by creative) keeps the first
 * five: for a video campaign spend and conversions give way to the two counts.
 */
export const PRINTED_FIGURE_ORDER: readonly FigureKey[] = (REPORT_FIGURES as readonly FigureSpec[])
  .filter((figure) => figure.printRank !== undefined)
  .sort((a, b) => (a.printRank ?? 0) - (b.printRank ?? 0))
  .map((figure) => figure.key as FigureKey);
/**
 * The figures a printed table leaves out whatever its room: those the tables show without a print rank
 * (the video starts the completion rate is a share of, and where conversions came from).
 */
export const UNPRINTED_FIGURES: readonly FigureKey[] = figureKeysIn('table').filter(
  (key) => figureSpec(key).printRank === undefined,
);

const rank = (key: string): number => PRINTED_FIGURE_ORDER.indexOf(key as FigureKey);

/**
 * Of a table's figure columns (in its own order), those printed and those left out: the first
 * `PRINTED_TABLE_COLUMNS - namingColumns` by PRINTED_FIGURE_ORDER are printed (a figure not in that
 * order never is), each list keeping the table's order.
 */
export function printedFigures<K extends string>(
  figures: readonly K[],
  namingColumns: number,
): { printed: K[]; leftOut: K[] } {
  const room = Math.max(PRINTED_TABLE_COLUMNS - namingColumns, 0);
  const printable = figures.filter((key) => rank(key) !== -1);
  const kept = new Set(printable.sort((a, b) => rank(a) - rank(b)).slice(0, room));
  return {
    printed: figures.filter((key) => kept.has(key)),
    leftOut: figures.filter((key) => !kept.has(key)),
  };
}
