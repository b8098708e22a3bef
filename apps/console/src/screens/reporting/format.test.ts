import { describe, expect, it } from 'vitest';
import { reportZoneName } from './format';

describe("the report's zone, named (the Hour of the week card)", () => {
  it('names a listed zone as the reporting menu does, UTC as UTC and a fixed offset as an offset from UTC', () => {
    expect(reportZoneName('America/New_York')).toBe('(GMT-05:00) Eastern Time (US & Canada)');
    expect(reportZoneName('UTC')).toBe('UTC');
    expect(reportZoneName('+05:45')).toBe('UTC+05:45');
    expect(reportZoneName('Mars/Olympus')).toBe('Mars/Olympus');
  });
});
