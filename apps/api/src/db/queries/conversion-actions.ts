// The conversion_actions table (docs/conversions.md): what a campaign counts as a conversion.
import type { ConversionCounting, ConversionType, UnsignedConversions } from '@adconsole/domain';
import type { Queryable } from '../database';

export interface ConversionActionRow {
  id: string;
  campaign_id: string;
  name: string;
  type: ConversionType;
  counting: ConversionCounting;
  lookback_days: number;
  currency: string;
  /** Which conversions count without the postback key. */
  unsigned: UnsignedConversions;
  /** Under "every": the most conversions one click counts. */
  max_per_click: number;
  /** The most one conversion may be worth, in the minor unit; null: no maximum. */
  max_value_minor: number | string | null;
  /** SHA-256 (hex) of the postback key; null until one is made. */
  postback_key_hash: string | null;
  postback_key_hint: string | null;
  postback_key_created_at: Date | null;
  archived_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

/** A new action; made now unless `created_at` says when (the demo's, made at its flight's start). */
export type ConversionActionChange = Pick<
  ConversionActionRow,
  | 'name'
  | 'type'
  | 'counting'
  | 'lookback_days'
  | 'currency'
  | 'unsigned'
  | 'max_per_click'
  | 'max_value_minor'
>;
export type NewConversionAction = Pick<ConversionActionRow, 'id' | 'campaign_id'> &
  ConversionActionChange & { created_at?: Date };

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
       (id, campaign_id, name, type, counting, lookback_days, currency, unsigned, max_per_click,
        max_value_minor, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, coalesce($11, now()), coalesce($11, now())) returning *`,
    [
      action.id,
      action.campaign_id,
      action.name,
      action.type,
      action.counting,
      action.lookback_days,
      action.currency,
      action.unsigned,
      action.max_per_click,
      action.max_value_minor,
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
        set name = $2, type = $3, counting = $4, lookback_days = $5, currency = $6, unsigned = $7,
            max_per_click = $8, max_value_minor = $9, updated_at = now()
      where id = $1 returning *`,
    [
      id,
      change.name,
      change.type,
      change.counting,
      change.lookback_days,
      change.currency,
      change.unsigned,
      change.max_per_click,
      change.max_value_minor,
    ],
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

/** A new postback key's hash and hint (the key itself is never stored); answers the row as it now is. */
export async function setPostbackKey(
  db: Queryable,
  id: string,
  key: { hash: string; hint: string },
): Promise<ConversionActionRow | undefined> {
  const [row] = await db.query<ConversionActionRow>(
    `update conversion_actions
        set postback_key_hash = $2, postback_key_hint = $3, postback_key_created_at = now(), updated_at = now()
      where id = $1 returning *`,
    [id, key.hash, key.hint],
  );
  return row;
}

/** Whether the action has counted a conversion (its currency is then fixed). */
export async function hasCountedConversions(
  db: Queryable,
  actionIds: readonly string[],
): Promise<Set<string>> {
  if (actionIds.length === 0) return new Set();
  const rows = await db.query<{ action_id: string }>(
    `select a.id as action_id from unnest($1::text[]) as a(id)
      where exists (select 1 from conversions c where c.action_id = a.id and c.reason is null)`,
    [[...actionIds]],
  );
  return new Set(rows.map((row) => row.action_id));
}
