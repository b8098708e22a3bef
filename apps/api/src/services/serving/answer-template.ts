// Answers built once and filled in per request: an answer's constant text (about twenty tracking URLs
// of a VAST document, an ad JSON's content and layout) with named slots where a request's own parts go
// (the impression's query and id, a click URL). A slot is its name between NUL characters, which no
// stored text can hold (PostgreSQL refuses NUL) and JSON writes as `\u0000`.
const NUL = String.fromCharCode(0);

/** The text that marks slot `name` in a template's source. */
export const slot = (name: string) => `${NUL}${name}${NUL}`;

/** An answer split at its slots: texts at even indices, slot names at odd ones. */
export type AnswerTemplate = readonly string[];

/** Splits a source at the slots `names`; `json`: the source is JSON text, where NUL reads `\u0000`. */
export function answerTemplate(source: string, names: readonly string[], json = false): AnswerTemplate {
  const mark = json ? '\\\\u0000' : NUL;
  return source.split(new RegExp(`${mark}(${names.join('|')})${mark}`));
}

/** The answer with each slot's value (values are put in as they are: the caller escapes them). */
export function fillAnswer(template: AnswerTemplate, values: Readonly<Record<string, string>>): string {
  let text = '';
  for (let index = 0; index < template.length; index += 1)
    text += index % 2 === 0 ? template[index] : values[template[index] as string];
  return text;
}

/**
 * An answer as its template and one request's slot values, filled (or compressed straight from the
 * template: gzip-template.ts) only when it is sent.
 */
export interface FilledAnswer {
  template: AnswerTemplate;
  values: Readonly<Record<string, string>>;
}
