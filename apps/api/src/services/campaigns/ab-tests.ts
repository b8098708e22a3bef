// A/B tests of a placement (docs/reports.md "A/B tests"): start, read, list and stop. A test
// belongs to one placement, one running at a time. Starting it sets the placement's rotation to `even`
// over the variants (the placement's other creatives paused), so each variant gets an equal share of the
// tag's requests for the test's duration; the rotation it had is kept with the test and put back when
// the test is stopped. While it runs, the placement's mode and items cannot change (placements.ts).
// Access as for placements: the campaign's owner or an admin, 404 for anyone else.
import {
  type AbTestGoal,
  ApiError,
  abTestPlannedSample,
  abTestRulesDifferMessage,
  abTestVariantNotInPlacementMessage,
  type CreateAbTestRequest,
  isOwnerOrAdmin,
  MESSAGES,
  type PlacementAbTest,
  type RotationItem,
  type RotationMode,
  storedDeliveryRules,
} from '@adconsole/domain';
import type { Context } from '../../context';
import type { Queryable } from '../../db/database';
import {
  type AbTestRow,
  endAbTest,
  findAbTest,
  findRunningAbTest,
  insertAbTest,
  listAbTestsOfPlacement,
} from '../../db/queries/ab-tests';
import { findCampaign, lockCampaign } from '../../db/queries/campaigns';
import { listCreativesByIds } from '../../db/queries/creatives';
import {
  findPlacement,
  type PlacementRow,
  updatePlacement as updatePlacementRow,
} from '../../db/queries/placements';
import { recordChange } from '../audit/record';
import { abTestChange } from '../audit/snapshots';
import type { SessionUser } from '../identity/sessions';
import { newId } from '../ids';
import { creativeTotals, goalCounts } from './ab-test-counts';
import { ownPlacement } from './placements';

const iso = (date: Date | string) => new Date(date).toISOString();

export const abTestAnswer = (row: AbTestRow): PlacementAbTest => ({
  id: row.id,
  placementID: row.placement_id,
  campaignID: row.campaign_id,
  status: row.status,
  variants: [...row.variants],
  control: row.control_id,
  goal: row.goal,
  minimumDetectableEffect: Number(row.minimum_detectable_effect),
  significance: Number(row.significance),
  power: Number(row.power),
  baselineRate: Number(row.baseline_rate),
  plannedSample: row.planned_sample,
  startedAt: iso(row.started_at),
  endedAt: row.ended_at === null ? null : iso(row.ended_at),
});

/** A rotation as the audit log shows it: "even: a, b (paused)". */
const rotationText = (mode: RotationMode, items: readonly RotationItem[]): string =>
  `${mode}: ${items
    .map(
      (item) =>
        `${item.creativeId}${mode === 'weighted' ? ` ×${item.weight}` : ''}${item.paused ? ' (paused)' : ''}`,
    )
    .join(', ')}`;

/** The test when the user may manage its campaign; 404 otherwise (as for a missing one). */
export async function ownAbTest(db: Queryable, user: SessionUser, id: string): Promise<AbTestRow> {
  const row = await findAbTest(db, id);
  const campaign = row && (await findCampaign(db, row.campaign_id));
  if (!row || !campaign || !isOwnerOrAdmin(user, campaign.owner_id))
    throw ApiError.of(404, MESSAGES.abTestNotFound);
  return row;
}

export async function getAbTest(ctx: Context, user: SessionUser, id: string): Promise<PlacementAbTest> {
  return abTestAnswer(await ownAbTest(ctx.db, user, id));
}

export async function listAbTests(
  ctx: Context,
  user: SessionUser,
  placementId: string,
): Promise<PlacementAbTest[]> {
  const placement = await ownPlacement(ctx.db, user, placementId);
  return (await listAbTestsOfPlacement(ctx.db, placement.id)).map(abTestAnswer);
}

/** The rotation a test sets: its variants evenly, the placement's other creatives paused. */
const testRotation = (items: readonly RotationItem[], variants: readonly string[]): RotationItem[] =>
  items.map((item) => ({ ...item, paused: !variants.includes(item.creativeId) }));

/**
 * The control's rate of the goal before the test, in percent (all its live creatives' all-time totals),
 * the baseline of the planned sample when none is given; 400 when it has no trials yet, or a rate of 0
 * or 100 % (no sample can be planned from it).
 */
