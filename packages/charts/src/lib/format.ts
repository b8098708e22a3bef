// Numbers and periods in the user's locale. Formatters are cached: a 365-row table formats
// thousands of cells, and building an Intl formatter costs far more than using one.
import { isRateMetric, metricValue, type ReportMetric, type ReportTotals } from '@adconsole/domain';

/** The browser's language, or 'en-US' where there is none (server rendering). */
export function defaultLocale(): string {
  return typeof navigator !== 'undefined' && navigator.language ? navigator.language : 'en-US';
}

/** One cached Intl.NumberFormat per locale for a given set of options. */
function numberFormat(options: Intl.NumberFormatOptions): (locale: string) => Intl.NumberFormat {
  const byLocale = new Map<string, Intl.NumberFormat>();
  return (locale) => {
    let format = byLocale.get(locale);
    if (!format) {
      format = new Intl.NumberFormat(locale, options);
      byLocale.set(locale, format);
    }
    return format;
  };
}

const countFormat = numberFormat({ maximumFractionDigits: 0 });
const compactFormat = numberFormat({ notation: 'compact', maximumFractionDigits: 1 });
const rateFormat = numberFormat({ style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const signedPercentFormat = numberFormat({
  style: 'percent',
  signDisplay: 'exceptZero',
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});
const signedPointsFormat = numberFormat({
  signDisplay: 'exceptZero',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** A counter: 1,234,567 (en-US), 1.234.567 (de-DE). */
export const formatCount = (value: number, locale: string): string => countFormat(locale).format(value);

/** A short counter for axes: 1.2M, 35K. */
export const formatCompact = (value: number, locale: string): string => compactFormat(locale).format(value);

/** A rate given in percent (0.52 means 0.52 %): '0.52%' (en-US), '0,52 %' (de-DE). */
export const formatRate = (percent: number, locale: string): string =>
  rateFormat(locale).format(percent / 100);

/** A relative change in percent with its sign: '+12.3%', '−4.0%'. */
export const formatSignedPercent = (percent: number, locale: string): string =>
  signedPercentFormat(locale).format(percent / 100);

/** A difference in percentage points with its sign: '+0.12 pp'. */
export const formatSignedPoints = (points: number, locale: string): string =>
  `${signedPointsFormat(locale).format(points)} pp`;

/** A report figure as the report shows it: counters whole, rates in percent. */
export const formatMetric = (metric: ReportMetric, value: number, locale: string): string =>
  isRateMetric(metric) ? formatRate(value, locale) : formatCount(value, locale);

/** What a report shows for a figure without a value: a rate over no impressions (or no video starts). */
export const NO_VALUE = '—';

/** A figure of a row or of the totals as the report shows it; NO_VALUE where it has none (`metricValue`). */
export function formatFigure(metric: ReportMetric, figures: Partial<ReportTotals>, locale: string): string {
  const value = metricValue(metric, figures);
  return value === undefined ? NO_VALUE : formatMetric(metric, value, locale);
}

/** One cached Intl.DateTimeFormat per locale for a given set of options. The periods are already
    local days and hours: they are formatted as UTC so the viewer's own zone cannot shift them. */
function dateFormat(options: Intl.DateTimeFormatOptions): (locale: string) => Intl.DateTimeFormat {
  const byLocale = new Map<string, Intl.DateTimeFormat>();
  return (locale) => {
    let format = byLocale.get(locale);
    if (!format) {
      format = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });
      byLocale.set(locale, format);
    }
    return format;
  };
}

const hourAxisFormat = dateFormat({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const hourFullFormat = dateFormat({
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const dayAxisFormat = dateFormat({ month: 'short', day: 'numeric' });
const dayFullFormat = dateFormat({ year: 'numeric', month: 'short', day: 'numeric' });
const weekdayFormats = { short: dateFormat({ weekday: 'short' }), long: dateFormat({ weekday: 'long' }) };
const hourOfDayFormat = dateFormat({ hour: '2-digit', minute: '2-digit' });
const shortHourFormat = dateFormat({ hour: 'numeric' });

/** The instant a report period names, read as UTC wall-clock time ('2026-03-01T14:00'). */
function periodInstant(period: string): Date {
  const [day = '', time] = period.split('T');
  const [year, month, date] = day.split('-').map(Number);
  const hour = time ? Number(time.slice(0, 2)) : 0;
  return new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, date ?? 1, hour));
}

export const isHourPeriod = (period: string): boolean => period.includes('T');

/**
 * A report period ('YYYY-MM-DD' or 'YYYY-MM-DDTHH:00') for people: 'Mar 1, 2026' or
 * 'Mar 1, 2026, 14:00' in full; 'Mar 1' or '14:00' on an axis.
 */
export function formatPeriod(period: string, locale: string, style: 'full' | 'axis' = 'full'): string {
  const instant = periodInstant(period);
  const format = isHourPeriod(period)
    ? style === 'axis'
      ? hourAxisFormat
      : hourFullFormat
    : style === 'axis'
      ? dayAxisFormat
      : dayFullFormat;
  return format(locale).format(instant);
}

/** Weekday names Monday first (the report's weekday 0), short or long, in the locale. */
export function weekdayNames(locale: string, width: 'short' | 'long' = 'short'): string[] {
  // 2024-01-01 was a Monday.
  return [0, 1, 2, 3, 4, 5, 6].map((offset) =>
    weekdayFormats[width](locale).format(new Date(Date.UTC(2024, 0, 1 + offset))),
  );
}

/** An hour of day in the locale: '00:00' ... '23:00' (or '12 AM' where the locale says so). */
export const formatHour = (hour: number, locale: string): string =>
  hourOfDayFormat(locale).format(new Date(Date.UTC(2024, 0, 1, hour)));

/** An hour of day as short as the locale writes it, for a narrow axis: '3 AM', '03', '3時'. */
export const formatShortHour = (hour: number, locale: string): string =>
  shortHourFormat(locale).format(new Date(Date.UTC(2024, 0, 1, hour)));
