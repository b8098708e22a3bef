// The environment of privacy (docs/privacy.md, "Settings"): our IAB TCF vendor id (TCF_VENDOR_ID, whose
// consent a TC string must carry and which the tags' consent macros name), and the deployment's choices
// of what a signal means where the law leaves it open: Sec-GPC outside the US (PRIVACY_GPC), DNT
// (PRIVACY_DNT), a request from the EEA, the UK or Switzerland that sends no GDPR signal at all
// (PRIVACY_EEA_WITHOUT_SIGNAL).
import { DEFAULT_PRIVACY_SETTINGS, DEFAULT_TCF_VENDOR_ID, type PrivacySettings } from '@adconsole/domain';
import { z } from 'zod';
import { optional } from './env';

export const privacyEnv = z.object({
  TCF_VENDOR_ID: optional.pipe(
    z.coerce
      .number<string | undefined>()
      .int('must be a whole number: the vendor id on the IAB Global Vendor List')
      .min(1, 'must be a vendor id on the IAB Global Vendor List (1 or more)')
      .max(99_999, 'must be a vendor id on the IAB Global Vendor List (at most 5 digits)')
      .optional(),
  ),
  PRIVACY_GPC: optional.pipe(z.enum(['everywhere', 'us'], 'must be everywhere or us').optional()),
  PRIVACY_DNT: optional.pipe(z.enum(['opt-out', 'ignore'], 'must be opt-out or ignore').optional()),
  PRIVACY_EEA_WITHOUT_SIGNAL: optional.pipe(
    z.enum(['no-consent', 'allow'], 'must be no-consent or allow').optional(),
  ),
});

export function privacyConfig(e: z.infer<typeof privacyEnv>): PrivacySettings {
  return {
    tcfVendorId: e.TCF_VENDOR_ID ?? DEFAULT_TCF_VENDOR_ID,
    gpcEverywhere:
      e.PRIVACY_GPC === undefined ? DEFAULT_PRIVACY_SETTINGS.gpcEverywhere : e.PRIVACY_GPC === 'everywhere',
    dnt: e.PRIVACY_DNT === undefined ? DEFAULT_PRIVACY_SETTINGS.dnt : e.PRIVACY_DNT === 'opt-out',
    eeaWithoutSignalIsNoConsent:
      e.PRIVACY_EEA_WITHOUT_SIGNAL === undefined
        ? DEFAULT_PRIVACY_SETTINGS.eeaWithoutSignalIsNoConsent
        : e.PRIVACY_EEA_WITHOUT_SIGNAL === 'no-consent',
  };
}
