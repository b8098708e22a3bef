import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { apiDateTimeField, dayField, isCalendarDay } from './fields';

const messages = (schema: z.ZodMiniType, value: unknown) =>
  z.safeParse(schema, value).error?.issues.map((issue) => issue.message) ?? [];

describe('dates on the calendar', () => {
  it('a day is on the calendar only when its month has it: 29 February in leap years alone, no 31 April', () => {
    expect(isCalendarDay('2024-02-29')).toBe(true);
    expect(isCalendarDay('2000-02-29')).toBe(true);
    expect(isCalendarDay('2026-02-29')).toBe(false);
    expect(isCalendarDay('1900-02-29')).toBe(false);
    expect(isCalendarDay('2026-02-30')).toBe(false);
    expect(isCalendarDay('2026-04-31')).toBe(false);
    expect(isCalendarDay('2026-12-31 23:59:59')).toBe(true);
    expect(isCalendarDay('2026-00-10')).toBe(false);
    expect(isCalendarDay('2026-01-00')).toBe(false);
  });

  it("a report date that is not on the calendar gets the field's one message, as any wrong shape does", () => {
    const field = apiDateTimeField('start_dt');
    const message = "start_dt must be a date 'YYYY-MM-DD HH:mm:ss'";
    expect(messages(field, '2026-02-30 00:00:00')).toEqual([message]);
    expect(messages(field, '2026-13-45 00:00:00')).toEqual([message]);
    expect(messages(field, 'yesterday')).toEqual([message]);
    expect(messages(field, '2024-02-29 12:00:00')).toEqual([]);
  });

  it('a flight day that is not on the calendar is refused, with or without its time', () => {
    const field = dayField('data.start.date');
    expect(messages(field, '2027-02-29')).toEqual(["data.start.date must be a date 'YYYY-MM-DD'"]);
    expect(messages(field, '2026-06-31 10:00')).toEqual(["data.start.date must be a date 'YYYY-MM-DD'"]);
    expect(messages(field, '2026-06-30 10:00')).toEqual([]);
  });
});
