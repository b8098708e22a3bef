// The cap history of devices known by their advertising id (docs/serving.md, "Frequency caps";
// migration 0042): one row per device key (the HMAC of the id), its history's text. A served ad is
// appended under the row's lock (a batch's rows locked in key order), never written over another
// request's: so concurrent requests of one device, on one process or several, cannot all pass its cap.
import type { Queryable } from '../database';

/** The history text of a device; undefined when it has none. */
export async function readDeviceHistory(db: Queryable, deviceKey: string): Promise<string | undefined> {
  const [row] = await db.query<{ history: string }>(
    'select history from frequency_devices where device_key = $1',
    [deviceKey],
  );
  return row?.history;
}

/**
 * Rows (with an empty history) for the devices of `keys` that have none yet, so that the batch can lock
 * every device it judges: a second process inserting the same new device waits for this one to commit.
 */
export async function insertMissingDevices(tx: Queryable, keys: readonly string[], at: Date): Promise<void> {
  await tx.query(
    `insert into frequency_devices (device_key, history, updated_at)
     select key, '', $2 from unnest($1::text[]) as key order by key
     on conflict (device_key) do nothing`,
    [keys, at.toISOString()],
  );
}

/** The histories of `keys`, their rows locked until the transaction ends (in key order: no deadlock). */
export async function lockDeviceHistories(
  tx: Queryable,
  keys: readonly string[],
): Promise<Map<string, string>> {
  const rows = await tx.query<{ device_key: string; history: string }>(
    `select device_key, history from frequency_devices where device_key = any($1::text[])
     order by device_key for update`,
    [keys],
  );
  return new Map(rows.map((row) => [row.device_key, row.history]));
}

/** Writes the histories of locked rows, one statement for the batch. */
export async function updateDeviceHistories(
  tx: Queryable,
  rows: readonly { key: string; history: string; at: Date }[],
): Promise<void> {
  if (rows.length === 0) return;
  await tx.query(
    `update frequency_devices as device set history = batch.history, updated_at = batch.at
     from unnest($1::text[], $2::text[], $3::timestamptz[]) as batch(device_key, history, at)
     where device.device_key = batch.device_key`,
    [rows.map((row) => row.key), rows.map((row) => row.history), rows.map((row) => row.at.toISOString())],
  );
}

/** Deletes the rows of devices served nothing since `before`; answers how many went. */
export async function deleteDeviceHistoriesBefore(db: Queryable, before: Date): Promise<number> {
  const rows = await db.query<{ device_key: string }>(
    'delete from frequency_devices where updated_at < $1 returning device_key',
    [before],
  );
  return rows.length;
}

/** How many devices have a history (the flood tests count them). */
export async function countDeviceHistories(db: Queryable): Promise<number> {
  const [row] = await db.query<{ count: string | number }>('select count(*) as count from frequency_devices');
  return Number(row?.count ?? 0);
}
