// The assets table: a creative's uploaded files (the stored file, its name and measures) and queries.
import type { Queryable } from '../database';

export interface AssetRow {
  id: string;
  creative_id: string;
  file_name: string;
  filename: string;
  name: string;
  upload_type: string;
  width: number | null;
  height: number | null;
  duration: number | null;
  bitrate?: number | null;
}

/** The assets of these creatives, oldest first. */
export function listAssetsOfCreatives(db: Queryable, creativeIds: readonly string[]): Promise<AssetRow[]> {
  return db.query<AssetRow>(
    'select * from assets where creative_id = any($1::text[]) order by created_at, id',
    [[...creativeIds]],
  );
}

/** The stored files the creative's assets use. */
export async function listAssetFilesOfCreative(db: Queryable, creativeId: string): Promise<string[]> {
  const rows = await db.query<{ file_name: string }>('select file_name from assets where creative_id = $1', [
    creativeId,
  ]);
  return rows.map((row) => row.file_name);
}

/** The stored files the assets of the campaign's creatives use. */
export async function listAssetFilesOfCampaign(db: Queryable, campaignId: string): Promise<string[]> {
  const rows = await db.query<{ file_name: string }>(
    'select a.file_name from assets a join creatives c on c.id = a.creative_id where c.campaign_id = $1',
    [campaignId],
  );
  return rows.map((row) => row.file_name);
}

/** Whether any asset uses the stored file (a duplicated creative shares its files). */
export async function isFileUsedByAsset(db: Queryable, fileName: string): Promise<boolean> {
  const [used] = await db.query('select 1 from assets where file_name = $1 limit 1', [fileName]);
  return used !== undefined;
}

export async function insertAsset(db: Queryable, asset: AssetRow): Promise<void> {
  await db.query(
    `insert into assets (id, creative_id, file_name, filename, name, upload_type, width, height, duration, bitrate)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      asset.id,
      asset.creative_id,
      asset.file_name,
      asset.filename,
      asset.name,
      asset.upload_type,
      asset.width,
      asset.height,
      asset.duration,
      asset.bitrate ?? null,
    ],
  );
}

/** Copies of the creative's assets (new ids, the same files) for another creative. */
export async function copyAssets(db: Queryable, fromCreativeId: string, toCreativeId: string): Promise<void> {
  await db.query(
    `insert into assets (id, creative_id, file_name, filename, name, upload_type, width, height, duration, bitrate)
     select md5(random()::text || id)::varchar(24), $2, file_name, filename, name, upload_type, width, height, duration, bitrate
       from assets where creative_id = $1`,
    [fromCreativeId, toCreativeId],
  );
}

/** The creative's HTML5 assets go; answers them. */
export function deleteHtml5Assets(db: Queryable, creativeId: string): Promise<AssetRow[]> {
  return db.query<AssetRow>(
    `delete from assets where creative_id = $1 and upload_type = 'html5' returning *`,
    [creativeId],
  );
}

export async function updateAssetName(db: Queryable, id: string, name: string): Promise<void> {
  await db.query('update assets set name = $2 where id = $1', [id, name]);
}

export async function deleteAssets(db: Queryable, ids: readonly string[]): Promise<void> {
  await db.query('delete from assets where id = any($1::text[])', [[...ids]]);
}

/** The asset goes when it belongs to the creative; answers it (undefined when there was none). */
export async function deleteAssetOfCreative(
  db: Queryable,
  id: string,
  creativeId: string,
): Promise<AssetRow | undefined> {
  const [asset] = await db.query<AssetRow>(
    'delete from assets where id = $1 and creative_id = $2 returning *',
    [id, creativeId],
  );
  return asset;
}
