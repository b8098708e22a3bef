// The placements table (docs/serving.md, "Placements"): a campaign's creatives served in rotation by one tag, and its queries.
import type { RotationItem, RotationMode } from '@adconsole/domain';
import type { Queryable } from '../database';

export interface PlacementRow {
  id: string;
  campaign_id: string;
  name: string;
  kind: 'Banner' | 'VAST' | 'VPAID';
  width: number;
  height: number;
  mode: RotationMode;
  items: RotationItem[];
  created_at: Date;
  updated_at: Date;
}

export type NewPlacement = Omit<PlacementRow, 'created_at' | 'updated_at'>;

/** The placement, or undefined. */
export async function findPlacement(db: Queryable, id: string): Promise<PlacementRow | undefined> {
  const [row] = await db.query<PlacementRow>('select * from placements where id = $1', [id]);
  return row;
}

/** The placements of a campaign, oldest first. */
export function listPlacementsOfCampaign(db: Queryable, campaignId: string): Promise<PlacementRow[]> {
  return db.query<PlacementRow>('select * from placements where campaign_id = $1 order by created_at, id', [
    campaignId,
  ]);
}

export async function insertPlacement(db: Queryable, placement: NewPlacement): Promise<PlacementRow> {
  const [row] = await db.query<PlacementRow>(
    `insert into placements (id, campaign_id, name, kind, width, height, mode, items)
     values ($1, $2, $3, $4, $5, $6, $7, $8) returning *`,
    [
      placement.id,
      placement.campaign_id,
      placement.name,
      placement.kind,
      placement.width,
      placement.height,
      placement.mode,
      JSON.stringify(placement.items),
    ],
  );
  return row as PlacementRow;
}

/** A new name and rotation; answers the row as it now is. */
export async function updatePlacement(
  db: Queryable,
  id: string,
  change: { name: string; mode: RotationMode; items: readonly RotationItem[] },
): Promise<PlacementRow | undefined> {
  const [row] = await db.query<PlacementRow>(
    `update placements set name = $2, mode = $3, items = $4, updated_at = now()
      where id = $1 returning *`,
    [id, change.name, change.mode, JSON.stringify(change.items)],
  );
  return row;
}

/** Whether a row went. */
export async function deletePlacement(db: Queryable, id: string): Promise<boolean> {
  const rows = await db.query<{ id: string }>('delete from placements where id = $1 returning id', [id]);
  return rows.length > 0;
}
