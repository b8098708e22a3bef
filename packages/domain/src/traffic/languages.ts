// The language of an ad request (docs/serving.md, "Delivery rules"): the primary subtag of the language
// the browser prefers most (its Accept-Language header), or the one a platform passes in `lang=` (an
// app's or a TV's player has no browser to send the header; OpenRTB's device.language, a BCP 47 tag or
// its ISO 639-1 code). Only ISO 639-1 codes are languages here: "de-AT" is German, "*" or "x-klingon"
// nothing ('' unknown).

const CODES =
  'aa ab ae af ak am an ar as av ay az ba be bg bi bm bn bo br bs ca ce ch co cr cs cu cv cy da de dv dz ' +
  'ee el en eo es et eu fa ff fi fj fo fr fy ga gd gl gn gu gv ha he hi ho hr ht hu hy hz ia id ie ig ii ' +
  'ik io is it iu ja jv ka kg ki kj kk kl km kn ko kr ks ku kv kw ky la lb lg li ln lo lt lu lv mg mh mi ' +
  'mk ml mn mr ms mt my na nb nd ne ng nl nn no nr nv ny oc oj om or os pa pi pl ps pt qu rm rn ro ru rw ' +
  'sa sc sd se sg si sk sl sm sn so sq sr ss st su sv sw ta te tg th ti tk tl tn to tr ts tt tw ty ug uk ' +
  'ur uz ve vi vo wa wo xh yi yo za zh zu';

/** Every ISO 639-1 language code a rule may name, in alphabetical order. */
export const LANGUAGE_CODES: readonly string[] = CODES.split(' ');

const KNOWN = new Set(LANGUAGE_CODES);
/** Codes ISO 639-1 withdrew, still sent by old systems, as their current code. */
const RENAMED: Readonly<Record<string, string>> = { iw: 'he', in: 'id', ji: 'yi' };

/** A language tag's primary language as a rule keeps it ('de-AT', 'DE', 'de_AT': 'de'); '' when none. */
export function primaryLanguage(tag: string | null | undefined): string {
  const primary = (tag ?? '').trim().toLowerCase().split(/[-_]/)[0] ?? '';
  const code = RENAMED[primary] ?? primary;
  return KNOWN.has(code) ? code : '';
}

/**
 * The language a browser prefers most in its Accept-Language header: the highest weight wins, the
 * first listed among equals; a weight of 0 is "not this one"; '' when no entry is a language.
 */
export function preferredLanguage(header: string | null | undefined): string {
  if (!header) return '';
  let best = '';
  let bestWeight = 0;
  // A header is a few entries; a longer one is read as far as its first 32.
  for (const entry of header.split(',', 32)) {
    const [tag = '', ...params] = entry.split(';');
    let weight = 1;
    for (const param of params) {
      const [name, value] = param.split('=');
      if (name?.trim().toLowerCase() === 'q') weight = Number(value?.trim());
    }
    if (!Number.isFinite(weight) || weight <= 0 || weight > 1 || weight <= bestWeight) continue;
    const code = primaryLanguage(tag);
    if (code === '') continue;
    best = code;
    bestWeight = weight;
  }
  return best;
}

/** A request's language: the platform's `lang=` when it names one, else the browser's preference. */
export const requestLanguage = (lang: string | undefined, acceptLanguage: string | undefined): string =>
  primaryLanguage(lang) || preferredLanguage(acceptLanguage);

let languageNames: Intl.DisplayNames | undefined;
/** A language's name from its code (Intl.DisplayNames, English): 'de' is German; the code when unknown. */
export function languageLabel(code: string): string {
  try {
    languageNames ??= new Intl.DisplayNames(['en'], { type: 'language', fallback: 'code' });
    return languageNames.of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * A browser's languages (`navigator.languages`, most preferred first) as the Accept-Language header it
 * sends: the first at full weight, each next 0.1 lower, never under 0.1 (Chromium's own weighting:
 * ['en-US', 'en', 'de'] is 'en-US,en;q=0.9,de;q=0.8'); blanks and repeats left out, at most 10 entries,
 * '' for none. The tag tester sends it, so "your languages" are the browser's own.
 */
export function acceptLanguageOf(languages: readonly string[] | null | undefined): string {
  const tags = [
    ...new Set((languages ?? []).map((tag) => tag.trim()).filter((tag) => /^[\w-]{1,35}$/.test(tag))),
  ];
  return tags
    .slice(0, 10)
    .map((tag, index) => (index === 0 ? tag : `${tag};q=${Math.max(1, 10 - index) / 10}`))
    .join(',');
}
