// What a client reads of its advertisers' campaigns (docs/security.md, "Client access"): no schedules
// (their recipients are the owner's business), no owner address, and no costs (rate, budget, its spend,
// pacing) unless the campaign's advertiser lets its clients see costs (`clientSeesCosts`).
import { type Actor, clientSeesCosts } from '@adconsole/domain';
import type { Queryable } from '../../db/database';
import { listAdvertisersByIds } from '../../db/queries/advertisers';

interface AnsweredCampaign {
  advertiserId: string;
  data: { rate: unknown; budget: unknown };
  scheduledReports: unknown[];
  pacing: unknown;
  budgetStatus?: unknown;
  ownerEmail?: string;
}

/** Whether the client sees the costs of each of these advertisers, by id. */
export async function costsSeenByClient(
  db: Queryable,
  user: Actor,
  advertiserIds: readonly string[],
): Promise<Map<string, boolean>> {
  const rows = await listAdvertisersByIds(db, [...new Set(advertiserIds)]);
  return new Map(
    rows.map((row) => [row.id, clientSeesCosts(user, { clientSeesCosts: row.client_sees_costs })]),
  );
}

/** The campaigns as `user` reads them: unchanged for anyone but a client. */
export async function asReadBy<C extends AnsweredCampaign>(
  db: Queryable,
  user: Actor,
  campaigns: C[],
): Promise<C[]> {
  if (user.role !== 'client') return campaigns;
  const sees = await costsSeenByClient(
    db,
    user,
    campaigns.map((campaign) => campaign.advertiserId),
  );
  return campaigns.map((campaign) => {
    const { ownerEmail: _owner, ...rest } = campaign;
    const read = { ...rest, scheduledReports: [] } as unknown as C;
    if (sees.get(campaign.advertiserId) === true) return read;
    return {
      ...read,
      data: { ...read.data, rate: null, budget: null },
      pacing: null,
      ...('budgetStatus' in read ? { budgetStatus: null } : {}),
    };
  });
}
