import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PRIVACY_SETTINGS,
  type DeviceStateDecision,
  deviceStateDecision,
  euCreativeServes,
  type PrivacySettings,
  type PrivacySignals,
  type TcSignal,
} from './device-consent';

const settings: PrivacySettings = { tcfVendorId: 755, ...DEFAULT_PRIVACY_SETTINGS };
const none: PrivacySignals = {
  gdpr: undefined,
  tc: { state: 'absent' },
  usPrivacy: { state: 'absent' },
  gpp: { state: 'absent' },
  gpc: false,
  dnt: false,
  limitedAdTracking: false,
  country: '',
};
const consented: TcSignal = {
  state: 'valid',
  purposeOne: true,
  vendor: true,
  purposeOneTreatment: false,
  restricted: false,
};
const decide = (signals: Partial<PrivacySignals>, with_: Partial<PrivacySettings> = {}) =>
  deviceStateDecision({ ...none, ...signals }, { ...settings, ...with_ });
const refused = (cause: string): DeviceStateDecision => ({ allowed: false, cause }) as DeviceStateDecision;

describe('device state: the table of docs/privacy.md, row by row', () => {
  it('a request that says nothing, from no known country, may keep a cap history', () => {
    expect(decide({})).toEqual({ allowed: true });
  });

  it('limited ad tracking (lat=1, an id of zeros) refuses device state, whatever else it says', () => {
    expect(decide({ limitedAdTracking: true, gdpr: true, tc: consented })).toEqual(
      refused('limitedAdTracking'),
    );
  });

  it('GDPR applies and no TC string (gdpr=1&gdpr_consent=): no consent', () => {
    expect(decide({ gdpr: true })).toEqual(refused('noTcString'));
  });

  it('a TC string that does not decode (truncated, garbage, TCF v1) is no consent', () => {
    expect(decide({ gdpr: true, tc: { state: 'invalid' } })).toEqual(refused('badTcString'));
  });

  it('purpose 1 and our vendor consented: allowed', () => {
    expect(decide({ gdpr: true, tc: consented })).toEqual({ allowed: true });
  });

  it('without purpose 1 (or purpose 1 not disclosed, or restricted by the publisher): no consent', () => {
    expect(decide({ gdpr: true, tc: { ...consented, purposeOne: false } })).toEqual(refused('noPurposeOne'));
    expect(decide({ gdpr: true, tc: { ...consented, purposeOneTreatment: true } })).toEqual(
      refused('noPurposeOne'),
    );
    expect(decide({ gdpr: true, tc: { ...consented, restricted: true } })).toEqual(refused('noPurposeOne'));
  });

  it('purpose 1 without our vendor: no consent', () => {
    expect(decide({ gdpr: true, tc: { ...consented, vendor: false } })).toEqual(refused('noVendorConsent'));
  });

  it('gdpr=0 leaves a TC string unread', () => {
    expect(decide({ gdpr: false, tc: { state: 'invalid' } })).toEqual({ allowed: true });
  });

  it('a TC string without gdpr= is read as GDPR applying', () => {
    expect(decide({ tc: { ...consented, vendor: false } })).toEqual(refused('noVendorConsent'));
  });

  it("the GPP string's EU TCF section in gpp_sid says GDPR applies", () => {
    const gpp = { state: 'valid', usOptOut: false, gpc: false, tcfEu: true } as const;
    expect(decide({ gpp })).toEqual(refused('noTcString'));
    expect(decide({ gpp, tc: consented })).toEqual({ allowed: true });
  });

  it('a request from the EEA, the UK or Switzerland with no GDPR signal is under GDPR without consent by default, or judged by its signals when the setting says so', () => {
    expect(decide({ country: 'FR' })).toEqual(refused('eeaWithoutSignal'));
    expect(decide({ country: 'GB' })).toEqual(refused('eeaWithoutSignal'));
    expect(decide({ country: 'FR', gdpr: false })).toEqual({ allowed: true });
    expect(decide({ country: 'US' })).toEqual({ allowed: true });
    const bySignals = { eeaWithoutSignalIsNoConsent: false };
    expect(decide({ country: 'FR' }, bySignals)).toEqual({ allowed: true });
  });

  it('us_privacy=1YYN (opted out of sale) refuses; 1YNN and 1--- allow; a bad one refuses', () => {
    expect(decide({ usPrivacy: { state: 'valid', optOutOfSale: true } })).toEqual(refused('usOptOut'));
    expect(decide({ usPrivacy: { state: 'valid', optOutOfSale: false } })).toEqual({ allowed: true });
    expect(decide({ usPrivacy: { state: 'invalid' } })).toEqual(refused('badUsPrivacy'));
  });

  it("a GPP string's US opt-out refuses; a GPP string that does not decode refuses", () => {
    expect(decide({ gpp: { state: 'valid', usOptOut: true, gpc: false, tcfEu: false } })).toEqual(
      refused('gppOptOut'),
    );
    expect(decide({ gpp: { state: 'invalid' } })).toEqual(refused('badGpp'));
  });

  it('Sec-GPC: 1 refuses everywhere by default; set to the US only, it refuses from the US or no known country', () => {
    expect(decide({ gpc: true, country: 'DE', gdpr: true, tc: consented })).toEqual(refused('gpc'));
    const usOnly = { gpcEverywhere: false };
    expect(decide({ gpc: true, country: 'DE', gdpr: true, tc: consented }, usOnly)).toEqual({
      allowed: true,
    });
    expect(decide({ gpc: true, country: 'US' }, usOnly)).toEqual(refused('gpc'));
    expect(decide({ gpc: true, country: '' }, usOnly)).toEqual(refused('gpc'));
  });

  it("the GPC flag of a GPP string's US section counts as Sec-GPC", () => {
    expect(decide({ gpp: { state: 'valid', usOptOut: false, gpc: true, tcfEu: false } })).toEqual(
      refused('gpc'),
    );
  });

  it('DNT: 1 refuses by default, and not when the setting ignores it', () => {
    expect(decide({ dnt: true })).toEqual(refused('dnt'));
    expect(decide({ dnt: true }, { dnt: false })).toEqual({ allowed: true });
  });

  it('GDPR consent given does not outweigh a US opt-out in the same request', () => {
    expect(decide({ gdpr: true, tc: consented, usPrivacy: { state: 'valid', optOutOfSale: true } })).toEqual(
      refused('usOptOut'),
    );
  });
});

describe('EU creatives', () => {
  it('serve only with a valid TC string where GDPR applies', () => {
    expect(euCreativeServes({ ...none, gdpr: true }, settings)).toBe(false);
    expect(euCreativeServes({ ...none, gdpr: true, tc: { state: 'invalid' } }, settings)).toBe(false);
    expect(euCreativeServes({ ...none, gdpr: true, tc: { ...consented, purposeOne: false } }, settings)).toBe(
      true,
    );
    expect(euCreativeServes({ ...none, country: 'IT' }, settings)).toBe(false);
    expect(
      euCreativeServes({ ...none, country: 'IT' }, { ...settings, eeaWithoutSignalIsNoConsent: false }),
    ).toBe(true);
  });

  it('serve anywhere GDPR does not apply', () => {
    expect(euCreativeServes({ ...none, gdpr: false }, settings)).toBe(true);
    expect(euCreativeServes({ ...none, country: 'US' }, settings)).toBe(true);
  });
});
