// How wide the report's charts are drawn on paper (docs/console.md, "Printing: sections that fit the
// page"). Charts are sized in script, not by CSS, so the width is worked out here once.

/**
 * A chart's width on paper: the inner width of its card on an A4 page. A4 is 210 mm wide; less the
 * 12 mm margins on each side (styles.css, `@page`) that leaves 186 mm, 186 × 96 / 25.4 = 702.99 CSS px.
 * Every chart sits in a card's content: 1 px of border (Card's `border`) and 20 px of padding
 * (CardContent's `px-5`, 1.25rem) on each side, 42 px in all. 702.99 − 42 = 660.99, rounded down so the
 * chart ends inside the card's padding: 660.
 */
export const PRINT_CHART_WIDTH = 660;
