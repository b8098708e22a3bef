// The first day of the week by the account's locale (docs/console.md, "Delivery rules"), from the
// runtime's CLDR data and from the table used where a runtime has none, and the daypart's days in
// that order.
import { describe, expect, it } from 'vitest';
import { daypartDayOrder, weekStartFromTable, weekStartOf } from './week-start';

const SUNDAY = 0;
const MONDAY = 1;
const SATURDAY = 6;

/** Each row: a locale and the day its week starts on, written out by hand. */
const WEEKS: readonly [string, number][] = [
  ['de-DE', MONDAY],
  ['en-GB', MONDAY],
  ['fr-FR', MONDAY],
  ['es-ES', MONDAY],
  ['de', MONDAY],
  ['en-US', SUNDAY],
  ['en', SUNDAY],
  ['pt-BR', SUNDAY],
  ['ja-JP', SUNDAY],
  ['ar-EG', SATURDAY],
  ['en-US-u-fw-mon', MONDAY],
];

describe('the first day of the week', () => {
  it.each(WEEKS)('%s starts its week on day %i (0 Sunday, 1 Monday, 6 Saturday)', (locale, day) => {
    expect(weekStartOf(locale)).toBe(day);
  });

  it.each(WEEKS)('without the runtime’s week data, the table says the same for %s', (locale, day) => {
    expect(weekStartFromTable(locale)).toBe(day);
  });

  it('reads Intl.Locale#getWeekInfo() where the runtime has it (newer browsers), else weekInfo', () => {
    const proto = Intl.Locale.prototype as { getWeekInfo?: unknown };
    const had = Object.getOwnPropertyDescriptor(proto, 'getWeekInfo');
    Object.defineProperty(proto, 'getWeekInfo', { configurable: true, value: () => ({ firstDay: 3 }) });
    try {
      expect(weekStartOf('de-DE')).toBe(3);
    } finally {
      if (had) Object.defineProperty(proto, 'getWeekInfo', had);
      else delete proto.getWeekInfo;
    }
    expect(weekStartOf('de-DE')).toBe(MONDAY);
  });

  it('a tag that is not a locale weeks from Monday, as ISO 8601', () => {
    expect(weekStartOf('not a locale!')).toBe(MONDAY);
    expect(weekStartFromTable('not a locale!')).toBe(MONDAY);
  });
});

describe('the daypart’s days in the week’s order (the stored day 0 is Monday)', () => {
  it('a week from Monday draws the days as stored', () => {
    expect(daypartDayOrder(MONDAY)).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });
  it('a week from Sunday draws Sunday (stored day 6) first', () => {
    expect(daypartDayOrder(SUNDAY)).toEqual([6, 0, 1, 2, 3, 4, 5]);
  });
  it('a week from Saturday draws Saturday and Sunday first', () => {
    expect(daypartDayOrder(SATURDAY)).toEqual([5, 6, 0, 1, 2, 3, 4]);
  });
});
