// The ab_tests table (docs/reports.md, "A/B tests"): A/B tests of placements, and their queries.
import type { AbTestGoal, RotationItem, RotationMode } from '@adconsole/domain';
import type { Queryable } from '../database';

export interface AbTestRow {
  id: string;
  placement_id: string;
  campaign_id: string;
  status: 'running' | 'ended';
  variants: string[];
  control_id: string;
  goal: AbTestGoal;
  minimum_detectable_effect: number;
  significance: number;
  power: number;
  baseline_rate: number;
  planned_sample: number;
  previous_mode: RotationMode;
  previous_items: RotationItem[];
  started_at: Date;
  ended_at: Date | null;
}

export type NewAbTest = Omit<AbTestRow, 'status' | 'started_at' | 'ended_at'> & { started_at?: Date };

/** The test, or undefined. */
export async function findAbTest(db: Queryable, id: string): Promise<AbTestRow | undefined> {
  const [row] = await db.query<AbTestRow>('select * from ab_tests where id = $1', [id]);
  return row;
}

/** The placement's running test, or undefined. */
export async function findRunningAbTest(db: Queryable, placementId: string): Promise<AbTestRow | undefined> {
  const [row] = await db.query<AbTestRow>(
    "select * from ab_tests where placement_id = $1 and status = 'running'",
    [placementId],
  );
  return row;
}

/** The running tests of a campaign's placements. */
export function listRunningAbTestsOfCampaign(db: Queryable, campaignId: string): Promise<AbTestRow[]> {
  return db.query<AbTestRow>("select * from ab_tests where campaign_id = $1 and status = 'running'", [
    campaignId,
  ]);
}

/** A placement's tests, newest first. */
export function listAbTestsOfPlacement(db: Queryable, placementId: string): Promise<AbTestRow[]> {
  return db.query<AbTestRow>('select * from ab_tests where placement_id = $1 order by started_at desc, id', [
    placementId,
  ]);
}

/** A running test; started now unless `started_at` says when (the demo's history). */
export async function insertAbTest(db: Queryable, test: NewAbTest): Promise<AbTestRow> {
  const [row] = await db.query<AbTestRow>(
    `insert into ab_tests (id, placement_id, campaign_id, status, variants, control_id, goal,
       minimum_detectable_effect, significance, power, baseline_rate, planned_sample, previous_mode,
       previous_items, started_at)
     values ($1, $2, $3, 'running', $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, coalesce($14::timestamptz, now()))
     returning *`,
    [
      test.id,
      test.placement_id,
      test.campaign_id,
      JSON.stringify(test.variants),
      test.control_id,
      test.goal,
      test.minimum_detectable_effect,
      test.significance,
      test.power,
      test.baseline_rate,
      test.planned_sample,
      test.previous_mode,
      JSON.stringify(test.previous_items),
      test.started_at ?? null,
    ],
  );
  return row as AbTestRow;
}

/** Ends a running test now; undefined when it was not running. */
export async function endAbTest(db: Queryable, id: string): Promise<AbTestRow | undefined> {
  const [row] = await db.query<AbTestRow>(
    "update ab_tests set status = 'ended', ended_at = now() where id = $1 and status = 'running' returning *",
    [id],
  );
  return row;
}
