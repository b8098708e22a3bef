// The duplicate-name rule of docs/product.md §4.
const copySuffix = / \(Copy(?: (\d+))?\)$/;

/** 'Banner' -> 'Banner (Copy)' -> 'Banner (Copy 2)' -> 'Banner (Copy 3)' ... */
export function copyName(name: string): string {
  const match = copySuffix.exec(name);
  if (!match) return `${name} (Copy)`;
  const number = match[1] === undefined ? 1 : Number(match[1]);
  return `${name.slice(0, match.index)} (Copy ${number + 1})`;
}
