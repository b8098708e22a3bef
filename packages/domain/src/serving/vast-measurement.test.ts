import { describe, expect, it } from 'vitest';
import { creativeSettingSchema } from '../campaigns/creative';
import { addReportCounters, measurableImpressions, reportRates } from '../reports/report-data';
import {
  codedEventType,
  codeOfPing,
  labelOfCode,
  parseCodedEventType,
  playerTakesVpaid,
  UNDEFINED_VAST_ERROR,
  VAST_ERROR_CODES,
} from './vast-measurement';

describe('VAST errors and verification reports', () => {
  it('counts a VAST 4.2 error code (100-902) as itself, a missing, unexpanded or unknown one as 900', () => {
    expect(codeOfPing('error', '401')).toBe(401);
    expect(codeOfPing('error', '902')).toBe(902);
    expect(codeOfPing('error', '100')).toBe(100);
    for (const raw of [undefined, null, '', '[ERRORCODE]', '999', '404', '4010', 'abc', '-1'])
      expect(codeOfPing('error', raw)).toBe(UNDEFINED_VAST_ERROR);
    expect(UNDEFINED_VAST_ERROR).toBe(900);
  });

  it('labels each code from the VAST 4.2 table', () => {
    expect(labelOfCode('error', 401)).toBe('File not found: MediaFile URI unreachable');
    expect(labelOfCode('error', 900)).toBe('Undefined error');
    expect(
      Object.keys(VAST_ERROR_CODES)
        .map(Number)
        .every((code) => code >= 100 && code <= 902),
    ).toBe(true);
  });

  it('counts a verification not executed by its [REASON] 1-3, anything else as 0 (reason not given)', () => {
    expect(codeOfPing('verificationNotExecuted', '2')).toBe(2);
    expect(labelOfCode('verificationNotExecuted', 2)).toBe('Verification not supported');
    expect(codeOfPing('verificationNotExecuted', '[REASON]')).toBe(0);
    expect(codeOfPing('verificationNotExecuted', '7')).toBe(0);
  });

  it('stores a coded ping as one event type per kind and code, so each counts once per impression', () => {
    expect(codedEventType('error', 303)).toBe('error:303');
    expect(parseCodedEventType('error:303')).toEqual({ kind: 'error', code: 303 });
    expect(parseCodedEventType('verificationNotExecuted:1')).toEqual({
      kind: 'verificationNotExecuted',
      code: 1,
    });
    expect(parseCodedEventType('impression')).toBeUndefined();
    expect(parseCodedEventType('error:x')).toBeUndefined();
  });
});

describe('[APIFRAMEWORKS]', () => {
  it('admits VPAID only when the list holds 2 (VPAID 2.0), or when the player sent no list', () => {
    expect(playerTakesVpaid('2')).toBe(true);
    expect(playerTakesVpaid('1,2,7')).toBe(true);
    expect(playerTakesVpaid('7')).toBe(false);
    expect(playerTakesVpaid('1, 7')).toBe(false);
    expect(playerTakesVpaid(undefined)).toBe(true);
    expect(playerTakesVpaid('')).toBe(true);
    expect(playerTakesVpaid('[APIFRAMEWORKS]')).toBe(true);
  });
});

describe('video viewability', () => {
  it('measures every display impression (the MRC rule of the runtime), and a VAST impression when the player answered Viewable or NotViewable', () => {
    const counters = { impressions: 100, viewable: 30, notViewable: 20 };
    expect(measurableImpressions(counters, 'Banner')).toBe(100);
    expect(measurableImpressions(counters, 'VAST')).toBe(50);
    expect(measurableImpressions(counters, 'VPAID')).toBe(50);
  });

  it('viewability = viewable / measurable where a creative has measurement; rows without it measured every impression', () => {
    const vast = { impressions: 100, viewable: 30, engagement: 0, clicks: 0, measurable: 50 };
    expect(reportRates(vast).viewabilityRate).toBe(60);
    const banner = { impressions: 100, viewable: 70, engagement: 0, clicks: 0 };
    expect(reportRates(banner).viewabilityRate).toBe(70);
    const sum = addReportCounters([vast, banner], false);
    expect(sum.measurable).toBe(150);
    expect(reportRates(sum).viewabilityRate).toBeCloseTo((100 / 150) * 100);
    expect(reportRates({ ...vast, viewable: 0, measurable: 0 }).viewabilityRate).toBe(0);
  });
});

describe('VAST creative settings', () => {
  it('lists verification vendors: a vendor key, an https OM SDK script and optional parameters', () => {
    const setting = {
      key: 'verificationVendors',
      value: [
        { vendor: 'verifier.example-omid', url: 'https://verifier.example/omid.js', parameters: 'a=1' },
      ],
    };
    expect(creativeSettingSchema.safeParse(setting).success).toBe(true);
    const plain = creativeSettingSchema.safeParse({
      key: 'verificationVendors',
      value: [{ vendor: 'v', url: 'http://verifier.example/omid.js' }],
    });
    expect(plain.error?.issues[0]?.message).toBe('Verification script must be an https URL');
    const noKey = creativeSettingSchema.safeParse({
      key: 'verificationVendors',
      value: [{ vendor: ' ', url: 'https://verifier.example/omid.js' }],
    });
    expect(noKey.error?.issues[0]?.message).toBe('Vendor key is required');
  });

  it('takes a skip offset in whole seconds and an advertiser Ad-ID (registry and value)', () => {
    expect(creativeSettingSchema.safeParse({ key: 'skipOffset', value: 5 }).success).toBe(true);
    for (const value of [-1, 2.5, 601, '5'])
      expect(creativeSettingSchema.safeParse({ key: 'skipOffset', value }).error?.issues[0]?.message).toBe(
        'Skip offset: whole seconds from 0 to 600',
      );
    expect(
      creativeSettingSchema.safeParse({
        key: 'universalAdId',
        value: { registry: 'ad-id.org', value: 'ABCD1234000H' },
      }).success,
    ).toBe(true);
    expect(
      creativeSettingSchema.safeParse({ key: 'universalAdId', value: { registry: '', value: 'x' } }).success,
    ).toBe(false);
  });
});
