// The cap histories of devices known by their advertising id (docs/serving.md, "Device ids in apps and
// on TV"), as one process writes them: every ad with caps served to a device is a reservation, judged
// again against the device's stored history under its row's lock and appended to it only if the caps
// still hold. Reservations are gathered while a batch commits and go in the next one (a group commit,
// as the event writer's): one transaction locks the batch's devices in key order (a new device's row is
// inserted first, so a second process serving it waits for this commit), judges the reservations in
// the order they came, and writes each changed history once. So 20 simultaneous requests of one device
// under a cap of 3 serve 3, on one process or across a fleet, and a flood of made-up ids costs a row
// each in one commit a batch, not a commit each. The rows of devices served nothing for longer than the
// longest cap window are swept once an hour across the fleet (`deviceHistorySweep`).
import {
  decodeHistory,
  encodeHistory,
  type FrequencyHistory,
  PERIOD_HORIZON_MS,
  recordServed,
  servedRank,
  type TagCaps,
  tagCapsHold,
} from '@adconsole/domain';
import type { Database } from '../../db/database';
import {
  deleteDeviceHistoriesBefore,
  insertMissingDevices,
  lockDeviceHistories,
  readDeviceHistory,
  updateDeviceHistories,
} from '../../db/queries/frequency-devices';

/** What a reservation answers: served (with the ad's rank in the device's window, null when not counted), or refused. */
export type Reservation = { served: true; rank: number | null } | { served: false };

interface Pending {
  key: string;
  caps: TagCaps;
  now: number;
  resolve: (reservation: Reservation) => void;
}

/** Reservations a batch takes at most (the rest wait for the next). */
const BATCH_LIMIT = 500;

export class DeviceHistories {
  private pending: Pending[] = [];
  private committing: Promise<void> | undefined;

  constructor(
    private readonly db: () => Database,
    private readonly log: (line: string) => void = () => {},
  ) {}

  /** A device's history as stored (a new device's is empty); a store that cannot answer gives an empty one. */
  async read(key: string): Promise<FrequencyHistory> {
    try {
      const text = await readDeviceHistory(this.db(), key);
      return (text === undefined ? null : decodeHistory(text)) ?? new Map();
    } catch {
      return new Map();
    }
  }

  /**
   * An ad with `caps` to be served to the device `key` at `now`: appended to its history when its caps
   * still hold under the row's lock; refused when another request took the last ad meanwhile.
   */
  reserve(key: string, caps: TagCaps, now: number): Promise<Reservation> {
    return new Promise((resolve) => {
      this.pending.push({ key, caps, now, resolve });
      this.committing ??= this.commitAll();
    });
  }

  /** Commits batches until none is waiting. */
  private async commitAll(): Promise<void> {
    // One turn of the event loop, so the requests arriving together go in one batch.
    await new Promise((resolve) => setImmediate(resolve));
    while (this.pending.length > 0) {
      const batch = this.pending.splice(0, BATCH_LIMIT);
      await this.commit(batch);
    }
    this.committing = undefined;
  }

  private async commit(batch: readonly Pending[]): Promise<void> {
    let answers: Reservation[];
    try {
      answers = await this.db().transaction(async (tx) => {
        const keys = [...new Set(batch.map((reservation) => reservation.key))].sort();
        const latest = Math.max(...batch.map((reservation) => reservation.now));
        await insertMissingDevices(tx, keys, new Date(latest));
        const stored = await lockDeviceHistories(tx, keys);
        const histories = new Map<string, FrequencyHistory>();
        const changed = new Map<string, number>();
        const judged = batch.map(({ key, caps, now }): Reservation => {
          let history = histories.get(key);
          if (history === undefined) {
            history = decodeHistory(stored.get(key) ?? '') ?? new Map();
            histories.set(key, history);
          }
          if (!tagCapsHold(caps, history, now)) return { served: false };
          recordServed(caps, history, now);
          changed.set(key, Math.max(changed.get(key) ?? 0, now));
          return { served: true, rank: servedRank(caps, history, now) };
        });
        await updateDeviceHistories(
          tx,
          [...changed].map(([key, at]) => ({
            key,
            history: encodeHistory(histories.get(key) ?? new Map(), at),
            at: new Date(at),
          })),
        );
        return judged;
      });
    } catch (error) {
      // A store that cannot take the batch: its ads are served uncounted (never a 500), as a new device's.
      this.log(`device histories: ${(error as Error).message}`);
      answers = batch.map(() => ({ served: true, rank: null }));
    }
    batch.forEach((reservation, index) => {
      reservation.resolve(answers[index] ?? { served: false });
    });
  }

  /** Waits for the reservations made so far (a draining process, a test). */
  async settle(): Promise<void> {
    while (this.committing) await this.committing;
  }
}

/** How long a device's row is kept after its last ad: the longest window a cap counts (35 days). */
const DEVICE_HISTORY_KEPT_MS = PERIOD_HORIZON_MS.flight;

/** One sweep at `now`: the rows of devices served nothing within the longest cap window; how many went. */
export const sweepDeviceHistories = (ctx: { db: Database }, now: number): Promise<number> =>
  deleteDeviceHistoriesBefore(ctx.db, new Date(now - DEVICE_HISTORY_KEPT_MS));

/**
 * The sweep as a job kind (services/jobs/kinds.ts: app.ts hands it to the runner), named by what it
 * reads of the context: the context holds `DeviceHistories`, so this module imports neither it nor the
 * jobs (docs/architecture.md, "Inside the API"). Once an hour across the fleet, under its lease.
 */
export const deviceHistorySweep = {
  kind: 'sweep-device-histories',
  onceEveryMs: 60 * 60_000,
  queueDue: async (ctx: { db: Database; clock?: () => number }) => {
    await sweepDeviceHistories(ctx, ctx.clock?.() ?? Date.now());
  },
};
