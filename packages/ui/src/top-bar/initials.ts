// What the top bar shows of a user where their name does not fit (a phone): the initials of their first
// and last names, as an avatar would.

/** The first letter of the first and of the last word, upper-cased ("Ada Lovelace" → "AL"; one word → one letter). */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/u).filter(Boolean);
  const first = words[0];
  if (first === undefined) return '';
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  // Array.from keeps a letter outside the Basic Multilingual Plane whole (one code point, two code units).
  const letter = (word: string) => (Array.from(word)[0] ?? '').toLocaleUpperCase();
  return last === undefined ? letter(first) : `${letter(first)}${letter(last)}`;
}
