// A printed table's note on the figures that did not fit the page (the domain's printedFigures decides
// which: docs/console.md, "Printing: sections that fit the page"), so a reader of the paper knows the
// table is not the whole report and where the rest is.
import { type FigureKey, figureSpec } from '@adconsole/domain';

/** "Left out on paper: Viewable impressions, Video starts — the CSV/XLSX have every column." */
export function PrintedColumnsNote({ leftOut }: { leftOut: readonly string[] }) {
  if (leftOut.length === 0) return null;
  const labels = leftOut.map((key) => figureSpec(key as FigureKey).label);
  return (
    <p data-slot="printed-columns-note" className="text-muted-foreground text-xs">
      {`Left out on paper: ${labels.join(', ')} — the CSV/XLSX have every column.`}
    </p>
  );
}
