// The server's context (context.ts) opened from the configuration: the database (opened and migrated
// unless given), the event store (ClickHouse or the main database) with its writer and the journal of a
// stopped process, the object stores, mail, the serving edge's traffic rules and the background work.
import path from 'node:path';
import { BackgroundTasks } from './background';
import type { Config } from './config';
import type { Context } from './context';
import { type Database, openDatabase } from './db/database';
import { migrate } from './db/migrate';
import { addRequestFacts } from './db/queries/request-facts';
import { BoundedUploadSlots } from './services/campaigns/upload-slots';
import { openEventBus } from './services/events/bus/event-bus';
import { openClickHouseEventStore } from './services/events/clickhouse';
import { DurableEvents } from './services/events/durable-events';
import { EventJournal } from './services/events/journal';
import { RequestCounter } from './services/events/request-counter';
import { RequestFactsCounter } from './services/events/request-facts';
import { createPostgresEventStore, type EventStore } from './services/events/store';
import { EventWriter } from './services/events/writer';
import { setLibraryHmac } from './services/hmac';
import { loadServerSecret } from './services/identity/secret';
import { openObjectStores } from './services/object-store/open';
import type { ObjectBucket } from './services/object-store/store';
import { createMailer } from './services/outbound/mail';
import { ReportWorkerThread } from './services/reports/report-worker-thread';
import { BudgetGates } from './services/serving/budgets';
import { ConversionLedger } from './services/serving/conversion-ledger';
import { createCountryLookup } from './services/serving/country';
import { DeviceHistories } from './services/serving/device-histories';
import { EvenThrottles } from './services/serving/even-delivery';
import { setLibraryGzip } from './services/serving/gzip-template';
import { loadHostingRanges } from './services/serving/hosting-ranges';
import { LiveCreativeCache } from './services/serving/live-creatives';
import { PlacementCache } from './services/serving/placements';
import { TrafficQuality } from './services/serving/traffic-quality';

export interface AppOptions {
  /** An open, migrated database; when absent the app opens and migrates the configured one and closes it on close. */
  db?: Database;
  /**
   * Close `db` when the app closes, after its last writes (the ad request counts, reach, the events
   * held): the process's own database (main.ts). A separate `onClose` hook added after the app's would
   * run before it (Fastify runs them last added first) and close the database under those writes.
   */
  closesDb?: boolean;
  /** The bucket of uploaded assets and generated files; by default the configured object store's. */
  storage?: ObjectBucket;
  /** The event store; by default ClickHouse when EVENTS_URL is set, otherwise the main database. */
  eventStore?: EventStore;
  /** Fastify logging; tests turn it off. */
  logger?: boolean;
  /** Where log lines go (JSON, one a line); standard output by default. */
  logStream?: { write(line: string): void };
  /**
   * Where the outbox's "Mail to … written to …" lines go; the info log by default. `npm start` prints
   * them as plain lines beside its banner (main.ts), never a JSON log line among the friendly text.
   */
  outboxLog?: (line: string) => void;
  /** The clock (the serving edge's rate rule's minute, pacing's now; in ms); tests pin it. Date.now by default. */
  clock?: () => number;
  /** The even delivery throttle's random source, uniform in [0, 1); tests seed it. Math.random by default. */
  random?: () => number;
  /**
   * With EVENTS_BUS, answer a tracking request once the store has its event rather than once the log has
   * it: the API tests' setting (they read what they have just sent), as EVENTS_JOURNAL=off is without it.
   */
  eventsAnsweredWhenStored?: boolean;
}

export async function prepareDatabase(config: Config): Promise<Database> {
  const db = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pglite'),
  });
  await migrate(db);
  return db;
}

