// Delivery rules (docs/serving.md, "Delivery rules"): the `delivery_rules` column of campaigns and of
// creatives, each the stored rule set (`{}`: none), set whole.
import type { DeliveryRules } from '@adconsole/domain';
import type { Queryable } from '../database';
import type { CampaignRow } from './campaigns';
import type { CreativeRow } from './creatives';

export async function updateCampaignDeliveryRules(
  db: Queryable,
  campaignId: string,
  rules: DeliveryRules,
): Promise<CampaignRow | undefined> {
  const [row] = await db.query<CampaignRow>(
    'update campaigns set delivery_rules = $2, updated_at = now() where id = $1 returning *',
    [campaignId, rules],
  );
  return row;
}

export async function updateCreativeDeliveryRules(
  db: Queryable,
  creativeId: string,
  rules: DeliveryRules,
): Promise<CreativeRow | undefined> {
  const [row] = await db.query<CreativeRow>(
    'update creatives set delivery_rules = $2, updated_at = now() where id = $1 returning *',
    [creativeId, rules],
  );
  return row;
}
