// What a platform's ad server makes of a tag when it serves it: each macro of the platform table replaced
// the way the platform documents, the escaped variants URL-encoded, the unescaped ones as they are. The
// tests hold every platform's tags to this; it also shows a trafficker what a served tag looks like.
import { FACT_MACROS, TAG_FACTS, type TagFact } from './fact-macros';
import { DEFAULT_TCF_VENDOR_ID, type Platform, privacyMacros } from './platforms';

/** The values a platform writes in place of its macros. */
export interface ExpandedMacros {
  /** The platform's click-tracker URL, which takes the landing page appended (unescaped). */
  click: string;
  /** A random number. */
  cacheBuster: string;
  /** By attribute name: the privacy signals (PRIVACY_ATTRIBUTES) and third-party attributes. */
  attributes?: Readonly<Record<string, string>>;
  /** The page the ad runs on: its host for a domain site macro, the URL encoded for an URL one. */
  page?: string;
  /** The app's bundle, in-app. */
  bundle?: string;
  /** The device's language, connection type and advertising id, as the platform writes them. */
  facts?: Readonly<Partial<Record<TagFact, string>>>;
}

export interface ExpansionInput {
  /** The user's click macros, for platforms that publish none. */
  clickMacro?: string | undefined;
  clickMacroEscaped?: string | undefined;
  tcfVendorID?: number | undefined;
}

/** Every macro the platform's ad server replaces in a tag built for it, with what it writes there. */
export function platformExpansions(
  platform: Platform,
  values: ExpandedMacros,
  input: ExpansionInput = {},
): [macro: string, value: string][] {
  const click = input.clickMacro?.trim() || platform.clickMacro;
  const escaped = input.clickMacroEscaped?.trim() || platform.clickMacroEscaped;
  const expansions: [string, string][] = [];
  if (click) expansions.push([click, values.click]);
  if (escaped) expansions.push([escaped, encodeURIComponent(values.click)]);
  if (platform.cacheBuster) expansions.push([platform.cacheBuster, values.cacheBuster]);
  const attributes = [
    ...privacyMacros(platform, input.tcfVendorID ?? DEFAULT_TCF_VENDOR_ID, 'banner'),
    ...Object.entries(platform.thirdPartyAttributes),
  ];
  for (const [name, macro] of attributes) {
    const value = values.attributes?.[name];
    if (value !== undefined) expansions.push([macro, value]);
  }
  if (platform.siteMacro && values.page !== undefined) {
    const page = values.page;
    expansions.push([
      platform.siteMacro.macro,
      platform.siteMacro.expandsTo === 'domain' ? new URL(page).hostname : encodeURIComponent(page),
    ]);
  }
  if (platform.bundleMacro && values.bundle !== undefined)
    expansions.push([platform.bundleMacro, values.bundle]);
  for (const fact of TAG_FACTS) {
    const macro = FACT_MACROS[platform.id][fact];
    const value = values.facts?.[fact];
    if (macro !== undefined && value !== undefined) expansions.push([macro, value]);
  }
  // Longest first, so a macro that another one contains is not replaced inside it.
  return expansions.sort(([a], [b]) => b.length - a.length);
}

/** The tag as the platform serves it. */
export function expandTagAs(
  platform: Platform,
  tag: string,
  values: ExpandedMacros,
  input: ExpansionInput = {},
): string {
  return platformExpansions(platform, values, input).reduce(
    (text, [macro, value]) => text.split(macro).join(value),
    tag,
  );
}
