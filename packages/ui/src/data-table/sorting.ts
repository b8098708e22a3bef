// Sort strategies of the data table (Primer's DataTable/sorting.ts): value comparators, pure and
// ascending; the table reverses them for a descending sort.
import { constructSortFn } from '@tanstack/react-table';

export type SortStrategy = 'number' | 'text' | 'period';

/** Numbers ascending; a missing value (no video data) sorts below every number. */
export function compareNumbers(a: number | null | undefined, b: number | null | undefined): number {
  const left = a ?? Number.NEGATIVE_INFINITY;
  const right = b ?? Number.NEGATIVE_INFINITY;
  return left === right ? 0 : left < right ? -1 : 1;
}

const collators = new Map<string, Intl.Collator>();
/** Text in the locale's alphabetical order, numbers inside names in numeric order ('Ad 2' < 'Ad 10'). */
export function compareText(a: string, b: string, locale = 'en-US'): number {
  let collator = collators.get(locale);
  if (!collator) {
    collator = new Intl.Collator(locale, { numeric: true, sensitivity: 'base' });
    collators.set(locale, collator);
  }
  return collator.compare(a, b);
}

/** Report periods ('YYYY-MM-DD' or 'YYYY-MM-DDTHH:00'): their text order is their time order. */
export function comparePeriods(a: string, b: string): number {
  return a === b ? 0 : a < b ? -1 : 1;
}

/** Whether a column's first click sorts descending: the biggest figures are what people look for. */
export const sortsDescendingFirst = (strategy: SortStrategy): boolean => strategy === 'number';

/** The table's sort functions, one per strategy. */
export const sortFns = {
  number: constructSortFn({ sort: (a: number | undefined, b: number | undefined) => compareNumbers(a, b) }),
  text: constructSortFn({ sort: (a: string, b: string) => compareText(String(a ?? ''), String(b ?? '')) }),
  period: constructSortFn({ sort: (a: string, b: string) => comparePeriods(a, b) }),
};
