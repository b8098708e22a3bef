import { describe, expect, it } from 'vitest';
import { vastPricing } from './vast-pricing';

describe("VAST <Pricing> of a campaign's booked rate", () => {
  it("writes the price with the currency's own decimals: USD 2.5 CPM is '2.50', JPY 300 '300', KWD 1.5 '1.500'", () => {
    expect(vastPricing({ model: 'CPM', amount: 2.5, currency: 'USD' })).toEqual({
      model: 'CPM',
      currency: 'USD',
      price: '2.50',
    });
    expect(vastPricing({ model: 'CPC', amount: 300, currency: 'JPY' }).price).toBe('300');
    expect(vastPricing({ model: 'CPM', amount: 1.5, currency: 'KWD' }).price).toBe('1.500');
  });

  it("a CPCV is written as VAST 4.2's CPV (the schema knows no CPCV); CPM and CPC as they are", () => {
    expect(vastPricing({ model: 'CPCV', amount: 0.05, currency: 'EUR' }).model).toBe('CPV');
    expect(vastPricing({ model: 'CPC', amount: 0.4, currency: 'EUR' }).model).toBe('CPC');
  });
});
