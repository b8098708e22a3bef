// Server configuration: every setting comes from an environment variable, validated once at start so
// a typo stops the server with a message naming the variable instead of failing on first use.
import { existsSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_AD_REQUESTS_PER_MINUTE, DEFAULT_TCF_VENDOR_ID } from '@adconsole/domain';

/** API_TOKEN_RATE_LIMIT's default: requests a minute per personal API token. */
const DEFAULT_API_TOKEN_REQUESTS_PER_MINUTE = 120;

import { z } from 'zod';
import type { EventBusConfig } from './services/events/bus/link';
import type { EventsConfig } from './services/events/clickhouse';
import { CLICKHOUSE_DATABASE_NAME } from './services/events/clickhouse-migrations';

export interface S3Config {
  bucket: string;
  region: string;
  endpoint: string | undefined;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
}

export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  companyDomain: string;
  /** COMPANY_DOMAIN as written: 'example.com' (exact) or '*.example.com' (its subdomains too). */
  companyEmailRule: string;
  adminEmail: string;
  smtpUrl: string | undefined;
  s3: S3Config | undefined;
  consoleDir: string;
  demoPassword: string | undefined;
  /** Seed the demo account and campaign on an empty database (DEMO_DATA=false turns it off). */
  demoData: boolean;
  /** Days of demo events before today (DEMO_DAYS, 90 by default; a journey that restarts the product takes fewer). */
  demoDays: number;
  logLevel: string;
  /**
   * Which proxies may set X-Forwarded-For: false (none), a hop count, or a list of addresses and CIDR
   * ranges. Fastify takes the right-most address not added by a trusted proxy as the client's.
   */
  trustProxy: false | number | string[];
  /** The origin ad tags load from (the serving routes); PUBLIC_URL unless AD_SERVING_URL is set. */
  adServingUrl: string;
  /** The IAB TCF vendor id in the tags' `${GDPR_CONSENT_<id>}` and `${GPP_STRING_<id>}` (TCF_VENDOR_ID). */
  tcfVendorID: number;
  /**
   * Click-tracker hosts a deployment honours in `?click=` beside each platform's own (CLICK_PREFIX_HOSTS,
   * comma-separated; each covers its subdomains).
   */
  clickPrefixHosts: string[];
  /** HMAC key for signed ids and device cookies; from SERVER_SECRET or DATA_DIR/secret.key. */
  serverSecret: string | undefined;
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
  eventsBus: EventBusConfig | undefined;
  /**
   * The file manager's buckets (FILE_MANAGER_BUCKETS, the first is the default) and their region. On
   * S3 they are buckets of the S3_* store; on the embedded default, folders under DATA_DIR/buckets.
   */
  fileManager: {
    buckets: string[];
    region: string;
    /** Bytes a user's space may hold (FILE_MANAGER_QUOTA_MB); null: no quota. */
    quotaBytes: number | null;
    /** Upload tickets one user may take a minute (FILE_MANAGER_UPLOADS_PER_MINUTE); 0: no limit. */
    uploadsPerMinute: number;
    /** The most keys one folder move or delete touches (FILE_MANAGER_FOLDER_KEY_LIMIT). */
    folderKeyLimit: number;
  };
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
  /** The second security review's limits (docs/security.md). */
  limits: {
    /**
     * Mails one user's lists may send a day (USER_MAILS_PER_DAY, formerly REPORT_MAILS_PER_USER_PER_DAY,
     * still read): scheduled reports, alert mails to chosen recipients and opt-in requests together.
     */
    userMailsPerDay: number;
    /** Report file downloads one share link may build an hour (REPORT_DOWNLOADS_PER_TOKEN_PER_HOUR). */
    reportDownloadsPerTokenPerHour: number;
    /** Report files one user or share link may have being built at once (REPORT_DOWNLOADS_QUEUED_PER_CALLER). */
    reportDownloadsQueuedPerCaller: number;
  };
  /** Invalid-traffic filtering at the serving edge (docs/traffic-quality.md). */
  traffic: {
    /** Ad requests a minute one client may make for one live creative (SERVE_RATE_LIMIT); 0: no limit. */
    adRequestsPerMinute: number;
    /** Server-side ad insertion proxies whose X-Device-IP / X-Device-User-Agent are believed (SSAI_PROXIES). */
    ssaiProxies: string[];
    /** An IP-to-country mmdb file read instead of the packaged one (COUNTRY_DATABASE_FILE). */
    countryDatabaseFile: string | undefined;
    /** How often each process recomputes its even campaigns' throttles, ms (EVEN_DELIVERY_PERIOD_MINUTES, 5). */
    evenDeliveryPeriodMs: number;
  };
}

