// A creative's QA as the API answers it (docs/builder.md, "Creative QA"): the whole of its last run for
// the creative page (GET /v1/creative/qa), and in one word for each creative of a campaign's answer (its
// page's list), read with one query for them all. Kept apart from creative-qa.ts, which runs and queues
// the measuring, so the campaign loader reads it without a circle.
import { createHash } from 'node:crypto';
import {
  CREATIVE_QA_NOT_MEASURED,
  CREATIVE_QA_NOTHING_TO_DRAW,
  type Creative,
  type CreativeQa,
  type CreativeQaSummary,
  creativeQaSummary,
  heavyAdProblem,
  judgeCreativeQa,
} from '@adconsole/domain';
import type { Queryable } from '../../db/database';
import { type CreativeQaRow, listLatestCreativeQas } from '../../db/queries/creative-qa';

/** What the QA answers read of a creative. */
type Measured = Pick<Creative, 'id' | 'type' | 'width' | 'height' | 'html' | 'assets'>;

/** What a run measures of a creative: its type, size, HTML and asset files (a change makes a run stale). */
export function assetsHash(creative: Measured): string {
  const what = {
    type: creative.type,
    width: creative.width,
    height: creative.height,
    html: creative.html?.trim() ?? '',
    assets: creative.assets.map((asset) => [asset.id, asset.path ?? asset.url]),
  };
  return createHash('sha256').update(JSON.stringify(what)).digest('hex').slice(0, 32);
}

/** What QA draws: a banner's own HTML, its HTML5 ZIP or its image (a layout's video is its player's). */
export const drawable = (creative: Measured) =>
  creative.type === 'Banner' &&
  (Boolean(creative.html?.trim()) ||
    creative.assets.some((asset) => asset.uploadType === 'html5' || asset.uploadType === 'image'));

/** The QA of a creative as the API answers it; `chromium`: whether this server measures at all. */
export function qaAnswer(chromium: boolean, creative: Measured, row: CreativeQaRow | undefined): CreativeQa {
  const empty = { measuredAt: null, checks: [], measurement: null, heavyAd: null };
  if (!chromium)
    return {
      creativeId: creative.id,
      state: 'not_measured',
      current: true,
      ...empty,
      reason: CREATIVE_QA_NOT_MEASURED,
    };
  if (!drawable(creative))
    return {
      creativeId: creative.id,
      state: 'not_measured',
      current: true,
      ...empty,
      reason: CREATIVE_QA_NOTHING_TO_DRAW,
    };
  if (!row) return { creativeId: creative.id, state: 'none', current: false, ...empty, reason: null };
  const measurement = row.state === 'measured' ? row.results : null;
  return {
    creativeId: creative.id,
    state: row.state,
    current: row.assets_hash === assetsHash(creative),
    measuredAt: row.measured_at?.toISOString() ?? null,
    checks: measurement ? judgeCreativeQa(measurement) : [],
    measurement,
    heavyAd: measurement ? (heavyAdProblem(measurement) ?? null) : null,
    reason: row.reason,
  };
}

/** The creatives, each with its QA in one word (`qa`): one read of their last runs for all of them. */
export async function withQaSummaries<C extends Measured>(
  db: Queryable,
  chromium: boolean,
  creatives: C[],
): Promise<(C & { qa: CreativeQaSummary })[]> {
  const rows =
    chromium && creatives.length > 0
      ? await listLatestCreativeQas(
          db,
          creatives.map((creative) => creative.id),
        )
      : [];
  const byCreative = new Map(rows.map((row) => [row.creative_id, row]));
  return creatives.map((creative) => ({
    ...creative,
    qa: creativeQaSummary(qaAnswer(chromium, creative, byCreative.get(creative.id))),
  }));
}
