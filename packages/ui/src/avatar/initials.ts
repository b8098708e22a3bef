// What an avatar shows without a picture (the top bar's user on a phone too): the initials of a person's
// first and last names.

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** The first character as a reader sees it (a letter with its accents, an emoji sequence). */
const firstGrapheme = (text: string): string =>
  graphemes.segment(text)[Symbol.iterator]().next().value?.segment ?? '';

/**
 * The first letter of the first and of the last word that start with a letter, upper-cased ("Ada
 * Lovelace" → "AL"; one word → one letter). Words that start otherwise ("(Admin)", an emoji) are
 * skipped; a name with none gives its first character.
 */
export function initials(name: string): string {
  const words = name
    .trim()
    .split(/[\s\u200b]+/u)
    .filter((word) => /^\p{L}/u.test(word));
  const first = words[0];
  if (first === undefined) return firstGrapheme(name.trim());
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  // Upper-cased, a letter may become two ("ß" → "SS"): one stays.
  const letter = (word: string) => firstGrapheme(firstGrapheme(word).toLocaleUpperCase());
  return last === undefined ? letter(first) : `${letter(first)}${letter(last)}`;
}
