// The conversion_actions table (issue 45, docs/conversions.md): what a campaign counts as a conversion.
import type { ConversionCounting, ConversionType } from '@adconsole/domain';
import type { Queryable } from '../database';

export interface ConversionActionRow {
  id: string;
  campaign_id: string;
  name: string;
  type: ConversionType;
  counting: ConversionCounting;
  lookback_days: number;
  currency: string;
  archived_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

/** A new action; made now unless `created_at` says when (the demo's, made at its flight's start). */
export type NewConversionAction = Omit<ConversionActionRow, 'archived_at' | 'created_at' | 'updated_at'> & {
  created_at?: Date;
};
export type ConversionActionChange = Pick<
  ConversionActionRow,
  'name' | 'type' | 'counting' | 'lookback_days' | 'currency'
>;

/** The action, or undefined. */
export async function findConversionAction(
  db: Queryable,
  id: string,
): Promise<ConversionActionRow | undefined> {
  const [row] = await db.query<ConversionActionRow>('select * from conversion_actions where id = $1', [id]);
  return row;
}

/** A campaign's actions, oldest first (archived ones too). */
export function listConversionActionsOfCampaign(
  db: Queryable,
  campaignId: string,
): Promise<ConversionActionRow[]> {
  return db.query<ConversionActionRow>(
    'select * from conversion_actions where campaign_id = $1 order by created_at, id',
    [campaignId],
  );
}

export async function insertConversionAction(
  db: Queryable,
  action: NewConversionAction,
): Promise<ConversionActionRow> {
  const [row] = await db.query<ConversionActionRow>(
    `insert into conversion_actions
       (id, campaign_id, name, type, counting, lookback_days, currency, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, coalesce($8, now()), coalesce($8, now())) returning *`,
    [
      action.id,
      action.campaign_id,
      action.name,
      action.type,
      action.counting,
      action.lookback_days,
      action.currency,
      action.created_at ?? null,
    ],
  );
  return row as ConversionActionRow;
}

/** New settings; answers the row as it now is, or undefined when there is none. */
export async function updateConversionAction(
  db: Queryable,
  id: string,
  change: ConversionActionChange,
): Promise<ConversionActionRow | undefined> {
  const [row] = await db.query<ConversionActionRow>(
    `update conversion_actions
        set name = $2, type = $3, counting = $4, lookback_days = $5, currency = $6, updated_at = now()
      where id = $1 returning *`,
    [id, change.name, change.type, change.counting, change.lookback_days, change.currency],
  );
  return row;
}

/** Archives (now) or restores the action; answers the row, or undefined when there is none. */
export async function markConversionActionArchived(
  db: Queryable,
  id: string,
  archived: boolean,
): Promise<ConversionActionRow | undefined> {
  const [row] = await db.query<ConversionActionRow>(
    `update conversion_actions set archived_at = ${archived ? 'now()' : 'null'}, updated_at = now()
      where id = $1 returning *`,
    [id],
  );
  return row;
}
