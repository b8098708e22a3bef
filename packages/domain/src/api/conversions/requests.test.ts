// The conversion action requests (docs/conversions.md): name, type, counting, lookback window and currency, their
// defaults and their messages; and the campaign's click parameter.
import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { MESSAGES } from '../../validation/messages';
import { campaignRequestSchema } from '../campaigns/requests';
import { conversionsContract } from './contract';
import {
  conversionActionBodySchema,
  createConversionActionRequestSchema,
  updateConversionActionRequestSchema,
} from './requests';

const messages = (schema: z.ZodMiniType, input: unknown) =>
  z.safeParse(schema, input).error?.issues.map((issue) => issue.message) ?? [];

describe('the conversion action requests', () => {
  it('a new action counts every conversion within 30 days by default, 3 a click at most and none worth over 100,000; the currency is left to the server', () => {
    expect(
      z.parse(createConversionActionRequestSchema, {
        campaignID: 'c1',
        name: ' Purchase ',
        type: 'purchase',
      }),
    ).toEqual({
      campaignID: 'c1',
      name: 'Purchase',
      type: 'purchase',
      counting: 'every',
      lookbackDays: 30,
      unsigned: 'tag-only',
      maxPerClick: 3,
      maxValue: '100000',
    });
  });

  it('a name of 1 to 100 characters is required', () => {
    const base = { campaignID: 'c1', type: 'lead' };
    expect(messages(createConversionActionRequestSchema, { ...base, name: '  ' })).toEqual([
      MESSAGES.conversionActionName,
    ]);
    expect(messages(createConversionActionRequestSchema, base)).toEqual([MESSAGES.conversionActionName]);
    expect(messages(createConversionActionRequestSchema, { ...base, name: 'x'.repeat(101) })).toEqual([
      MESSAGES.conversionActionNameTooLong,
    ]);
    expect(messages(createConversionActionRequestSchema, { ...base, name: 'x'.repeat(100) })).toEqual([]);
  });

  it('the type, counting, lookback (whole days 1-90) and currency (ISO 4217) each have their message', () => {
    const valid = {
      name: 'Lead',
      type: 'lead',
      counting: 'one-per-click',
      lookbackDays: 7,
      currency: 'EUR',
      unsigned: 'counted',
      maxPerClick: 5,
      maxValue: null,
    };
    expect(messages(conversionActionBodySchema, valid)).toEqual([]);
    expect(messages(conversionActionBodySchema, { ...valid, type: 'sale' })).toEqual([
      MESSAGES.conversionActionType,
    ]);
    expect(messages(conversionActionBodySchema, { ...valid, counting: 'first' })).toEqual([
      MESSAGES.conversionActionCounting,
    ]);
    for (const lookbackDays of [0, 91, 7.5, '7'])
      expect(messages(conversionActionBodySchema, { ...valid, lookbackDays }), String(lookbackDays)).toEqual([
        MESSAGES.conversionActionLookback,
      ]);
    for (const lookbackDays of [1, 90])
      expect(messages(conversionActionBodySchema, { ...valid, lookbackDays })).toEqual([]);
    for (const currency of ['usd', 'XYZ', 'EURO', 3])
      expect(messages(conversionActionBodySchema, { ...valid, currency }), String(currency)).toEqual([
        MESSAGES.conversionActionCurrency,
      ]);
  });

  it('the postback settings: which conversions count without the key, conversions per click (1-100), a maximum value', () => {
    const valid = {
      name: 'Sale',
      type: 'purchase',
      counting: 'every',
      lookbackDays: 30,
      currency: 'USD',
      unsigned: 'tag-only',
      maxPerClick: 5,
      maxValue: '500.00',
    };
    expect(messages(conversionActionBodySchema, valid)).toEqual([]);
    expect(messages(conversionActionBodySchema, { ...valid, unsigned: 'maybe' })).toEqual([
      MESSAGES.conversionActionUnsigned,
    ]);
    for (const maxPerClick of [0, 101, 2.5, '5'])
      expect(messages(conversionActionBodySchema, { ...valid, maxPerClick }), String(maxPerClick)).toEqual([
        MESSAGES.conversionActionMaxPerClick,
      ]);
    for (const maxValue of ['-1', '1e9', 'ten', '1,000'])
      expect(messages(conversionActionBodySchema, { ...valid, maxValue }), maxValue).toEqual([
        MESSAGES.conversionActionMaxValue,
      ]);
    for (const maxValue of ['', '500', null])
      expect(messages(conversionActionBodySchema, { ...valid, maxValue })).toEqual([]);
  });

  it('an update names the action, keeps what it leaves out and takes the action back as answered', () => {
    expect(z.parse(updateConversionActionRequestSchema, { id: 'a1', lookbackDays: 14 })).toEqual({
      id: 'a1',
      lookbackDays: 14,
    });
    const answered = {
      id: 'a1',
      campaignID: 'c1',
      name: 'Purchase',
      type: 'purchase',
      counting: 'every',
      lookbackDays: 30,
      currency: 'USD',
      unsigned: 'tag-only',
      maxPerClick: 5,
      maxValue: null,
      postbackKey: null,
      hasCounted: false,
      archived: false,
      createdAt: '2026-03-01T00:00:00.000Z',
      updatedAt: '2026-03-01T00:00:00.000Z',
    };
    expect(messages(updateConversionActionRequestSchema, answered)).toEqual([]);
    expect(messages(updateConversionActionRequestSchema, { ...answered, colour: 'red' })).toHaveLength(1);
    expect(messages(updateConversionActionRequestSchema, { name: 'No id' })).toHaveLength(1);
  });

  it('reads actions with the campaigns:read scope and changes them with campaigns:write', () => {
    expect(conversionsContract.listConversionActions.scope).toBe('campaigns:read');
    expect(conversionsContract.createConversionAction.scope).toBe('campaigns:write');
    expect(conversionsContract.archiveConversionAction.scope).toBe('campaigns:write');
  });
});

describe("a campaign's click parameter", () => {
  const withParam = (clickParam: unknown) => ({ name: 'Spring', data: { clickParam } });

  it('is a letter or _, then letters, digits, _ or -, 32 characters at most', () => {
    for (const clickParam of ['adc_click', 'gclid', '_c', 'click-id', `a${'b'.repeat(31)}`])
      expect(messages(campaignRequestSchema, withParam(clickParam)), clickParam).toEqual([]);
    for (const clickParam of ['1click', 'click id', 'click&x', 'clíck', `a${'b'.repeat(32)}`, 5])
      expect(messages(campaignRequestSchema, withParam(clickParam)), String(clickParam)).toEqual([
        MESSAGES.clickParam,
      ]);
  });

  it('reaches the campaign body the server writes; empty goes back to adc_click', () => {
    expect(z.parse(campaignRequestSchema, withParam(' clid '))).toEqual({
      name: 'Spring',
      data: { clickParam: 'clid' },
    });
    expect(z.parse(campaignRequestSchema, withParam(' '))).toEqual({
      name: 'Spring',
      data: { clickParam: 'adc_click' },
    });
  });
});
