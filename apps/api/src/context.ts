// What every route handler and service can reach: configuration, database, mail, file storage, the
// server's HMAC key and the upload slots.

import type { BackgroundTasks } from './background';
import type { Config } from './config';
import type { Database } from './db/database';
import type { EventBus } from './services/events/bus/event-bus';
import type { RequestCounter } from './services/events/request-counter';
import type { RequestFactsCounter } from './services/events/request-facts';
import type { EventStore } from './services/events/store';
import type { TrackedEvent } from './services/events/tracked-event';
import type { EventWriter } from './services/events/writer';
import type { DiskObjectStore } from './services/object-store/disk';
import type { ObjectBucket, ObjectStore } from './services/object-store/store';
import type { Mailer } from './services/outbound/mail';
import type { ReportWorkerThread } from './services/reports/report-worker-thread';
import type { BudgetGates } from './services/serving/budgets';
import type { ConversionLedger } from './services/serving/conversion-ledger';
import type { DeviceHistories } from './services/serving/device-histories';
import type { EvenThrottles } from './services/serving/even-delivery';
import type { LiveCreativeCache } from './services/serving/live-creatives';
import type { PlacementCache } from './services/serving/placements';
import type { TrafficQuality } from './services/serving/traffic-quality';

/**
 * How many asset uploads run at once in this process: a slot each, a bounded queue waiting for one, a
 * 503 beyond it (services/campaigns/upload-slots.ts).
 */
export interface UploadSlots {
  /** Waits for a slot (503 when the queue is full); answers the slot's release, which may be called twice. */
  take(): Promise<() => void>;
}

export interface Context {
  config: Config;
  db: Database;
  mailer: Mailer;
  /** The bucket of uploaded assets and generated files (the object store's, on S3 S3_BUCKET). */
  storage: ObjectBucket;
  /** HMAC key: signed ids, device cookies (services/identity/secret.ts). */
  secret: Buffer;
  /**
   * The other key of a rotation (SERVER_SECRET_PREVIOUS: the one `secret` replaced, or will replace it):
   * accepted on the event log's messages and on tracking beacons and clicks, never used to sign.
   */
  previousSecret: Buffer | undefined;
  uploadSlots: UploadSlots;
  /**
   * The event store (PostgreSQL by default), its group-commit writer, `record`, where the tracking
   * routes send an event: the writer, or with EVENTS_BUS the event log (`bus`), whose consumer feeds the
   * writer (it resolves once the event is durable: committed, journalled, or in the log), and the ad
   * requests counted by outcome, served or not and why (written to the store about once a second).
   */
  events: {
    store: EventStore;
    writer: EventWriter;
    bus: EventBus | undefined;
    record(event: TrackedEvent): Promise<void>;
    /** Whether `record` made this impression's event of this type durable lately: a repeat (durable-events.ts). */
    repeated(impressionId: string, type: string): boolean;
    requests: RequestCounter;
    /** The ad requests by hour and facts, the inventory forecast's history (services/events/request-facts.ts). */
    requestFacts: RequestFactsCounter;
  };
  /** The conversions' group commit: ledger rows and their events in one transaction (docs/conversions.md). */
  conversions: ConversionLedger;
  /** Live creatives the ad server answers for, cached for a few seconds. */
  liveCreatives: LiveCreativeCache;
  /** Placements (one tag, several creatives) as serving reads them, cached for a few seconds. */
  placements: PlacementCache;
  /** Each evenly delivered campaign's throttle in this process (docs/serving.md, "Even delivery"). */
  throttles: EvenThrottles;
  /** Each budgeted campaign's allowance in this process (docs/serving.md, "Budgets in money"). */
  budgets: BudgetGates;
  /** The devices' cap histories: each capped ad served to a device appended under its row's lock, batched. */
  deviceHistories: DeviceHistories;
  /** The serving edge's invalid-traffic classifier and rate rule (in memory, per process). */
  traffic: TrafficQuality;
  /** The file manager's buckets: S3 when configured, else folders on disk (then also `diskFiles`). */
  files: ObjectStore;
  /** The embedded file store, whose signed URLs the API answers itself; undefined on S3. */
  diskFiles: DiskObjectStore | undefined;
  /** Work after the answer (link mails): tracked, so shutdown and tests can wait for it to finish. */
  background: BackgroundTasks;
  /** Builds report files in a worker thread, off the event loop. */
  reportWorker: ReportWorkerThread;
  /** The process's state for the load balancer: `draining` from SIGTERM until it exits (http/drain.ts). */
  lifecycle: { draining: boolean };
  log: (line: string) => void;
  /** The time now in ms (pacing's `now`, the serving edge's minute); tests pin it. Date.now when absent. */
  clock?: () => number;
}
