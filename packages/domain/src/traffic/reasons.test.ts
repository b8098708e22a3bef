import { describe, expect, it } from 'vitest';
import { HOSTING_ASN_LIST_VERSION, HOSTING_ASNS } from './hosting-asns';
import {
  INVALID_TRAFFIC_LABELS,
  INVALID_TRAFFIC_REASONS,
  invalidTrafficOf,
  invalidTrafficSchema,
} from './reasons';

describe('invalid-traffic reasons', () => {
  it('every reason has a label a report can show', () => {
    for (const reason of INVALID_TRAFFIC_REASONS)
      expect(INVALID_TRAFFIC_LABELS[reason].length).toBeGreaterThan(5);
  });

  it('the report lists the reasons that have events, most first, and the total of every filtered event', () => {
    const invalid = invalidTrafficOf(
      new Map([
        ['rate', { impressions: 2, clicks: 1, events: 3 }],
        ['bot', { impressions: 5, clicks: 0, events: 6 }],
        ['prefetch', { impressions: 0, clicks: 0, events: 0 }],
      ]),
    );
    expect(invalid).toEqual({
      total: 9,
      byReason: [
        { reason: 'bot', label: INVALID_TRAFFIC_LABELS.bot, impressions: 5, clicks: 0, events: 6 },
        { reason: 'rate', label: INVALID_TRAFFIC_LABELS.rate, impressions: 2, clicks: 1, events: 3 },
      ],
    });
    expect(invalidTrafficSchema.parse(invalid)).toEqual(invalid);
  });
});

describe('the hosting ASN list', () => {
  it('is versioned and lists each ASN once, never a network that carries people', () => {
    expect(HOSTING_ASN_LIST_VERSION).toMatch(/^\d{4}\.\d+$/);
    const asns = HOSTING_ASNS.map((entry) => entry.asn);
    expect(new Set(asns).size).toBe(asns.length);
    // Cloudflare (WARP, iCloud Private Relay), Akamai's CDN, Fastly; Deutsche Telekom, Comcast.
    for (const people of [13335, 20940, 36183, 54113, 3320, 7922]) expect(asns).not.toContain(people);
  });
});
