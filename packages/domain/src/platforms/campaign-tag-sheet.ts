// The campaign's tag sheet (docs/tags.md, "The campaign's tag sheet"): every live creative and every
// placement of a campaign, tagged for each platform. A creative's row is the row of its own tag sheet
// (buildTagSheet) and a placement's tag is the one its card shows (buildPlacementTag with the settings of
// placementTagCreative): the tag text is built in one place only.
import type { Creative } from '../campaigns/creative';
import type { Placement } from '../campaigns/placement';
import { findPlatform, type Platform, type PlatformId, platforms } from './platforms';
import { buildTagSheet } from './tag-sheet';
import { buildPlacementTag, servingUrlWarning } from './tags';

/** The platforms of the campaign's sheet, one worksheet each: the eleven trading platforms, then direct tags. */
export const CAMPAIGN_TAG_SHEET_PLATFORMS: readonly PlatformId[] = [
  ...platforms.filter((platform) => !platform.direct).map((platform) => platform.id),
  ...platforms.filter((platform) => platform.direct).map((platform) => platform.id),
];

/** Live creatives plus placements one campaign's sheet holds at most (each is one row per platform). */
export const MAX_CAMPAIGN_TAG_SHEET_ITEMS = 500;

/** GET /v1/campaign/tags of a campaign with no live creative and no placement (409). */
export const CAMPAIGN_NOTHING_TO_TAG =
  'The campaign has nothing to tag yet: publish a creative or make a placement first';

/** GET /v1/campaign/tags of a campaign past MAX_CAMPAIGN_TAG_SHEET_ITEMS (413). */
export const campaignTagSheetTooLargeMessage = (items: number): string =>
  `The campaign has ${items} live creatives and placements; a campaign's tag sheet holds at most ` +
  `${MAX_CAMPAIGN_TAG_SHEET_ITEMS}: download each creative's tag sheet from its page instead`;

export interface CampaignTagRow {
  /** A live creative's row or a placement's. */
  kind: 'Creative' | 'Placement';
  campaignName: string;
  /** The creative's or the placement's name. */
  name: string;
  /** '' on a placement's row. */
  creativeID: string;
  /** '' on a placement's row. */
  liveCreativeID: string;
  /** '' on a creative's row. */
  placementID: string;
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

export interface CampaignTagSheetPage {
  platform: Platform;
  rows: CampaignTagRow[];
}

export type SheetPlacement = Pick<Placement, 'id' | 'name' | 'kind' | 'width' | 'height' | 'items'>;
type PlacementCreative = Pick<Creative, 'id' | 'platform' | 'settings'>;

/**
 * The creative a placement's tag follows (a placement has no platform or settings of its own): its first
 * creative with a platform, else its first creative the caller knows. Its card and the sheet both ask here.
 */
export function placementTagCreative<C extends PlacementCreative>(
  placement: Pick<Placement, 'items'>,
  creatives: readonly C[],
): C | undefined {
  const known = placement.items
    .map((item) => creatives.find((creative) => creative.id === item.creativeId))
    .filter((creative): creative is C => creative !== undefined);
  return known.find((creative) => creative.platform) ?? known[0];
}

/** Live creatives plus placements: what MAX_CAMPAIGN_TAG_SHEET_ITEMS counts. */
export const campaignTagSheetItems = (
  creatives: readonly Pick<Creative, 'liveCreatives'>[],
  placements: readonly unknown[],
): number => creatives.reduce((sum, creative) => sum + creative.liveCreatives.length, 0) + placements.length;

export interface BuildCampaignTagSheetInput {
  campaign: { name: string; creatives: readonly Creative[]; placements: readonly SheetPlacement[] };
  servingHost: string;
  /** The TCF vendor id in the consent macros (TCF_VENDOR_ID). */
  tcfVendorID?: number | undefined;
}

/**
 * One page per platform of CAMPAIGN_TAG_SHEET_PLATFORMS: each live creative (creatives oldest first, their
 * live creatives oldest first; unpublished creatives have no row), then each placement. No deal or
 * fallback id and no user click macro is given, as in a creative's own sheet asked without them: a tag
 * that needs one carries the reason in `error`.
 */
export function buildCampaignTagSheet(input: BuildCampaignTagSheetInput): CampaignTagSheetPage[] {
  const { campaign, servingHost, tcfVendorID } = input;
  const live = campaign.creatives.filter((creative) => creative.liveCreatives.length > 0);
  const warning = servingUrlWarning(servingHost);
  return CAMPAIGN_TAG_SHEET_PLATFORMS.map((platformID) => {
    const platform = findPlatform(platformID) as Platform;
    const creativeRows = buildTagSheet({
      campaign: { name: campaign.name, creatives: live },
      servingHost,
      tcfVendorID,
      platforms: [platformID],
    }).map(
      ({ creativeName, ...row }): CampaignTagRow => ({
        kind: 'Creative',
        name: creativeName,
        placementID: '',
        ...row,
      }),
    );
    const placementRows = campaign.placements.map((placement): CampaignTagRow => {
      const result = buildPlacementTag({
        placement,
        platform: platformID,
        settings: placementTagCreative(placement, campaign.creatives)?.settings,
        servingHost,
        tcfVendorID,
      });
      const row: CampaignTagRow = {
        kind: 'Placement',
        campaignName: campaign.name,
        name: placement.name,
        creativeID: '',
        liveCreativeID: '',
        placementID: placement.id,
        type: placement.kind,
        size: `${placement.width}x${placement.height}`,
        platform: platform.name,
        tag: '',
      };
      if (!result.ok) return { ...row, error: result.error };
      return warning ? { ...row, tag: result.tag, warning } : { ...row, tag: result.tag };
    });
    return { platform, rows: [...creativeRows, ...placementRows] };
  });
}
