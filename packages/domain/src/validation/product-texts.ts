// The catalogue's texts as the modules that hold them register them when they load (messages.ts,
// account-messages.ts and the other `*-messages.ts`), each with its keys: a page's first load carries
// the account pages' texts only, and a schema that words an issue with a text of the catalogue has
// loaded the module that holds it. Which of them stand alone in a 400 is validation-error.ts's rule
// (`issueMessages`). This module imports nothing, so every part of the catalogue can register here
// without an import circle.
const keysOfText = new Map<string, Set<string>>();

/** Registers texts of the catalogue (`MESSAGES` or a part of it) as the product's own. */
export function registerProductTexts(texts: Readonly<Record<string, string>>): void {
  for (const [key, text] of Object.entries(texts)) {
    const keys = keysOfText.get(text) ?? new Set<string>();
    keys.add(key);
    keysOfText.set(text, keys);
  }
}

/** The catalogue's keys a registered text stands under (none for a text the catalogue does not hold). */
export const productTextKeys = (text: string): ReadonlySet<string> => keysOfText.get(text) ?? new Set();