async function controlRateBefore(
  ctx: Context,
  placement: PlacementRow,
  control: string,
  goal: AbTestGoal,
): Promise<number> {
  const sum = (await creativeTotals(ctx, placement.campaign_id, [control])).get(control);
  const { successes, trials } = sum ? goalCounts(goal, sum, placement.kind) : { successes: 0, trials: 0 };
  const rate = trials > 0 ? (successes / trials) * 100 : 0;
  if (!(rate > 0 && rate < 100)) throw ApiError.of(400, MESSAGES.abTestBaselineRequired);
  return rate;
}

/**
 * 400 when the variants have different delivery rules (docs/reports.md, "A/B tests"): a test compares
 * creatives on the same requests, so a variant that serves only Germany beside one that serves everyone
 * would compare two audiences. Read with the campaign's row locked, as a rule change locks it, so a
 * change cannot slip in between (delivery-rules.ts keeps the variants alike while the test runs).
 */
async function variantsRuledAlike(tx: Queryable, campaignId: string, variants: readonly string[]) {
  await lockCampaign(tx, campaignId);
  const creatives = await listCreativesByIds(tx, variants);
  const rulesText = (creative: (typeof creatives)[number]) =>
    JSON.stringify(storedDeliveryRules(creative.delivery_rules ?? {}));
  const [first, ...others] = creatives;
  const differs = others.find((other) => first && rulesText(other) !== rulesText(first));
  if (first && differs) throw ApiError.of(400, abTestRulesDifferMessage(first.name, differs.name));
}

/**
 * Starts a test: checks it against its placement (its variants must be the placement's creatives; the
 * baseline, else the control's rate so far, gives the planned sample), stores it with the placement's rotation, and rotates the placement evenly over the variants.
 */
export async function createAbTest(
  ctx: Context,
  user: SessionUser,
  input: CreateAbTestRequest,
): Promise<PlacementAbTest> {
  const placement = await ownPlacement(ctx.db, user, input.placementID);
  const inPlacement = new Set(placement.items.map((item) => item.creativeId));
  const stranger = input.variants.find((id) => !inPlacement.has(id));
  if (stranger !== undefined) throw ApiError.of(400, abTestVariantNotInPlacementMessage(stranger));
  const baselineRate =
    input.baselineRate ?? (await controlRateBefore(ctx, placement, input.control, input.goal));
  const plannedSample = abTestPlannedSample(input, baselineRate);
  const row = await ctx.db.transaction(async (tx) => {
    if (await findRunningAbTest(tx, placement.id)) throw ApiError.of(409, MESSAGES.abTestAlreadyRunning);
    await variantsRuledAlike(tx, placement.campaign_id, input.variants);
    const made = await insertAbTest(tx, {
      id: newId(),
      placement_id: placement.id,
      campaign_id: placement.campaign_id,
      variants: [...input.variants],
      control_id: input.control,
      goal: input.goal,
      minimum_detectable_effect: input.minimumDetectableEffect,
      significance: input.significance,
      power: input.power,
      baseline_rate: baselineRate,
      planned_sample: plannedSample,
      previous_mode: placement.mode,
      previous_items: placement.items,
    });
    const items = testRotation(placement.items, input.variants);
    const changed = await updatePlacementRow(tx, placement.id, { name: placement.name, mode: 'even', items });
    if (!changed) throw ApiError.of(404, MESSAGES.placementNotFound);
    await recordChange(tx, user, abTestChange(null, { row: made, rotation: rotationText('even', items) }));
    return made;
  });
  ctx.placements.clear();
  return abTestAnswer(row);
}

/** Ends a running test and puts the placement's rotation from before the test back. */
export async function stopAbTest(ctx: Context, user: SessionUser, id: string): Promise<PlacementAbTest> {
  const test = await ownAbTest(ctx.db, user, id);
  if (test.status !== 'running') throw ApiError.of(409, MESSAGES.abTestAlreadyEnded);
  const row = await ctx.db.transaction(async (tx) => {
    const ended = await endAbTest(tx, test.id);
    if (!ended) throw ApiError.of(409, MESSAGES.abTestAlreadyEnded);
    const placement = await findPlacement(tx, test.placement_id);
    if (!placement) throw ApiError.of(404, MESSAGES.placementNotFound);
    await updatePlacementRow(tx, placement.id, {
      name: placement.name,
      mode: test.previous_mode,
      items: test.previous_items,
    });
    await recordChange(
      tx,
      user,
      abTestChange(
        { row: test, rotation: rotationText(placement.mode, placement.items) },
        { row: ended, rotation: rotationText(test.previous_mode, test.previous_items) },
      ),
    );
    return ended;
  });
  ctx.placements.clear();
  return abTestAnswer(row);
}
