// The creative_qa table (docs/builder.md, "Creative QA"): each QA run of a creative, newest last.
import type { CreativeQaMeasurement } from '@adconsole/domain';
import type { Queryable } from '../database';

type CreativeQaState = 'running' | 'measured' | 'not_measured' | 'error';

export interface CreativeQaRow {
  id: string;
  creative_id: string;
  assets_hash: string;
  state: CreativeQaState;
  results: CreativeQaMeasurement | null;
  reason: string | null;
  queued_at: Date;
  measured_at: Date | null;
}

/** The creative's newest QA run, or undefined. */
export async function findLatestCreativeQa(
  db: Queryable,
  creativeId: string,
): Promise<CreativeQaRow | undefined> {
  const [row] = await db.query<CreativeQaRow>(
    'select * from creative_qa where creative_id = $1 order by queued_at desc, id desc limit 1',
    [creativeId],
  );
  return row;
}

/** The newest QA run of each of the creatives (those never run have none): one read for a campaign's list. */
export async function listLatestCreativeQas(
  db: Queryable,
  creativeIds: readonly string[],
): Promise<CreativeQaRow[]> {
  if (creativeIds.length === 0) return [];
  return db.query<CreativeQaRow>(
    `select distinct on (creative_id) * from creative_qa where creative_id = any($1::text[])
     order by creative_id, queued_at desc, id desc`,
    [creativeIds],
  );
}

/** A QA run, or undefined. */
export async function findCreativeQa(db: Queryable, id: string): Promise<CreativeQaRow | undefined> {
  const [row] = await db.query<CreativeQaRow>('select * from creative_qa where id = $1', [id]);
  return row;
}

/** Records a new run of the creative (running until the job finishes it). */
export async function insertCreativeQa(
  db: Queryable,
  run: { id: string; creativeId: string; assetsHash: string; state: CreativeQaState },
): Promise<void> {
  await db.query(
    `insert into creative_qa (id, creative_id, assets_hash, state, measured_at)
     values ($1, $2, $3, $4, case when $4 = 'running' then null else now() end)`,
    [run.id, run.creativeId, run.assetsHash, run.state],
  );
}

/** What a run found: its measurement, or why it measured nothing. */
export async function finishCreativeQa(
  db: Queryable,
  id: string,
  outcome: {
    state: CreativeQaState;
    results: CreativeQaMeasurement | null;
    reason: string | null;
    assetsHash?: string;
  },
): Promise<void> {
  await db.query(
    `update creative_qa set state = $2, results = $3, reason = $4, measured_at = now(),
       assets_hash = coalesce($5, assets_hash)
     where id = $1`,
    [
      id,
      outcome.state,
      outcome.results === null ? null : JSON.stringify(outcome.results),
      outcome.reason,
      outcome.assetsHash ?? null,
    ],
  );
}
