import { getTimezoneOffset } from 'date-fns-tz';
import { describe, expect, it } from 'vitest';
import { defaultTimezone, findTimezone, timezoneSchema, timezones } from './timezones';
import { offsetToMinutes } from './zoned-range';

describe('timezone list (docs/product.md §3 and §4)', () => {
  it("defaults to '(GMT+00:00) UTC', offset +00:00, code UTC", () => {
    expect(defaultTimezone).toEqual({ label: '(GMT+00:00) UTC', offset: '+00:00', tzCode: 'UTC' });
    expect(timezones).toContainEqual(defaultTimezone);
  });

  it('covers every UTC offset in use, including -03:30, +05:30, +05:45, +08:45, +12:45, +13:00 and +14:00', () => {
    const offsets = new Set(timezones.map((timezone) => timezone.offset));
    const inUse = [
      '-12:00',
      '-11:00',
      '-10:00',
      '-09:30',
      '-09:00',
      '-08:00',
      '-07:00',
      '-06:00',
      '-05:00',
      '-04:00',
      '-03:30',
      '-03:00',
      '-02:00',
      '-01:00',
      '+00:00',
      '+01:00',
      '+02:00',
      '+03:00',
      '+03:30',
      '+04:00',
      '+04:30',
      '+05:00',
      '+05:30',
      '+05:45',
      '+06:00',
      '+06:30',
      '+07:00',
      '+08:00',
      '+08:45',
      '+09:00',
      '+09:30',
      '+10:00',
      '+10:30',
      '+11:00',
      '+12:00',
      '+12:45',
      '+13:00',
      '+14:00',
    ];
    for (const offset of inUse) expect(offsets.has(offset), offset).toBe(true);
  });

  it('gives each entry a known IANA zone whose standard offset is the listed one, and a label showing it', () => {
    const january = new Date('2026-01-15T12:00:00Z');
    const july = new Date('2026-07-15T12:00:00Z');
    for (const timezone of timezones) {
      expect(timezoneSchema.parse(timezone)).toEqual(timezone);
      expect(timezone.label.startsWith(`(GMT${timezone.offset}) `), timezone.label).toBe(true);
      const standard = Math.min(
        getTimezoneOffset(timezone.tzCode, january),
        getTimezoneOffset(timezone.tzCode, july),
      );
      expect(standard / 60_000, timezone.tzCode).toBe(offsetToMinutes(timezone.offset));
    }
  });

  it('is sorted by offset', () => {
    const minutes = timezones.map((timezone) => offsetToMinutes(timezone.offset));
    expect(minutes).toEqual([...minutes].sort((a, b) => a - b));
  });

  it('finds an entry by IANA code or by offset', () => {
    expect(findTimezone('Asia/Kathmandu')?.offset).toBe('+05:45');
    expect(findTimezone('+00:00')).toEqual(defaultTimezone);
    expect(findTimezone('+05:17')).toBeUndefined();
    expect(findTimezone(undefined)).toBeUndefined();
  });
});
