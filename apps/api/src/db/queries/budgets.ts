// What a campaign's budget reads from the database (services/serving/budgets.ts): its live creatives, removed
// ones too (their events were spent), with when each was published (no event of the campaign is older).
import type { Queryable } from '../database';

/** The campaign's live creatives (removed ones too) and when each was published. */
export function listBudgetLives(
  db: Queryable,
  campaignId: string,
): Promise<{ id: string; created_at: Date | string }[]> {
  return db.query<{ id: string; created_at: Date | string }>(
    'select id, created_at from live_creatives where campaign_id = $1',
    [campaignId],
  );
}