/** Ports from `from` to `to`, both included (one port: from = to). */
interface PortRange {
  from: number;
  to: number;
}

/**
 * Where a webhook may go beyond the public rule (docs/alerts.md, "Where a webhook may go"): hosts that
 * may be private, loopback or link-local (WEBHOOK_ALLOWED_HOSTS, an admin's choice: an internal
 * receiver; every other such host is refused), and the ports a receiver may listen on, whatever its
 * host (WEBHOOK_ALLOWED_PORTS, 80 and 443 by default).
 */
export interface WebhookRules {
  allowedHosts: readonly string[];
  allowedPorts: readonly PortRange[];
}

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    detail: string,
  ) {
    super(`Invalid environment variable ${variable}: ${detail}`);
    this.name = 'ConfigError';
  }
}

const optional = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));

const urlString = (protocols: string[]) =>
  z.string().refine(
    (value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`,
  );

const bucketNamePattern = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const domainPattern = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;

const envSchema = z.object({
  PORT: optional.pipe(z.coerce.number<string | undefined>().int().min(0).max(65535).optional()),
  HOST: optional,
  PUBLIC_URL: optional.pipe(urlString(['http:', 'https:']).optional()),
  DATA_DIR: optional,
  DATABASE_URL: optional.pipe(urlString(['postgres:', 'postgresql:']).optional()),
  COMPANY_DOMAIN: optional.pipe(
    z
      .string()
      .refine(
        (value) => domainPattern.test(value.replace(/^\*\./, '')),
        'must be a domain name such as example.com (or *.example.com to admit its subdomains)',
      )
      .optional(),
  ),
  ADMIN_EMAIL: optional.pipe(z.email('must be an e-mail address').optional()),
  SMTP_URL: optional.pipe(urlString(['smtp:', 'smtps:']).optional()),
  S3_BUCKET: optional,
  S3_REGION: optional,
  S3_ENDPOINT: optional.pipe(urlString(['http:', 'https:']).optional()),
  S3_ACCESS_KEY_ID: optional,
  S3_SECRET_ACCESS_KEY: optional,
  CONSOLE_DIR: optional,
  DEMO_PASSWORD: optional.pipe(z.string().min(6, 'must be at least 6 characters').optional()),
  TRUST_PROXY: optional.pipe(
    z
      .string()
      .refine(
        (value) => trustProxyValue(value) !== undefined,
        "must be 'false', a hop count (1 for one load balancer) or a comma-separated list of proxy addresses or CIDR ranges ('true', which trusts any sender, is refused)",
      )
      .optional(),
  ),
  AD_SERVING_URL: optional.pipe(urlString(['http:', 'https:']).optional()),
  CLICK_PREFIX_HOSTS: optional.pipe(
    z
      .string()
      .regex(
        /^\s*[a-z0-9.-]+(\s*,\s*[a-z0-9.-]+)*\s*$/i,
        "must be a comma-separated list of host names, such as 'clicks.example.com,tracker.example.net'",
      )
      .optional(),
  ),
  WEBHOOK_ALLOWED_HOSTS: optional.pipe(
    z
      .string()
      .regex(
        /^\s*[a-z0-9.:[\]-]+(\s*,\s*[a-z0-9.:[\]-]+)*\s*$/i,
        "must be a comma-separated list of host names or addresses, such as 'hooks.internal,10.0.0.7'",
      )
      .optional(),
  ),
  WEBHOOK_ALLOWED_PORTS: optional.pipe(
    z
      .string()
      .refine(
        (value) => portRanges(value) !== undefined,
        "must be a comma-separated list of ports and ranges from 1 to 65535, such as '80,443' or '443,8000-8099'",
      )
      .optional(),
  ),
  TCF_VENDOR_ID: optional.pipe(
    z.coerce
      .number<string | undefined>()
      .int('must be a whole number: the vendor id on the IAB Global Vendor List')
      .min(1, 'must be a vendor id on the IAB Global Vendor List (1 or more)')
      .max(99_999, 'must be a vendor id on the IAB Global Vendor List (at most 5 digits)')
      .optional(),
  ),
  DEMO_DATA: optional.pipe(z.enum(['true', 'false', '1', '0'], 'must be true or false').optional()),
  SERVING_LIBRARY_CALLS: optional.pipe(
    z.enum(['true', 'false', '1', '0'], 'must be true or false').optional(),
  ),
  DEMO_DAYS: optional.pipe(
    z.coerce.number<string | undefined>().int('must be a whole number of days').min(1).max(366).optional(),
  ),
  SERVER_SECRET: optional.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  UPLOAD_CONCURRENCY: optional.pipe(z.coerce.number<string | undefined>().int().min(1).max(64).optional()),
  NODE_ENV: optional,
  JOB_POLL_SECONDS: optional.pipe(z.coerce.number<string | undefined>().int().min(0).max(3600).optional()),
  DRAIN_SECONDS: optional.pipe(z.coerce.number<string | undefined>().int().min(0).max(300).optional()),
  EVENTS_JOURNAL: optional.pipe(z.enum(['on', 'off'], 'must be on or off').optional()),
  EVENTS_JOURNAL_DIR: optional,
  EVENTS_BUS: optional.pipe(
    z
      .string()
      .refine(
        (value) => natsServers(value) !== undefined,
        'must be one NATS URL or several, comma-separated (nats://10.0.0.7:4222,nats://10.0.0.8:4222)',
      )
      .optional(),
  ),
  EVENTS_BUS_STREAM: optional.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,48}$/, 'must be 1-48 letters, digits, _ and - (a JetStream stream name)')
      .optional(),
  ),
  EVENTS_BUS_REPLICAS: optional.pipe(z.coerce.number<string | undefined>().int().min(1).max(5).optional()),
  EVENTS_BUS_CONSUMER: optional.pipe(z.enum(['on', 'off'], 'must be on or off').optional()),
  EVENTS_BUS_ACK_WAIT_SECONDS: optional.pipe(
    z.coerce.number<string | undefined>().int().min(1).max(3600).optional(),
  ),
  FILE_MANAGER_BUCKETS: optional.pipe(
    z
      .string()
      .refine(
        (value) => value.split(',').every((name) => bucketNamePattern.test(name.trim())),
        'must be a comma-separated list of bucket names (3-63 lowercase letters, digits, dots and dashes)',
      )
      .optional(),
  ),
  FILE_MANAGER_QUOTA_MB: optional.pipe(
    z.coerce.number<string | undefined>().int().min(0).max(1_048_576).optional(),
  ),
  USER_MAILS_PER_DAY: optional.pipe(
    z.coerce.number<string | undefined>().int().min(1).max(100_000).optional(),
  ),
  /** The name USER_MAILS_PER_DAY had when it counted scheduled reports only: still read (docs/api.md). */
  REPORT_MAILS_PER_USER_PER_DAY: optional.pipe(
    z.coerce.number<string | undefined>().int().min(1).max(100_000).optional(),
  ),
  REPORT_DOWNLOADS_PER_TOKEN_PER_HOUR: optional.pipe(
    z.coerce.number<string | undefined>().int().min(1).max(100_000).optional(),
  ),
  REPORT_DOWNLOADS_QUEUED_PER_CALLER: optional.pipe(
    z.coerce.number<string | undefined>().int().min(1).max(1000).optional(),
  ),
  FILE_MANAGER_UPLOADS_PER_MINUTE: optional.pipe(
    z.coerce.number<string | undefined>().int().min(0).max(10_000).optional(),
  ),
  FILE_MANAGER_FOLDER_KEY_LIMIT: optional.pipe(
    z.coerce.number<string | undefined>().int().min(1).max(1_000_000).optional(),
  ),
  EVENTS_URL: optional.pipe(
    urlString(['http:', 'https:'])
      .refine((value) => {
        const name = new URL(value).pathname.replace(/^\/|\/$/g, '');
        return name === '' || CLICKHOUSE_DATABASE_NAME.test(name);
      }, 'its path must be empty or one ClickHouse database name (letters, digits and _)')
      .optional(),
  ),
  EVENTS_TTL_DAYS: optional.pipe(z.coerce.number<string | undefined>().int().min(1).max(36500).optional()),
  EVENTS_ASYNC_INSERT: optional.pipe(z.enum(['true', 'false', '1', '0'], 'must be true or false').optional()),
  API_TOKEN_RATE_LIMIT: optional.pipe(
    z.coerce.number<string | undefined>().int().min(1).max(100_000).optional(),
  ),
  SERVE_RATE_LIMIT: optional.pipe(z.coerce.number<string | undefined>().int().min(0).max(100_000).optional()),
  EVEN_DELIVERY_PERIOD_MINUTES: optional.pipe(
    z.coerce.number<string | undefined>().int().min(1).max(60).optional(),
  ),
  SSAI_PROXIES: optional.pipe(
    z
      .string()
      .refine(
        (value) => addressList(value) !== undefined,
        'must be a comma-separated list of addresses or CIDR ranges (203.0.113.7, 198.51.100.0/24, 2001:db8::/32)',
      )
      .optional(),
  ),
  COUNTRY_DATABASE_FILE: optional.pipe(
    z
      .string()
      .refine((file) => existsSync(file), 'must name an existing geo-whois-asn-country.mmdb file')
      .optional(),
  ),
  LOG_LEVEL: optional.pipe(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional()),
});

const ipv4 = /^(25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}(\/([0-9]|[12]\d|3[0-2]))?$/;
const ipv6 = /^[0-9a-f:]+(\/(\d|[1-9]\d|1[01]\d|12[0-8]))?$/i;
const namedRanges = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** A comma-separated list of IPv4/IPv6 addresses and CIDR ranges; undefined when one entry is not. */
function addressList(text: string): string[] | undefined {
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  if (entries.length === 0) return undefined;
  const valid = entries.every((entry) => {
    const [address = '', bits, ...rest] = entry.split('/');
    if (rest.length > 0 || (bits !== undefined && !/^\d{1,3}$/.test(bits))) return false;
    const family = isIP(address);
    return family !== 0 && (bits === undefined || Number(bits) <= (family === 4 ? 32 : 128));
  });
  return valid ? entries : undefined;
}

/** WEBHOOK_ALLOWED_PORTS read: '443, 8000-8099' as ranges; undefined when an entry is not a port or range. */
function portRanges(text: string): PortRange[] | undefined {
  const ranges: PortRange[] = [];
  for (const entry of text.split(',')) {
    const match = /^\s*(\d{1,5})(?:\s*-\s*(\d{1,5}))?\s*$/.exec(entry);
    if (!match) return undefined;
    const from = Number(match[1]);
    const to = Number(match[2] ?? match[1]);
    if (from < 1 || to > 65_535 || from > to) return undefined;
    ranges.push({ from, to });
  }
  return ranges;
}

/** TRUST_PROXY as Fastify's trustProxy takes it; undefined when the text is not a valid setting. */
function trustProxyValue(text: string | undefined): Config['trustProxy'] | undefined {
  if (text === undefined || text === 'false' || text === '0') return false;
  if (/^\d+$/.test(text)) return Math.min(Number(text), 10);
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  if (entries.length === 0) return undefined;
  const valid = entries.every(
    (entry) => namedRanges.has(entry) || ipv4.test(entry) || (entry.includes(':') && ipv6.test(entry)),
  );
  return valid ? entries : undefined;
}

/** Where the console's build output lives relative to this module, in the repo and in the bundle. */
function defaultConsoleDir(moduleUrl: string = import.meta.url): string {
  const here = path.dirname(fileURLToPath(moduleUrl));
  // src/config.ts and dist/main.js both sit one level below apps/api.
  const candidate = path.resolve(here, '../../console/dist');
  return existsSync(candidate) ? candidate : path.resolve(process.cwd(), 'apps/console/dist');
}

/** EVENTS_BUS's servers: `nats://` or `tls://` URLs with a host; undefined when one is not. */
function natsServers(text: string): string[] | undefined {
  const servers = text
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  if (servers.length === 0) return undefined;
  const valid = servers.every((server) => {
    try {
      const url = new URL(server);
      return (url.protocol === 'nats:' || url.protocol === 'tls:') && url.hostname !== '';
    } catch {
      return false;
    }
  });
  return valid ? servers : undefined;
}

type ParsedEnv = z.infer<typeof envSchema>;

/** EVENTS_BUS and its companions; its companions without it, or the journal off with it, are refused. */
function eventBusConfig(e: ParsedEnv): EventBusConfig | undefined {
  const servers = e.EVENTS_BUS === undefined ? undefined : natsServers(e.EVENTS_BUS);
  if (servers === undefined) {
    for (const name of [
      'EVENTS_BUS_STREAM',
      'EVENTS_BUS_REPLICAS',
      'EVENTS_BUS_CONSUMER',
      'EVENTS_BUS_ACK_WAIT_SECONDS',
    ] as const) {
      if (e[name] !== undefined)
        throw new ConfigError(name, 'applies only to the event log (set EVENTS_BUS)');
    }
    return undefined;
  }
  if (e.EVENTS_JOURNAL === 'off')
    throw new ConfigError(
      'EVENTS_JOURNAL',
      'cannot be off with EVENTS_BUS: events wait in the journal while the event log does not answer',
    );
  return {
    servers,
    stream: e.EVENTS_BUS_STREAM ?? 'adconsole_events',
    // A cluster's servers are listed: a copy of each message on three of them (or on each, if fewer).
    replicas: e.EVENTS_BUS_REPLICAS ?? Math.min(3, servers.length),
    consume: e.EVENTS_BUS_CONSUMER !== 'off',
    ackWaitSeconds: e.EVENTS_BUS_ACK_WAIT_SECONDS ?? 30,
  };
}

function eventsConfig(
  eventsUrl: string | undefined,
  rawTtlDays: number | undefined,
  asyncInsert: string | undefined,
): EventsConfig | undefined {
  if (eventsUrl === undefined) {
    if (rawTtlDays !== undefined)
      throw new ConfigError('EVENTS_TTL_DAYS', 'applies only to the ClickHouse event store (set EVENTS_URL)');
    if (asyncInsert !== undefined)
      throw new ConfigError(
        'EVENTS_ASYNC_INSERT',
        'applies only to the ClickHouse event store (set EVENTS_URL)',
      );
    return undefined;
  }
  const url = new URL(eventsUrl);
  const database = url.pathname.replaceAll('/', '') || 'adconsole';
  url.pathname = '';
  return {
    url: url.toString().replace(/\/$/, ''),
    database,
    rawTtlDays,
    asyncInsert: asyncInsert === 'true' || asyncInsert === '1',
  };
}

/** USER_MAILS_PER_DAY, or its former name; both set, they must agree (200 when neither is). */
function userMailsPerDay(value: number | undefined, formerName: number | undefined): number {
  if (value !== undefined && formerName !== undefined && value !== formerName)
    throw new ConfigError(
      'REPORT_MAILS_PER_USER_PER_DAY',
      'is the former name of USER_MAILS_PER_DAY, which is set to another value: keep USER_MAILS_PER_DAY only',
    );
  return value ?? formerName ?? 200;
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
  // '*.example.com' admits the subdomains' addresses too; the bare host builds the server's addresses.
  const companyEmailRule = (e.COMPANY_DOMAIN ?? 'adconsole.test').trim().toLowerCase();
  const companyDomain = companyEmailRule.replace(/^\*\./, '');
  const s3Vars = [e.S3_BUCKET, e.S3_REGION, e.S3_ENDPOINT, e.S3_ACCESS_KEY_ID, e.S3_SECRET_ACCESS_KEY];
  let s3: S3Config | undefined;
  if (s3Vars.some((value) => value !== undefined)) {
    if (e.S3_BUCKET === undefined)
      throw new ConfigError('S3_BUCKET', 'is required when any S3_* variable is set');
    if ((e.S3_ACCESS_KEY_ID === undefined) !== (e.S3_SECRET_ACCESS_KEY === undefined)) {
      throw new ConfigError(
        e.S3_ACCESS_KEY_ID === undefined ? 'S3_ACCESS_KEY_ID' : 'S3_SECRET_ACCESS_KEY',
        'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together',
      );
    }
    s3 = {
      bucket: e.S3_BUCKET,
      region: e.S3_REGION ?? 'us-east-1',
      endpoint: e.S3_ENDPOINT,
      accessKeyId: e.S3_ACCESS_KEY_ID,
      secretAccessKey: e.S3_SECRET_ACCESS_KEY,
    };
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, '');
  const quotaMb = e.FILE_MANAGER_QUOTA_MB ?? 1024;
  return {
    port,
    host: e.HOST ?? '0.0.0.0',
    publicUrl,
    dataDir: path.resolve(e.DATA_DIR ?? './data'),
    databaseUrl: e.DATABASE_URL,
    companyDomain,
    companyEmailRule,
    adminEmail: (e.ADMIN_EMAIL ?? `demo@${companyDomain}`).toLowerCase(),
    smtpUrl: e.SMTP_URL,
    s3,
    consoleDir: path.resolve(e.CONSOLE_DIR ?? defaultConsoleDir()),
    demoPassword: e.DEMO_PASSWORD,
    demoData: !(e.DEMO_DATA === 'false' || e.DEMO_DATA === '0'),
    demoDays: e.DEMO_DAYS ?? 90,
    logLevel: e.LOG_LEVEL ?? 'info',
    trustProxy: trustProxyValue(e.TRUST_PROXY) ?? false,
    adServingUrl: (e.AD_SERVING_URL ?? publicUrl).replace(/\/+$/, ''),
    tcfVendorID: e.TCF_VENDOR_ID ?? DEFAULT_TCF_VENDOR_ID,
    clickPrefixHosts: (e.CLICK_PREFIX_HOSTS ?? '')
      .split(',')
      .map((host) => host.trim().toLowerCase())
      .filter((host) => host !== ''),
    webhooks: {
      allowedHosts: (e.WEBHOOK_ALLOWED_HOSTS ?? '')
        .split(',')
        .map((host) => host.trim().toLowerCase())
        .filter((host) => host !== ''),
      allowedPorts: portRanges(e.WEBHOOK_ALLOWED_PORTS ?? '80,443') ?? [],
    },
    serverSecret: e.SERVER_SECRET,
    uploadConcurrency: e.UPLOAD_CONCURRENCY ?? 4,
    logMailLinks: e.NODE_ENV === 'development',
    jobPollSeconds: e.JOB_POLL_SECONDS ?? 15,
    drainSeconds: e.DRAIN_SECONDS ?? 0,
    // On by default where the store is another process (PostgreSQL, ClickHouse): the answer stops waiting
    // for a commit. Off by default on the embedded PGlite, whose writes take this process's own CPU
    // either way, so the journal's append would only add to it (docs/serving.md "The event journal").
    // With the event log the journal is where events wait while the log does not answer: always on.
    eventsJournalDir:
      (e.EVENTS_JOURNAL ?? (e.DATABASE_URL || e.EVENTS_URL || e.EVENTS_BUS ? 'on' : 'off')) === 'off'
        ? undefined
        : path.resolve(e.EVENTS_JOURNAL_DIR ?? path.join(e.DATA_DIR ?? './data', 'journal')),
    eventsBus: eventBusConfig(e),
    fileManager: {
      buckets: e.FILE_MANAGER_BUCKETS
        ? [...new Set(e.FILE_MANAGER_BUCKETS.split(',').map((name) => name.trim()))]
        : [s3?.bucket ?? 'files'],
      region: s3?.region ?? 'us-east-1',
      quotaBytes: quotaMb === 0 ? null : quotaMb * 1024 * 1024,
      uploadsPerMinute: e.FILE_MANAGER_UPLOADS_PER_MINUTE ?? 60,
      folderKeyLimit: e.FILE_MANAGER_FOLDER_KEY_LIMIT ?? 10_000,
    },
    events: eventsConfig(e.EVENTS_URL, e.EVENTS_TTL_DAYS, e.EVENTS_ASYNC_INSERT),
    apiTokenRequestsPerMinute: e.API_TOKEN_RATE_LIMIT ?? DEFAULT_API_TOKEN_REQUESTS_PER_MINUTE,
    servingLibraryCalls: e.SERVING_LIBRARY_CALLS === 'true' || e.SERVING_LIBRARY_CALLS === '1',
    limits: {
      userMailsPerDay: userMailsPerDay(e.USER_MAILS_PER_DAY, e.REPORT_MAILS_PER_USER_PER_DAY),
      reportDownloadsPerTokenPerHour: e.REPORT_DOWNLOADS_PER_TOKEN_PER_HOUR ?? 30,
      reportDownloadsQueuedPerCaller: e.REPORT_DOWNLOADS_QUEUED_PER_CALLER ?? 2,
    },
    traffic: {
      adRequestsPerMinute: e.SERVE_RATE_LIMIT ?? DEFAULT_AD_REQUESTS_PER_MINUTE,
      ssaiProxies: e.SSAI_PROXIES ? (addressList(e.SSAI_PROXIES) ?? []) : [],
      countryDatabaseFile: e.COUNTRY_DATABASE_FILE,
      evenDeliveryPeriodMs: (e.EVEN_DELIVERY_PERIOD_MINUTES ?? 5) * 60_000,
    },
  };
}
