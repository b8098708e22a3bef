// Local list updates of docs/product.md §4: the console changes its lists first and the server follows.

/**
 * A creative made locally (temporary id) is replaced by the server's copy once saved; a creative that
 * is not in the list yet is added at the end.
 */
export function replaceById<T extends { id: string }>(items: readonly T[], id: string, replacement: T): T[] {
  const index = items.findIndex((item) => item.id === id);
  if (index === -1) return [...items, replacement];
  return items.map((item, position) => (position === index ? replacement : item));
}

/** Campaign delete removes it locally first; the server call follows. */
export const removeById = <T extends { id: string }>(items: readonly T[], id: string): T[] =>
  items.filter((item) => item.id !== id);
