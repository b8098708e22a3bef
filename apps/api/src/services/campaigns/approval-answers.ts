// A creative's approval as answered (docs/product.md §4, "Approval"): the stored row read against what
// the creative draws now. What it draws is fingerprinted here: its type, size, HTML, layout and
// settings, its asset files and its landing page; a save that changes none of them keeps the approval.
import { createHash } from 'node:crypto';
import {
  type CreativeApproval,
  type CreativeSetting,
  effectiveApprovalState,
  landingPageUrl,
  type Trackers,
} from '@adconsole/domain';
import type { CreativeApprovalRow } from '../../db/queries/creative-approvals';

/** What a creative draws, as the loaders answer it. */
interface DrawnCreative {
  type: string;
  width: number;
  height: number;
  fluid: boolean;
  html?: string | null | undefined;
  layout: string | null;
  settings: readonly CreativeSetting[];
  trackers: Trackers;
  assets: readonly { id: string; path?: string | null | undefined; url?: string | null | undefined }[];
}

/** The fingerprint of what a creative draws. */
export function drawnHash(creative: DrawnCreative): string {
  const what = {
    type: creative.type,
    size: [creative.width, creative.height, creative.fluid],
    html: creative.html?.trim() ?? '',
    layout: creative.layout,
    settings: creative.settings,
    landingPage: landingPageUrl(creative.trackers),
    assets: creative.assets.map((asset) => [asset.id, asset.path ?? asset.url ?? null]),
  };
  return createHash('sha256').update(JSON.stringify(what)).digest('hex').slice(0, 32);
}

/** The approval answered for a creative, or undefined for one never submitted (a draft). */
export function approvalAnswer(
  row: CreativeApprovalRow | undefined,
  currentHash: string,
  { withEmail = true }: { withEmail?: boolean } = {},
): CreativeApproval | undefined {
  if (!row) return undefined;
  return {
    state: effectiveApprovalState({ state: row.state, drawnHash: row.drawn_hash }, currentHash),
    by: { name: row.actor_name, email: withEmail ? row.actor_email : null, via: row.via },
    at: new Date(row.at).toISOString(),
    comment: row.comment,
    changedSince: row.drawn_hash !== currentHash,
  };
}

/** A draft's approval, for answers that always carry one (the preview, the review calls). */
export const DRAFT_APPROVAL: CreativeApproval = {
  state: 'draft',
  by: null,
  at: null,
  comment: null,
  changedSince: false,
};

/** The creatives with their approval (only those ever submitted carry one). */
export function withApprovals<C extends DrawnCreative & { id: string }>(
  creatives: C[],
  rows: readonly CreativeApprovalRow[],
): (C & { approval?: CreativeApproval })[] {
  if (rows.length === 0) return creatives;
  const byCreative = new Map(rows.map((row) => [row.creative_id, row]));
  return creatives.map((creative) => {
    const approval = approvalAnswer(byCreative.get(creative.id), drawnHash(creative));
    return approval === undefined ? creative : { ...creative, approval };
  });
}
