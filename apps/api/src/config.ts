// Server configuration: every setting comes from an environment variable, validated once at start so
// a typo stops the server with a message naming the variable instead of failing on first use. This file
// holds the server's own settings and puts the areas' together (config/: addresses, events, files, mail,
// limits, privacy; each with its variables' schema and how they are read).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PrivacySettings } from '@adconsole/domain';
import { z } from 'zod';
import {
  addressesEnv,
  type TrustProxy,
  trustProxyValue,
  type WebhookRules,
  webhookRules,
} from './config/addresses';
import { ConfigError, hostList, optional, trueOrFalse, urlString, wholeNumber } from './config/env';
import { eventBusConfig } from './config/event-bus';
import { eventsConfig, eventsEnv, eventsJournalDir, eventsJournalMaxBytes } from './config/events';
import { type FileManagerConfig, fileManagerConfig, filesEnv, type S3Config, s3Config } from './config/files';
import {
  apiTokenRequestsPerMinute,
  type LimitsConfig,
  limitsConfig,
  limitsEnv,
  type TrafficConfig,
  trafficConfig,
} from './config/limits';
import { type MailConfig, mailConfig, mailEnv } from './config/mail';
import { privacyConfig, privacyEnv } from './config/privacy';
import type { EventBusConfig } from './services/events/bus/link';
import type { EventsConfig } from './services/events/clickhouse';

export { ConfigError };

/** The server's settings; the company's addresses and mail (MailConfig) among them. */
export interface Config extends MailConfig {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  s3: S3Config | undefined;
  consoleDir: string;
  demoPassword: string | undefined;
  /** Seed the demo account and campaign on an empty database (DEMO_DATA=false turns it off). */
  demoData: boolean;
  /** Days of demo events before today (DEMO_DAYS, 90 by default; a journey that restarts the product takes fewer). */
  demoDays: number;
  logLevel: string;
  /** Which proxies may set X-Forwarded-For (TRUST_PROXY). */
  trustProxy: TrustProxy;
  /** The origin ad tags load from (the serving routes); PUBLIC_URL unless AD_SERVING_URL is set. */
  adServingUrl: string;
  /** The IAB TCF vendor id in the tags' `${GDPR_CONSENT_<id>}` and `${GPP_STRING_<id>}` (TCF_VENDOR_ID). */
  tcfVendorID: number;
  /** What the privacy signals mean (TCF_VENDOR_ID, PRIVACY_*: config/privacy.ts, docs/privacy.md). */
  privacy: PrivacySettings;
  /**
   * Click-tracker hosts a deployment honours in `?click=` beside each platform's own (CLICK_PREFIX_HOSTS,
   * comma-separated; each covers its subdomains).
   */
  clickPrefixHosts: string[];
  /** HMAC key for signed ids and device cookies; from SERVER_SECRET or DATA_DIR/secret.key. */
  serverSecret: string | undefined;
  /**
   * The other key during a rotation (SERVER_SECRET_PREVIOUS), accepted and never used to sign, on the event
   * log's messages and tracking beacons and clicks: the key SERVER_SECRET replaced, or, in the rotation's
   * first step, the key that will replace it (docs/deploy.md "Rotating SERVER_SECRET").
   */
  serverSecretPrevious: string | undefined;
  /** Uploads processed at once per process; further ones wait (up to 8 × this) or get 503. */
  uploadConcurrency: number;
  /** Mail links are logged only in development (NODE_ENV=development); otherwise only the outbox has them. */
  logMailLinks: boolean;
  /** How often this process polls the jobs table (scheduled reports), in seconds; 0 turns it off. */
  jobPollSeconds: number;
  /** Where a webhook may go beyond public hosts on ports 80 and 443 (WEBHOOK_ALLOWED_HOSTS, WEBHOOK_ALLOWED_PORTS). */
  webhooks: WebhookRules;
  /**
   * After SIGTERM, how long the process keeps answering (its health check failing) before it stops
   * accepting connections (DRAIN_SECONDS): the load balancer's time to take it out (docs/deploy.md).
   */
  drainSeconds: number;
  /**
   * Where tracked events are made durable before their request is answered (EVENTS_JOURNAL_DIR, default
   * DATA_DIR/journal), or undefined: answered only once the event's batch has committed in the store.
   * EVENTS_JOURNAL: on by default with DATABASE_URL or EVENTS_URL, off on PGlite (services/events/journal.ts,
   * docs/serving.md "The event journal").
   */
  eventsJournalDir: string | undefined;
  /**
   * The event log between the API processes and the store (EVENTS_BUS: NATS JetStream, one URL or a
   * cluster's, comma-separated), or undefined: events go from the writer (and the journal) to the store.
   * With it, a tracking request is answered once the log has its event, and the journal is where events
   * wait while the log does not answer (services/events/bus/, docs/serving.md "The event log").
   */
  /** The journal's ceiling in bytes (EVENTS_JOURNAL_MAX_BYTES): past it, answers wait for the store. */
  eventsJournalMaxBytes: number;
  eventsBus: EventBusConfig | undefined;
  /** The file manager's buckets and limits (FILE_MANAGER_*). */
  fileManager: FileManagerConfig;
  /**
   * ClickHouse's HTTP interface for raw events and rollups (EVENTS_URL, its path naming the database,
   * `adconsole` by default); undefined keeps events in the main database.
   */
  events: EventsConfig | undefined;
  /** Requests a minute one personal API token may make (API_TOKEN_RATE_LIMIT), counted in the database. */
  apiTokenRequestsPerMinute: number;
  /**
   * The serving hot path's two hand-made pieces switched back to the library calls they replace
   * (SERVING_LIBRARY_CALLS): answers compressed by zlib instead of spliced from their templates, HMACs
   * by `createHmac` instead of the key's padded blocks. The same answers, a few µs more each
   * (services/hmac.ts, services/serving/gzip-template.ts).
   */
  servingLibraryCalls: boolean;
  /**
   * The Chromium creative QA measures with (CREATIVE_QA_CHROMIUM: a path, or `off`; by default
   * CHROMIUM_PATH or Debian's), or undefined: QA answers "not measured" and publishing is not blocked
   * (docs/deploy.md, "Chromium for creative QA").
   */
  creativeQaChromium: string | undefined;
  /** The second security review's limits (docs/security.md). */
  limits: LimitsConfig;
  /** Invalid-traffic filtering at the serving edge (docs/traffic-quality.md). */
  traffic: TrafficConfig;
}

