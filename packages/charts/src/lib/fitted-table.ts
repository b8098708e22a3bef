// The report's tables fit a desktop window: a 1440 px window leaves them about 830 px beside the
// reporting menu, where ten columns of figures under one-line headers took 1,100-1,400 px and scrolled
// sideways. Headers wrap onto two lines in a smaller type (the figures stay on one), cells are a little
// tighter, and a long name (a site, a creative) wraps onto a second line before it is cut, its whole
// text in a tooltip: names of one campaign often differ only at their end ("Spring sale banner 300x250 –
// A" and "– B"), where a one-line cut took the difference away. In print a name wraps as far as it needs.
// The console also starts them without the counts whose rate is shown (its column menu shows them again).

/** Classes for ui's DataTable holding report figures. */
export const FITTED_TABLE_CLASSES = [
  '[&_th]:whitespace-normal [&_th]:px-1 [&_th]:text-xs',
  '[&_[data-slot=data-table-sort]]:gap-0.5 [&_[data-slot=data-table-sort]]:px-0.5 [&_[data-slot=data-table-sort]_svg]:size-3',
  '[&_[data-slot=data-table-sort]]:h-auto [&_[data-slot=data-table-sort]]:min-h-8 [&_[data-slot=data-table-sort]]:py-1',
  '[&_[data-slot=data-table-sort]]:text-left [&_th[data-numeric]_[data-slot=data-table-sort]]:text-right',
  '[&_td]:px-2',
  // A column of names takes the width the figures leave (at least 10rem, on paper 5rem: there the
  // names wrap whole), its names wrapped to it.
  '[&_td:has([data-fitted-name])]:w-full [&_td:has([data-fitted-name])]:max-w-0 [&_td:has([data-fitted-name])]:min-w-40',
  'print:[&_td:has([data-fitted-name])]:min-w-20',
].join(' ');

/**
 * A name's class (with `data-fitted-name` on it): up to two lines, broken between words (inside a word
 * only when it is longer than the column), cut with an ellipsis at the end of the second; whole in print.
 */
export const FITTED_NAME_CLASSES =
  'line-clamp-2 whitespace-normal break-words print:line-clamp-none print:overflow-visible';

/**
 * Added in the print layout (`printing`): the print stylesheet's type and padding (8.5 pt, 0.25rem a
 * side, every cell wrapping; the console's styles.css under `@media print`) and the names' 5rem as
 * classes, so the printed state drawn without print media (a story at the page's 703 px) keeps the
 * columns paper does.
 */
export const PRINTED_TABLE_CLASSES = [
  '[&_:is(th,td,button)]:text-[8.5pt] [&_:is(th,td,button)]:px-1! [&_:is(th,td,button)]:whitespace-normal',
  '[&_td:has([data-fitted-name])]:min-w-20!',
].join(' ');
