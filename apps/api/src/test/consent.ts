// Consent strings for the tests, built with the IAB's own libraries as a CMP builds them: TC strings
// with @iabtechlabtcf/core (over a small Global Vendor List of the test's own: the real list is a
// download, and the encoder needs only the list's version and policy), GPP strings with @iabgpp/cmpapi.
import { DEFAULT_TCF_VENDOR_ID } from '@adconsole/domain';
import { GppModel } from '@iabgpp/cmpapi';
import { GVL, TCModel, TCString } from '@iabtechlabtcf/core';

const PURPOSES = Object.fromEntries(
  Array.from({ length: 11 }, (_, index) => [
    index + 1,
    { id: index + 1, name: `Purpose ${index + 1}`, description: '', illustrations: [] },
  ]),
);

/** A Global Vendor List of two vendors (ours and another), TCF policy version 5 (TCF v2.2 and later) by default. */
function testVendorList(vendorId: number, policyVersion = 5) {
  const vendor = (id: number) => ({
    id,
    name: `Vendor ${id}`,
    purposes: [1, 2, 3, 4, 7],
    legIntPurposes: [],
    flexiblePurposes: [],
    specialPurposes: [],
    features: [],
    specialFeatures: [],
    usesCookies: true,
    cookieRefresh: false,
    usesNonCookieAccess: false,
  });
  return {
    gvlSpecificationVersion: 3,
    vendorListVersion: 100,
    tcfPolicyVersion: policyVersion,
    lastUpdated: '2026-01-01T00:00:00Z',
    purposes: PURPOSES,
    specialPurposes: {},
    features: {},
    specialFeatures: {},
    stacks: {},
    dataCategories: {},
    vendors: { [vendorId]: vendor(vendorId), 10: vendor(10) },
  };
}

/** A TC string as a CMP writes it: the purposes and vendors consented (purpose 1 and ours by default). */
export function tcString(
  options: { purposes?: number[]; vendors?: number[]; vendorId?: number; policyVersion?: number } = {},
): string {
  const vendorId = options.vendorId ?? DEFAULT_TCF_VENDOR_ID;
  const model = new TCModel(new GVL(testVendorList(vendorId, options.policyVersion) as never));
  model.cmpId = 10;
  model.cmpVersion = 1;
  model.isServiceSpecific = true;
  for (const purpose of options.purposes ?? [1]) model.purposeConsents.set(purpose);
  for (const vendor of options.vendors ?? [vendorId]) model.vendorConsents.set(vendor);
  return TCString.encode(model);
}

/** A GPP string with the US national section's opt-outs (sale and targeted advertising) set. */
export function gppUsNationalOptOut(): string {
  const model = new GppModel();
  model.setFieldValue('usnat', 'SaleOptOutNotice', 1);
  model.setFieldValue('usnat', 'SaleOptOut', 1);
  model.setFieldValue('usnat', 'TargetedAdvertisingOptOut', 1);
  return model.encode();
}

/** A GPP string with the US national section and nobody opted out (each opt-out "no"). */
export function gppUsNationalNoOptOut(): string {
  const model = new GppModel();
  model.setFieldValue('usnat', 'SaleOptOutNotice', 1);
  model.setFieldValue('usnat', 'SaleOptOut', 2);
  model.setFieldValue('usnat', 'SharingOptOut', 2);
  model.setFieldValue('usnat', 'TargetedAdvertisingOptOut', 2);
  return model.encode();
}

/** A GPP string whose EU TCF section carries `tc` (a TC string). */
export function gppWithTcString(tc: string): string {
  const model = new GppModel();
  model.decodeSection('tcfeuv2', tc);
  return model.encode();
}

/** The query of a request under GDPR whose person consented to purpose 1 and our vendor. */
export const consentedQuery = (): string => `gdpr=1&gdpr_consent=${tcString()}`;