/** The server's own variables; each area's come from its module in config/. */
const serverEnv = z.object({
  PORT: wholeNumber(0, 65535),
  HOST: optional,
  PUBLIC_URL: optional.pipe(urlString(['http:', 'https:']).optional()),
  DATA_DIR: optional,
  DATABASE_URL: optional.pipe(urlString(['postgres:', 'postgresql:']).optional()),
  CONSOLE_DIR: optional,
  DEMO_PASSWORD: optional.pipe(z.string().min(6, 'must be at least 6 characters').optional()),
  AD_SERVING_URL: optional.pipe(urlString(['http:', 'https:']).optional()),
  DEMO_DATA: trueOrFalse,
  SERVING_LIBRARY_CALLS: trueOrFalse,
  DEMO_DAYS: optional.pipe(
    z.coerce.number<string | undefined>().int('must be a whole number of days').min(1).max(366).optional(),
  ),
  SERVER_SECRET: optional.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  SERVER_SECRET_PREVIOUS: optional.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  UPLOAD_CONCURRENCY: wholeNumber(1, 64),
  NODE_ENV: optional,
  JOB_POLL_SECONDS: wholeNumber(0, 3600),
  DRAIN_SECONDS: wholeNumber(0, 300),
  CREATIVE_QA_CHROMIUM: optional,
  CHROMIUM_PATH: optional,
  LOG_LEVEL: optional.pipe(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional()),
});

const envSchema = z.object({
  ...serverEnv.shape,
  ...mailEnv.shape,
  ...filesEnv.shape,
  ...addressesEnv.shape,
  ...eventsEnv.shape,
  ...limitsEnv.shape,
  ...privacyEnv.shape,
});