/** The context, and what closing the app closes beyond it (the ClickHouse store, a database it opened). */
export async function openAppContext(
  config: Config,
  options: AppOptions,
  log: (line: string) => void,
  warn: (line: string) => void = log,
): Promise<{ ctx: Context; close: () => Promise<void> }> {
  const ownsDb = options.db === undefined || options.closesDb === true;
  const db = options.db ?? (await prepareDatabase(config));
  const clickhouse =
    options.eventStore === undefined && config.events !== undefined
      ? await openClickHouseEventStore(config.events, db)
      : undefined;
  const eventStore = options.eventStore ?? clickhouse?.store ?? createPostgresEventStore(db);
  const secret = await loadServerSecret(config);
  const previousSecret =
    config.serverSecretPrevious === undefined ? undefined : Buffer.from(config.serverSecretPrevious, 'utf8');
  // Events another process acknowledged and never wrote (it died) go into the store before this one
  // answers; with the event log, into the log (the bus drains the journal once the log answers).
  const journal =
    config.eventsJournalDir && !config.eventsBus
      ? await EventJournal.open(config.eventsJournalDir, { maxBytes: config.eventsJournalMaxBytes })
      : undefined;
  if (journal) {
    const recovered = await journal.recover((events) => eventStore.writeBatch(events));
    if (recovered > 0) log(`${recovered} events of a stopped process written from the journal`);
  }
  const writer = new EventWriter(eventStore, undefined, journal);
  const bus = config.eventsBus
    ? await openEventBus({
        config: config.eventsBus,
        journalDir: config.eventsJournalDir as string,
        journalMaxBytes: config.eventsJournalMaxBytes,
        writer,
        secrets: previousSecret ? [secret, previousSecret] : [secret],
        log: { info: log, warn },
        answerWhenStored: options.eventsAnsweredWhenStored ?? false,
      })
    : undefined;
  // The hot path's hand-made HMAC and gzip, or the library calls they replace: one choice per process.
  setLibraryHmac(config.servingLibraryCalls);
  setLibraryGzip(config.servingLibraryCalls);
  const objects = openObjectStores(config, secret);
  const liveCreatives = new LiveCreativeCache(db);
  const durableEvents = new DurableEvents();
  const ctx: Context = {
    config,
    db,
    storage: options.storage ?? objects.storage,
    mailer: createMailer({
      smtpUrl: config.smtpUrl,
      outboxDir: path.join(config.dataDir, 'outbox'),
      from: `no-reply@${config.companyDomain}`,
      fromName: 'Adconsole',
      log: options.outboxLog ?? log,
      logLinks: config.logMailLinks,
    }),
    secret,
    previousSecret,
    uploadSlots: new BoundedUploadSlots(config.uploadConcurrency, config.uploadConcurrency * 8),
    events: {
      store: eventStore,
      writer,
      bus,
      record: durableEvents.through(
        bus ? (event) => bus.publisher.record(event) : (event) => writer.record(event),
      ),
      repeated: (impressionId, type) => durableEvents.has(impressionId, type),
      requests: new RequestCounter(() => eventStore),
      requestFacts: new RequestFactsCounter((rows) => addRequestFacts(db, rows)),
    },
    conversions: new ConversionLedger(db, eventStore),
    liveCreatives,
    placements: new PlacementCache(db, () => eventStore, liveCreatives),
    throttles: new EvenThrottles(() => ctx, config.traffic.evenDeliveryPeriodMs, options.random),
    budgets: new BudgetGates(() => ctx),
    deviceHistories: new DeviceHistories(
      () => db,
      (line) => ctx.log(line),
    ),
    traffic: new TrafficQuality({
      hosting: await loadHostingRanges(),
      ssaiProxies: config.traffic.ssaiProxies,
      rateLimit: config.traffic.adRequestsPerMinute,
      ...(config.traffic.countryDatabaseFile
        ? { country: createCountryLookup(config.traffic.countryDatabaseFile) }
        : {}),
      ...(options.clock ? { now: options.clock } : {}),
    }),
    files: objects.files,
    diskFiles: objects.diskFiles,
    background: new BackgroundTasks(log),
    reportWorker: new ReportWorkerThread(),
    lifecycle: { draining: false },
    log,
    ...(options.clock ? { clock: options.clock } : {}),
  };
  const close = async () => {
    if (clickhouse) await clickhouse.close();
    if (ownsDb) await db.close();
  };
  return { ctx, close };
}
