import { describe, expect, it } from 'vitest';
import { addRequests, SERVED_FIGURE_KEYS, zeroRequestCounts } from './not-served';

describe('ad requests by outcome', () => {
  it('requests = each served outcome + each reason; an ad served uncapped for want of consent is one of the served', () => {
    const counts = zeroRequestCounts();
    addRequests(counts, 'served', 7);
    addRequests(counts, 'servedNoConsent', 2);
    addRequests(counts, 'noConsent', 3);
    addRequests(counts, 'frequency', 1);
    expect(counts.adRequests).toBe(13);
    expect(SERVED_FIGURE_KEYS).toContain('adsServedNoConsent');
    const served = SERVED_FIGURE_KEYS.reduce((sum, key) => sum + counts[key], 0);
    expect(served).toBe(9);
    expect(counts.adRequests - served).toBe(counts.notServedNoConsent + counts.notServedFrequency);
  });
});
