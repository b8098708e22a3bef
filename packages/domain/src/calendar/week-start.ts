// The day a locale's week starts on (docs/console.md, "Delivery rules"): Monday for a European account
// (de-DE, en-GB, fr-FR), Sunday for en-US, Saturday for much of the Middle East. The daypart grid and the
// date picker draw their days from it; what is stored does not change (a daypart's days stay Monday
// first). Read from the runtime's CLDR data (`Intl.Locale#getWeekInfo()`, or the older `weekInfo`
// getter); where a runtime has neither, a small table of the regions whose week does not start on
// Monday. A locale's own `-u-fw-` keyword ("en-US-u-fw-mon") is honoured either way.

/** A day of the week as `Date#getDay()` numbers it: 0 Sunday, 1 Monday ... 6 Saturday. */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;

/** What `Intl.Locale#getWeekInfo()` answers: `firstDay` 1 Monday ... 7 Sunday. */
interface WeekInfo {
  firstDay: number;
}
type LocaleWithWeekInfo = Intl.Locale & { getWeekInfo?: () => WeekInfo; weekInfo?: WeekInfo };

/** Regions whose week starts on Sunday (CLDR's weekData, abridged to the regions a customer is in). */
const SUNDAY_REGIONS = new Set(
  'AG AS BR BS BZ CA CO DM DO GT GU HK HN IL IN JM JP KE KR MO MX NI PA PE PH PR PY SA SG SV TH TW US VE VI ZA ZW'.split(
    ' ',
  ),
);
/** Regions whose week starts on Saturday. */
const SATURDAY_REGIONS = new Set('AE AF BH DJ DZ EG IQ IR JO KW LY OM QA SD SY'.split(' '));
const FW_KEYWORDS: Record<string, Weekday> = { sun: 0, mon: 1, tue: 2, wed: 3, thu: 4, fri: 5, sat: 6 };

const parse = (locale: string): Intl.Locale | undefined => {
  try {
    return new Intl.Locale(locale);
  } catch {
    return undefined;
  }
};

/** The table's answer for a locale (its `-u-fw-` keyword, else its region, guessed when not given). */
export function weekStartFromTable(locale: string): Weekday {
  const parsed = parse(locale);
  if (!parsed) return 1;
  const keyword = /-u(?:-[a-z0-9]{2,8})*?-fw-([a-z]{3})\b/i.exec(parsed.toString())?.[1]?.toLowerCase();
  if (keyword && keyword in FW_KEYWORDS) return FW_KEYWORDS[keyword] as Weekday;
  const region = parsed.region ?? parsed.maximize().region;
  if (region && SUNDAY_REGIONS.has(region)) return 0;
  if (region && SATURDAY_REGIONS.has(region)) return 6;
  return 1;
}

/** The first day of the week in `locale` (a BCP 47 tag such as 'de-DE'); Monday for one that is not. */
export function weekStartOf(locale: string): Weekday {
  const parsed = parse(locale) as LocaleWithWeekInfo | undefined;
  if (!parsed) return 1;
  const info = typeof parsed.getWeekInfo === 'function' ? parsed.getWeekInfo() : parsed.weekInfo;
  const firstDay = info?.firstDay;
  if (typeof firstDay === 'number' && firstDay >= 1 && firstDay <= 7) return (firstDay % 7) as Weekday;
  return weekStartFromTable(locale);
}

/**
 * The order a daypart's days are drawn in for a week starting on `start`: indexes of the stored daypart,
 * whose day 0 is Monday ([6, 0, 1, 2, 3, 4, 5] for a week starting on Sunday).
 */
export function daypartDayOrder(start: Weekday): number[] {
  const first = (start + 6) % 7;
  return Array.from({ length: 7 }, (_, offset) => (first + offset) % 7);
}
