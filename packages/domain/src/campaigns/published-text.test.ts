// The "Published" notification's text (docs/product.md §2, "Creative"): when the new live creative serves.
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../validation/messages';
import { creativePublishedText } from './published-text';

const now = new Date('2026-11-22T10:00:00Z');

describe('the text of a published creative says when it serves', () => {
  it('now, while the flight runs (or has no dates)', () => {
    const running = { start: { date: '2026-11-01' }, end: { date: '2026-11-30' }, timezone: 'UTC' };
    expect(creativePublishedText({ flight: running }, now)).toBe(MESSAGES.creativePublishedText);
    expect(creativePublishedText({ flight: {} }, now)).toBe('A new live creative serves now.');
  });

  it('from its first day for a campaign that starts next month (once "serves now")', () => {
    expect(creativePublishedText({ flight: { start: { date: '2026-12-01' } } }, now)).toBe(
      'A new live creative serves from 1 Dec 2026, when the campaign starts.',
    );
    // A start with a time of day, in the campaign's zone: 09:00 in Berlin is 08:00 UTC on 1 December.
    expect(
      creativePublishedText(
        { flight: { start: { date: '2026-12-01T09:00' }, timezone: 'Europe/Berlin' } },
        now,
      ),
    ).toBe('A new live creative serves from 1 Dec 2026 09:00 (Europe/Berlin), when the campaign starts.');
    // Later today in the campaign's zone: 23 November has begun in Kiritimati (+14:00) at 10:00 UTC.
    expect(
      creativePublishedText(
        { flight: { start: { date: '2026-11-23' }, timezone: 'Pacific/Kiritimati' } },
        now,
      ),
    ).toBe(MESSAGES.creativePublishedText);
  });

  it('not at all while the flight is over or the campaign is paused', () => {
    expect(creativePublishedText({ flight: { end: { date: '2026-11-21' } } }, now)).toBe(
      MESSAGES.creativePublishedEndedText,
    );
    expect(creativePublishedText({ flight: { start: { date: '2026-12-01' } }, paused: true }, now)).toBe(
      MESSAGES.creativePublishedPausedText,
    );
  });
});
