// How a ratio figure (kind `ratio` in REPORT_FIGURES: ROAS, the conversions' value over spend) reads for
// people, on screen, in the PDF and in the mail (docs/reports.md, "ROAS as a ratio"): times the spend with
// an 'x', two decimals below 10 ('2.35x', '0.52x'), whole with the locale's grouping from 10 up ('14x',
// '1,365x'). The downloads keep the plain number, their header says '(x)'.

/** What follows a ratio: '2.35x'. */
export const RATIO_SUFFIX = 'x';

const below10 = new Map<string, Intl.NumberFormat>();
const from10 = new Map<string, Intl.NumberFormat>();
const formatOf = (cache: Map<string, Intl.NumberFormat>, locale: string, digits: number) => {
  let format = cache.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits });
    cache.set(locale, format);
  }
  return format;
};

/**
 * A ratio (value / spend: 2.345) as people read it: '2.35x' below 10, '1,365x' from 10 up ('1.365x' in
 * de-DE). A ratio that rounds to 10.00 reads '10x'.
 */
export function formatRatio(ratio: number, locale = 'en-US'): string {
  const small = Math.round(ratio * 100) / 100 < 10;
  const text = small ? formatOf(below10, locale, 2).format(ratio) : formatOf(from10, locale, 0).format(ratio);
  return `${text}${RATIO_SUFFIX}`;
}
