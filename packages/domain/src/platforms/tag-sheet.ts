// The rows behind the xlsx tag sheet: one per live creative and platform.
import type { Creative } from '../campaigns/creative';
import { MESSAGES } from '../validation/messages';
import { findPlatform, type PlatformId } from './platforms';
import { buildTag, servingUrlWarning } from './tags';

export interface TagSheetRow {
  campaignName: string;
  creativeID: string;
  creativeName: string;
  liveCreativeID: string;
  type: Creative['type'];
  size: string;
  platform: string;
  /** The tag to paste into the platform, or '' when it could not be built. */
  tag: string;
  /** Why the tag could not be built. */
  error?: string;
  /** Why a built tag may be refused (AD_SERVING_URL not https). */
  warning?: string;
}

export interface BuildTagSheetInput {
  campaign: { name: string; creatives: readonly Creative[] };
  servingHost: string;
  /** Platforms to tag for; by default each creative's own platform (its direct tag without one). */
  platforms?: readonly PlatformId[];
  /** User-supplied click macros by platform (Cognitiv and AdRoll publish none), for banners. */
  clickMacros?: Partial<Record<PlatformId, string>>;
  /** Their URL-encoded variants, for VAST/VPAID URLs. */
  clickMacrosEscaped?: Partial<Record<PlatformId, string>>;
  /** The TCF vendor id in the consent macros (TCF_VENDOR_ID). */
  tcfVendorID?: number;
  /** Deal and fallback ids by creative id. */
  dealIDs?: Readonly<Record<string, string>>;
  fallbackIDs?: Readonly<Record<string, string>>;
}

export function buildTagSheet(input: BuildTagSheetInput): TagSheetRow[] {
  const rows: TagSheetRow[] = [];
  const warning = servingUrlWarning(input.servingHost);
  for (const creative of input.campaign.creatives) {
    // A creative without a platform gets its direct tag, as the console's tag panel shows it.
    const platformIDs = input.platforms ?? [creative.platform ?? 'direct'];
    const base = {
      campaignName: input.campaign.name,
      creativeID: creative.id,
      creativeName: creative.name,
      type: creative.type,
      size: creative.size,
    };
    for (const liveCreative of creative.liveCreatives) {
      for (const platformID of platformIDs) {
        const platform = findPlatform(platformID);
        const result = buildTag({
          creative,
          liveCreative,
          platform: platformID,
          servingHost: input.servingHost,
          dealID: input.dealIDs?.[creative.id],
          fallbackID: input.fallbackIDs?.[creative.id],
          clickMacro: platform ? input.clickMacros?.[platform.id] : undefined,
          clickMacroEscaped: platform ? input.clickMacrosEscaped?.[platform.id] : undefined,
          tcfVendorID: input.tcfVendorID,
        });
        const row = { ...base, liveCreativeID: liveCreative.id, platform: platform?.name ?? platformID };
        if (!result.ok) rows.push({ ...row, tag: '', error: result.error });
        else rows.push(warning ? { ...row, tag: result.tag, warning } : { ...row, tag: result.tag });
      }
    }
    if (creative.liveCreatives.length === 0) {
      rows.push({ ...base, liveCreativeID: '', platform: '', tag: '', error: MESSAGES.tagNotPublished });
    }
  }
  return rows;
}

/**
 * The `tags` payload of POST /v1/campaign/tags: which live creatives and platforms were built, grouped
 * by creative id. The server builds the tags again itself; no tag text is sent.
 */
export function tagsByCreative(
  rows: readonly TagSheetRow[],
): Record<string, { liveCreativeID: string; platform: string }[]> {
  const grouped: Record<string, { liveCreativeID: string; platform: string }[]> = {};
  for (const row of rows) {
    if (row.tag === '') continue;
    const list = grouped[row.creativeID] ?? [];
    list.push({ liveCreativeID: row.liveCreativeID, platform: row.platform });
    grouped[row.creativeID] = list;
  }
  return grouped;
}
