// The identity_limits table: one row per key (an identity, or a client address on a public call) with
// its window's start and its calls in it (services/identity/identity-limit.ts, services/identity/address-limit.ts).
import type { Queryable } from '../database';

/**
 * Counts one call for `key` at `now` in its window of `minutes` (a window over by then starts again),
 * stopping at `max` + 1; answers the calls and the window's start. Concurrent calls on the same key wait
 * for its row.
 */
export async function countIdentityCall(
  db: Queryable,
  key: string,
  max: number,
  minutes: number,
  now: Date,
): Promise<{ calls: number; window_start: Date | string } | undefined> {
  const [row] = await db.query<{ calls: number; window_start: Date | string }>(
    `insert into identity_limits as l (key, window_start, calls) values ($1, $2::timestamptz, 1)
     on conflict (key) do update set
       window_start = case when l.window_start <= $2::timestamptz - interval '${minutes} minutes'
                           then $2::timestamptz else l.window_start end,
       calls = case when l.window_start <= $2::timestamptz - interval '${minutes} minutes'
                    then 1 else least(l.calls + 1, $3::int + 1) end
     returning calls, window_start`,
    [key, now.toISOString(), max],
  );
  return row;
}

/** Up to 20 windows over for `minutes` before `now` go. */
export async function deleteEndedWindows(db: Queryable, minutes: number, now: Date): Promise<void> {
  await db.query(
    `delete from identity_limits where key in (select key from identity_limits
      where window_start < $1::timestamptz - interval '${minutes} minutes' limit 20)`,
    [now.toISOString()],
  );
}
