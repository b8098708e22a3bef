// What a copy keeps (docs/product.md, "Duplicating a campaign or a creative"): every column of the
// campaigns and creatives tables and every field of a campaign's data is either copied or listed as not
// copied, with the reason, as Google Ad Manager and Campaign Manager 360 copies keep a line item's
// targeting. copy-fields.test.ts reads the tables' columns and the data schema and fails on one that is
// neither; the copy itself (duplicate.ts) copies exactly the fields named `copied` here.
import type { CampaignData } from '@adconsole/domain';
import type { CampaignRow } from '../../db/queries/campaigns';
import type { CreativeRow } from '../../db/queries/creatives';

/** A field's fate in a copy: copied as it is, made anew, or left out (with the reason, for the docs). */
export type CopyFate = 'copied' | 'new' | { notCopied: string };

export const CAMPAIGN_COLUMNS_COPY: Readonly<Record<keyof CampaignRow, CopyFate>> = {
  id: 'new',
  owner_id: 'copied',
  // By the copy rule: ' (Copy)', ' (Copy 2)'..., unless the duplicate call names the copy.
  name: 'copied',
  // Its data, field by field: CAMPAIGN_DATA_COPY.
  body: 'copied',
  created_at: 'new',
  updated_at: 'new',
  data_pulled_at: { notCopied: 'the copy has no figures to pull' },
  archived_at: { notCopied: 'the copy is not archived, whatever the original is' },
  paused_at: { notCopied: 'the copy is not paused, whatever the original is' },
  paused_by: { notCopied: 'the copy is not paused, so nobody paused it' },
  click_param: 'copied',
  // Countries, devices, OS, browsers, languages, sites, daypart, caps and their choices.
  delivery_rules: 'copied',
  // Unless the duplicate call names another advertiser (the order then only when it is that one's).
  advertiser_id: 'copied',
  insertion_order_id: 'copied',
};

export const CAMPAIGN_DATA_COPY: Readonly<Record<keyof CampaignData, CopyFate>> = {
  // Unless the duplicate call sends new days (the console offers today with the flight's length).
  start: 'copied',
  end: 'copied',
  timezone: 'copied',
  // Its advertiser_id (the name is the advertiser's, answered here for older clients).
  advertiser: 'copied',
  goal: 'copied',
  deliveryMode: 'copied',
  rate: 'copied',
  // With its rate: the copy spends its own budget from nothing (its figures are its own).
  budget: 'copied',
  // Kept in the click_param column.
  clickParam: 'copied',
  impressions: { notCopied: 'a figure: the copy has served nothing' },
  engagement: { notCopied: 'a figure: the copy has served nothing' },
  clicks: { notCopied: 'a figure: the copy has served nothing' },
};

export const CREATIVE_COLUMNS_COPY: Readonly<Record<keyof CreativeRow, CopyFate>> = {
  id: 'new',
  // The copy's campaign (the same one for a creative's copy).
  campaign_id: 'new',
  name: 'copied',
  type: 'copied',
  // Size, platform, trackers, settings, layout, HTML; its assets share the stored files.
  body: 'copied',
  created_at: 'new',
  updated_at: 'new',
  delivery_rules: 'copied',
};

// Beside its own fields a campaign copy brings none of the tables about it, each for a reason
// (docs/product.md, "Duplicating a campaign or a creative"): live creatives (nothing is published: a copy
// serves nothing until its creatives are), conversion actions (their snippets name the original's
// actions), placements (a placement's tag is pasted on a page; its items name the original's creatives),
// share links and schedules (each given to someone for one campaign), alert rules (the copy follows the
// account's settings until it is given its own).

/** The campaign data fields a copy keeps, from the original's stored data. */
export function copiedCampaignData(data: CampaignRow['body']['data']): CampaignRow['body']['data'] {
  const copied: Record<string, unknown> = {};
  for (const [field, fate] of Object.entries(CAMPAIGN_DATA_COPY))
    if (fate === 'copied' && field !== 'clickParam') {
      const value = (data as Record<string, unknown> | undefined)?.[field];
      if (value !== undefined && value !== null) copied[field] = value;
    }
  return copied as CampaignRow['body']['data'];
}