/** Where the console's build output lives relative to this module, in the repo and in the bundle. */
function defaultConsoleDir(moduleUrl: string = import.meta.url): string {
  const here = path.dirname(fileURLToPath(moduleUrl));
  // src/config.ts and dist/main.js both sit one level below apps/api.
  const candidate = path.resolve(here, '../../console/dist');
  return existsSync(candidate) ? candidate : path.resolve(process.cwd(), 'apps/console/dist');
}

/** SERVER_SECRET_PREVIOUS: only beside a SERVER_SECRET it differs from (a rotation has two keys). */
function previousSecret(current: string | undefined, previous: string | undefined): string | undefined {
  if (previous === undefined) return undefined;
  if (current === undefined)
    throw new ConfigError(
      'SERVER_SECRET_PREVIOUS',
      'applies only beside SERVER_SECRET (the other key of a rotation)',
    );
  if (previous === current)
    throw new ConfigError(
      'SERVER_SECRET_PREVIOUS',
      'is SERVER_SECRET itself: set it to the other key of the rotation',
    );
  return previous;
}

/** Debian's Chromium, where creative QA looks for it when neither variable names one. */
const DEBIAN_CHROMIUM = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

/** CREATIVE_QA_CHROMIUM (`off` turns QA off), else CHROMIUM_PATH, else Debian's Chromium if installed. */
function creativeQaChromium(
  setting: string | undefined,
  chromiumPath: string | undefined,
): string | undefined {
  if (setting === 'off') return undefined;
  if (setting !== undefined) {
    if (!existsSync(setting)) throw new ConfigError('CREATIVE_QA_CHROMIUM', `no Chromium at ${setting}`);
    return setting;
  }
  return [...(chromiumPath ? [chromiumPath] : []), ...DEBIAN_CHROMIUM].find((candidate) =>
    existsSync(candidate),
  );
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const variable = String(issue?.path[0] ?? 'environment');
    throw new ConfigError(variable, issue?.message ?? 'invalid value');
  }
  const e = parsed.data;
  const port = e.PORT ?? 4000;
  const s3 = s3Config(e);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, '');
  return {
    port,
    host: e.HOST ?? '0.0.0.0',
    publicUrl,
    dataDir: path.resolve(e.DATA_DIR ?? './data'),
    databaseUrl: e.DATABASE_URL,
    ...mailConfig(e),
    s3,
    consoleDir: path.resolve(e.CONSOLE_DIR ?? defaultConsoleDir()),
    demoPassword: e.DEMO_PASSWORD,
    demoData: !(e.DEMO_DATA === 'false' || e.DEMO_DATA === '0'),
    demoDays: e.DEMO_DAYS ?? 90,
    logLevel: e.LOG_LEVEL ?? 'info',
    trustProxy: trustProxyValue(e.TRUST_PROXY) ?? false,
    adServingUrl: (e.AD_SERVING_URL ?? publicUrl).replace(/\/+$/, ''),
    tcfVendorID: privacyConfig(e).tcfVendorId,
    privacy: privacyConfig(e),
    clickPrefixHosts: hostList(e.CLICK_PREFIX_HOSTS),
    webhooks: webhookRules(e),
    serverSecret: e.SERVER_SECRET,
    serverSecretPrevious: previousSecret(e.SERVER_SECRET, e.SERVER_SECRET_PREVIOUS),
    uploadConcurrency: e.UPLOAD_CONCURRENCY ?? 4,
    logMailLinks: e.NODE_ENV === 'development',
    jobPollSeconds: e.JOB_POLL_SECONDS ?? 15,
    drainSeconds: e.DRAIN_SECONDS ?? 0,
    eventsJournalDir: eventsJournalDir(e, e.DATABASE_URL, e.DATA_DIR),
    eventsJournalMaxBytes: eventsJournalMaxBytes(e),
    eventsBus: eventBusConfig(e),
    fileManager: fileManagerConfig(e, s3),
    events: eventsConfig(e),
    apiTokenRequestsPerMinute: apiTokenRequestsPerMinute(e),
    servingLibraryCalls: e.SERVING_LIBRARY_CALLS === 'true' || e.SERVING_LIBRARY_CALLS === '1',
    creativeQaChromium: creativeQaChromium(e.CREATIVE_QA_CHROMIUM, e.CHROMIUM_PATH),
    limits: limitsConfig(e),
    traffic: trafficConfig(e),
  };
}
