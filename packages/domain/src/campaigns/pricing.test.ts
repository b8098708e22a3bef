import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import {
  campaignGoalSchema,
  campaignRateSchema,
  currencyDigits,
  formatGoal,
  formatMoney,
  formatRate,
  isCurrencyCode,
  spendFigures,
  spendText,
  spendUnits,
} from './pricing';

const usdCpm = { model: 'CPM' as const, amount: 2.5, currency: 'USD' };

describe('booked rates and spend', () => {
  it('reads ISO 4217 codes and their minor units through Intl', () => {
    expect(isCurrencyCode('USD')).toBe(true);
    expect(isCurrencyCode('EUR')).toBe(true);
    expect(isCurrencyCode('usd')).toBe(false);
    expect(isCurrencyCode('XYZ')).toBe(false);
    expect(currencyDigits('USD')).toBe(2);
    expect(currencyDigits('JPY')).toBe(0);
    expect(currencyDigits('KWD')).toBe(3);
  });

  it('prices counted events exactly: a USD 2.50 CPM is a quarter cent (250 thousandths) an impression', () => {
    expect(spendUnits(usdCpm, { impressions: 3, clicks: 0 })).toBe(750);
    expect(spendText(750, 'USD')).toBe('0.0075');
    // 1,234,567 impressions at USD 2.50 CPM: 3,086.4175 dollars, every digit kept.
    expect(spendText(spendUnits(usdCpm, { impressions: 1_234_567, clicks: 0 }), 'USD')).toBe('3086.4175');
    // USD 0.35 CPC: 35,000 thousandths of a cent a click.
    expect(spendUnits({ model: 'CPC', amount: 0.35, currency: 'USD' }, { impressions: 10, clicks: 7 })).toBe(
      245_000,
    );
    expect(spendText(245_000, 'USD')).toBe('2.45');
    // JPY has no minor unit: a JPY 12 CPCV is 12,000 thousandths of a yen a completed view.
    const jpy = { model: 'CPCV' as const, amount: 12, currency: 'JPY' };
    expect(spendUnits(jpy, { impressions: 0, clicks: 0, videoCompletes: 41 })).toBe(492_000);
    expect(spendText(492_000, 'JPY')).toBe('492');
    expect(spendText(0, 'USD')).toBe('0');
  });

  it('rows add up to their total exactly: the units are whole numbers', () => {
    const rows = [
      { impressions: 333, clicks: 1 },
      { impressions: 333, clicks: 2 },
      { impressions: 334, clicks: 0 },
    ];
    const rate = { model: 'CPM' as const, amount: 1.23, currency: 'EUR' };
    const sum = rows.reduce((total, row) => total + spendUnits(rate, row), 0);
    expect(sum).toBe(spendUnits(rate, { impressions: 1_000, clicks: 3 }));
    expect(spendText(sum, 'EUR')).toBe('1.23');
  });

  it('effective costs: eCPM, eCPC and cost per completed view, none without their events', () => {
    // 1,000 impressions at USD 2.50 CPM = 2.50; 4 clicks: 0.625 a click; 5 completes: 0.50 each.
    expect(spendFigures(usdCpm, { impressions: 1_000, clicks: 4, videoCompletes: 5 })).toEqual({
      currency: 'USD',
      spend: 2.5,
      ecpm: 2.5,
      ecpc: 0.625,
      cpcv: 0.5,
    });
    expect(spendFigures(usdCpm, { impressions: 0, clicks: 0 })).toEqual({
      currency: 'USD',
      spend: 0,
      ecpm: null,
      ecpc: null,
      cpcv: null,
    });
    // A CPC campaign's eCPM: 7 clicks at 0.35 = 2.45 over 2,000 impressions = 1.225 a thousand.
    expect(
      spendFigures({ model: 'CPC', amount: 0.35, currency: 'USD' }, { impressions: 2_000, clicks: 7 }).ecpm,
    ).toBeCloseTo(1.225, 12);
  });

  it('refuses a rate with more decimals than its currency has, an unknown currency, a goal that is not a whole number', () => {
    const problem = (schema: z.core.$ZodType, value: unknown) => {
      const result = z.safeParse(schema, value);
      return result.success ? undefined : result.error.issues[0]?.message;
    };
    expect(problem(campaignRateSchema, { ...usdCpm, amount: 2.505 })).toBe(
      'A USD rate has at most 2 decimals',
    );
    expect(problem(campaignRateSchema, { model: 'CPM', amount: 2.5, currency: 'JPY' })).toBe(
      'A JPY rate is a whole number (the currency has no minor unit)',
    );
    expect(problem(campaignRateSchema, { ...usdCpm, currency: 'DOLLARS' })).toBe(
      'The currency must be an ISO 4217 code such as USD or EUR',
    );
    expect(problem(campaignRateSchema, { ...usdCpm, amount: 0 })).toBe(
      'The rate must be more than 0 and at most 1,000,000',
    );
    expect(problem(campaignRateSchema, { ...usdCpm, model: 'CPA' })).toBe(
      'The rate must be one of: CPM, CPC, CPCV',
    );
    expect(problem(campaignRateSchema, { model: 'CPM', amount: 1.125, currency: 'KWD' })).toBeUndefined();
    expect(problem(campaignGoalSchema, { metric: 'impressions', amount: 10.5 })).toBe(
      'The goal must be a whole number from 1 to 10,000,000,000',
    );
    expect(problem(campaignGoalSchema, { metric: 'sales', amount: 10 })).toBe(
      'The goal must count one of: impressions, clicks, completedViews',
    );
    expect(problem(campaignGoalSchema, { metric: 'clicks', amount: 5_000 })).toBeUndefined();
  });

  it('formats money in the currency with its own digits', () => {
    expect(formatMoney(3086.4175, 'USD')).toBe('$3,086.42');
    expect(formatMoney(492, 'JPY')).toBe('¥492');
    expect(formatRate(usdCpm)).toBe('USD 2.50 CPM');
    expect(formatGoal({ metric: 'completedViews', amount: 300_000 })).toBe('300,000 completed views');
  });
});
