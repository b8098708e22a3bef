// What a timezone search finds: a zone by its own names (the label's cities and regions, the IANA id's
// parts, its abbreviations) and its offset, each word typed being the start of one of them. The
// combobox's default, a fuzzy match of the letters in order anywhere in the text, offered Sydney and
// Brisbane for "Berlin" (B…e…r in "Melbourne, Canberra", l…i in "Australia", n in "Brisbane").
/** A zone as the select lists it (timezone-select.tsx hands it on: this module imports nothing). */
export type Timezone = { label: string; offset: string; tzCode: string };

/**
 * The abbreviations a zone is known by (standard and summer time), by IANA id. One abbreviation may
 * name zones far apart (IST: Kolkata and Jerusalem; CST: Chicago and Beijing): each is that zone's own.
 */
const ABBREVIATIONS: Readonly<Record<string, readonly string[]>> = {
  'Pacific/Honolulu': ['HST'],
  'America/Anchorage': ['AKST', 'AKDT'],
  'America/Los_Angeles': ['PST', 'PDT'],
  'America/Denver': ['MST', 'MDT'],
  'America/Phoenix': ['MST'],
  'America/Chicago': ['CST', 'CDT'],
  'America/Mexico_City': ['CST'],
  'America/New_York': ['EST', 'EDT'],
  'America/Halifax': ['AST', 'ADT'],
  'America/St_Johns': ['NST', 'NDT'],
  'Europe/London': ['GMT', 'BST'],
  'Atlantic/Reykjavik': ['GMT'],
  'Europe/Berlin': ['CET', 'CEST'],
  'Europe/Amsterdam': ['CET', 'CEST'],
  'Europe/Paris': ['CET', 'CEST'],
  'Africa/Lagos': ['WAT'],
  'Europe/Athens': ['EET', 'EEST'],
  'Africa/Cairo': ['EET', 'EEST'],
  'Africa/Johannesburg': ['SAST'],
  'Asia/Jerusalem': ['IST', 'IDT'],
  'Europe/Moscow': ['MSK'],
  'Africa/Nairobi': ['EAT'],
  'Asia/Tehran': ['IRST'],
  'Asia/Karachi': ['PKT'],
  'Asia/Kolkata': ['IST'],
  'Asia/Kathmandu': ['NPT'],
  'Asia/Bangkok': ['ICT', 'WIB'],
  'Asia/Singapore': ['SGT'],
  'Asia/Shanghai': ['CST', 'HKT'],
  'Australia/Perth': ['AWST'],
  'Asia/Tokyo': ['JST'],
  'Asia/Seoul': ['KST'],
  'Australia/Adelaide': ['ACST', 'ACDT'],
  'Australia/Darwin': ['ACST'],
  'Australia/Sydney': ['AEST', 'AEDT'],
  'Australia/Brisbane': ['AEST'],
  'Pacific/Auckland': ['NZST', 'NZDT'],
};

/** Lower case without accents, so "sao" finds "São Paulo" and "BERLIN" finds "Berlin". */
const plain = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** Words of a name or a search: split at spaces, commas, brackets, slashes, underscores and "&". */
const wordsOf = (text: string) =>
  plain(text)
    .split(/[\s,()/_&]+/)
    .filter(Boolean);

/** '+01:00' is also typed '01:00', '+1:00' and '+1'; '+05:30' also '05:30' and '+5:30'. */
function offsetForms(offset: string): string[] {
  const match = /^([+-])(\d\d):(\d\d)$/.exec(offset);
  if (!match) return [offset];
  const [, sign, hours, minutes] = match as unknown as [string, string, string, string];
  const short = `${sign}${Number(hours)}`;
  return [
    offset,
    `${hours}:${minutes}`,
    `${short}:${minutes}`,
    ...(minutes === '00' ? [short, `${Number(hours)}`] : []),
  ];
}

/**
 * The words a zone is found by: its label's names (the "(GMT+01:00)" in front is its offset, not a
 * name: every label has one), its IANA id's parts, its abbreviations and its offset's forms.
 */
function timezoneSearchWords(timezone: Timezone): string[] {
  const names = timezone.label.replace(/^\((?:GMT|UTC)[^)]*\)\s*/i, '');
  return [
    ...new Set([
      ...wordsOf(names),
      ...wordsOf(timezone.tzCode),
      ...(ABBREVIATIONS[timezone.tzCode] ?? []).map(plain),
      ...offsetForms(timezone.offset),
    ]),
  ];
}

/**
 * Whether a search finds the zone: every word typed starts one of the zone's words ("Berl", "new york",
 * "CET", "+05:30", "GMT+1" read as "+1"). An empty search finds every zone.
 */
export function timezoneMatches(timezone: Timezone, search: string): boolean {
  const typed = wordsOf(search).map((word) => word.replace(/^(?:gmt|utc)(?=[+-]\d)/, ''));
  if (typed.length === 0) return true;
  const own = timezoneSearchWords(timezone);
  return typed.every((word) => own.some((candidate) => candidate.startsWith(word)));
}
