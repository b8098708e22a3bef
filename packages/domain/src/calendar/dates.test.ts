import { describe, expect, it } from 'vitest';
import { fromApiDateTime, fromUnixSeconds, toApiDateTime, toUnixSeconds } from './dates';

describe('API date formats (docs/product.md §7)', () => {
  it("writes dates as 'YYYY-MM-DD HH:mm:ss' in UTC", () => {
    expect(toApiDateTime(new Date('2026-03-05T07:08:09.999Z'))).toBe('2026-03-05 07:08:09');
    expect(toApiDateTime(new Date('2026-03-05T23:30:00-05:00'))).toBe('2026-03-06 04:30:00');
  });

  it('reads API date texts back as UTC, and refuses what is not a date', () => {
    expect(fromApiDateTime('2026-03-05 07:08:09')?.toISOString()).toBe('2026-03-05T07:08:09.000Z');
    expect(fromApiDateTime('2026-03-05')?.toISOString()).toBe('2026-03-05T00:00:00.000Z');
    expect(fromApiDateTime('2026-02-30 00:00:00')).toBeUndefined();
    expect(fromApiDateTime('yesterday')).toBeUndefined();
  });

  it('turns dates into whole unix seconds and back', () => {
    expect(toUnixSeconds(new Date('2026-01-01T00:00:00.900Z'))).toBe(1767225600);
    expect(fromUnixSeconds(1767225600).toISOString()).toBe('2026-01-01T00:00:00.000Z');
  });
});
