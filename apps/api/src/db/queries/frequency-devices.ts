// The cap history of devices known by their advertising id (docs/serving.md, "Frequency caps";
// migration 0042): one row per device key (the HMAC of the id), its history's text.
import type { Queryable } from '../database';

/** The history text of a device; undefined when it has none. */
export async function readDeviceHistory(db: Queryable, deviceKey: string): Promise<string | undefined> {
  const [row] = await db.query<{ history: string }>(
    'select history from frequency_devices where device_key = $1',
    [deviceKey],
  );
  return row?.history;
}

/** Stores a device's history (replacing what it had: the last served ad of two at once wins). */
export async function writeDeviceHistory(
  db: Queryable,
  deviceKey: string,
  history: string,
  at: Date,
): Promise<void> {
  await db.query(
    `insert into frequency_devices (device_key, history, updated_at) values ($1, $2, $3)
     on conflict (device_key) do update set history = excluded.history, updated_at = excluded.updated_at`,
    [deviceKey, history, at],
  );
}
