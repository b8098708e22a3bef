// The event log's environment (EVENTS_BUS and its companions, docs/deploy.md section 8): the NATS
// servers, who the API is to them (a user and password or a token in the URLs, EVENTS_BUS_NKEY,
// EVENTS_BUS_CREDS), TLS towards `tls://` servers (EVENTS_BUS_TLS_CA, _CERT, _KEY), the stream and its
// consumer. Every wrong value is refused at start with the variable's name and why.
import { accessSync, constants, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { EventBusAuth, EventBusConfig, EventBusTls } from '../services/events/bus/connection';
import { ConfigError, commaEntries, optional, wholeNumber } from './env';

export const eventBusEnv = z.object({
  EVENTS_BUS: optional,
  EVENTS_BUS_STREAM: optional.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,48}$/, 'must be 1-48 letters, digits, _ and - (a JetStream stream name)')
      .optional(),
  ),
  EVENTS_BUS_REPLICAS: wholeNumber(1, 5),
  EVENTS_BUS_CONSUMER: optional.pipe(z.enum(['on', 'off'], 'must be on or off').optional()),
  EVENTS_BUS_ACK_WAIT_SECONDS: wholeNumber(1, 3600),
  EVENTS_BUS_NKEY: optional,
  EVENTS_BUS_CREDS: optional,
  EVENTS_BUS_TLS_CA: optional,
  EVENTS_BUS_TLS_CERT: optional,
  EVENTS_BUS_TLS_KEY: optional,
});

type EventBusEnv = z.infer<typeof eventBusEnv> & { EVENTS_JOURNAL?: 'on' | 'off' | undefined };

const COMPANIONS = [
  'EVENTS_BUS_STREAM',
  'EVENTS_BUS_REPLICAS',
  'EVENTS_BUS_CONSUMER',
  'EVENTS_BUS_ACK_WAIT_SECONDS',
  'EVENTS_BUS_NKEY',
  'EVENTS_BUS_CREDS',
  'EVENTS_BUS_TLS_CA',
  'EVENTS_BUS_TLS_CERT',
  'EVENTS_BUS_TLS_KEY',
] as const;

const SHAPE =
  'must be one NATS URL or several, comma-separated (nats://nats-1.internal:4222,nats://nats-2.internal:4222; tls://… for TLS; nats://user:password@… or nats://token@… with credentials)';

interface ParsedServers {
  /** The URLs without credentials. */
  servers: string[];
  tls: boolean;
  auth: EventBusAuth;
}

/** A percent-encoded part of a URL's credentials, decoded (a password may hold `@` or `:` encoded). */
const decoded = (part: string) => {
  try {
    return decodeURIComponent(part);
  } catch {
    throw new ConfigError('EVENTS_BUS', 'holds a user name or password that is not valid percent-encoding');
  }
};

/** EVENTS_BUS's servers: `nats://` or `tls://` URLs with a host, all one or the other, one set of credentials. */
function parseNatsServers(text: string): ParsedServers {
  const entries = commaEntries(text);
  if (entries.length === 0) throw new ConfigError('EVENTS_BUS', SHAPE);
  const urls = entries.map((entry) => {
    let url: URL;
    try {
      url = new URL(entry);
    } catch {
      throw new ConfigError('EVENTS_BUS', SHAPE);
    }
    if ((url.protocol !== 'nats:' && url.protocol !== 'tls:') || url.hostname === '')
      throw new ConfigError('EVENTS_BUS', SHAPE);
    if ((url.pathname !== '' && url.pathname !== '/') || url.search !== '' || url.hash !== '')
      throw new ConfigError('EVENTS_BUS', `${url.protocol}//${url.host} must have no path or query`);
    return url;
  });
  const tls = urls[0]?.protocol === 'tls:';
  if (urls.some((url) => (url.protocol === 'tls:') !== tls))
    throw new ConfigError(
      'EVENTS_BUS',
      'mixes tls:// and nats:// servers: a fleet talks TLS to every server of its log or to none',
    );
  const credentials = new Set(urls.map((url) => `${url.username}:${url.password}`));
  credentials.delete(':');
  if (credentials.size > 1)
    throw new ConfigError(
      'EVENTS_BUS',
      'names different credentials for different servers: the API is one user of the whole cluster',
    );
  const [user = '', pass = ''] = [...credentials][0]?.split(':') ?? [];
  if (user === '' && pass !== '')
    throw new ConfigError('EVENTS_BUS', 'holds a password without a user name (nats://user:password@host)');
  let auth: EventBusAuth = { kind: 'none' };
  if (user !== '' && pass !== '') auth = { kind: 'user', user: decoded(user), pass: decoded(pass) };
  else if (user !== '') auth = { kind: 'token', token: decoded(user) };
  const servers = urls.map((url) => `${url.protocol}//${url.host}`);
  return { servers, tls, auth };
}

/** A file the process must be able to read at start (its text, when `text`). */
function readable(name: string, file: string): string {
  const resolved = path.resolve(file);
  try {
    accessSync(resolved, constants.R_OK);
    return readFileSync(resolved, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
    throw new ConfigError(name, `cannot read ${resolved} (${code})`);
  }
}

/** EVENTS_BUS_NKEY / EVENTS_BUS_CREDS beside what the URLs carry: one way of proving who the API is. */
function fileAuth(e: EventBusEnv, fromUrls: EventBusAuth): EventBusAuth {
  if (e.EVENTS_BUS_NKEY !== undefined && e.EVENTS_BUS_CREDS !== undefined)
    throw new ConfigError('EVENTS_BUS_NKEY', 'and EVENTS_BUS_CREDS are two ways of authenticating: set one');
  const name = e.EVENTS_BUS_NKEY !== undefined ? 'EVENTS_BUS_NKEY' : 'EVENTS_BUS_CREDS';
  const file = e.EVENTS_BUS_NKEY ?? e.EVENTS_BUS_CREDS;
  if (file === undefined) return fromUrls;
  if (fromUrls.kind !== 'none')
    throw new ConfigError(name, "cannot be set with credentials in EVENTS_BUS's URLs: set one");
  const text = readable(name, file);
  if (name === 'EVENTS_BUS_NKEY') {
    if (!/^SU[A-Z2-7]{56}$/.test(text.trim()))
      throw new ConfigError(name, `${path.resolve(file)} must hold a user nkey seed (SU…, 58 characters)`);
    return { kind: 'nkey', seedFile: path.resolve(file) };
  }
  if (!text.includes('BEGIN NATS USER JWT') || !text.includes('BEGIN USER NKEY SEED'))
    throw new ConfigError(
      name,
      `${path.resolve(file)} must be a NATS .creds file (a user JWT and its nkey seed)`,
    );
  return { kind: 'creds', credsFile: path.resolve(file) };
}

/** EVENTS_BUS_TLS_*: only with `tls://` servers; a certificate goes with its key. */
function tlsSettings(e: EventBusEnv, tls: boolean): EventBusTls | undefined {
  const given = (['EVENTS_BUS_TLS_CA', 'EVENTS_BUS_TLS_CERT', 'EVENTS_BUS_TLS_KEY'] as const).filter(
    (name) => e[name] !== undefined,
  );
  if (!tls) {
    const [first] = given;
    if (first) throw new ConfigError(first, "applies only to tls:// servers (EVENTS_BUS's URLs are nats://)");
    return undefined;
  }
  if ((e.EVENTS_BUS_TLS_CERT === undefined) !== (e.EVENTS_BUS_TLS_KEY === undefined))
    throw new ConfigError(
      e.EVENTS_BUS_TLS_CERT === undefined ? 'EVENTS_BUS_TLS_KEY' : 'EVENTS_BUS_TLS_CERT',
      'needs its pair: a client certificate is EVENTS_BUS_TLS_CERT and EVENTS_BUS_TLS_KEY together',
    );
  const settings: EventBusTls = {};
  const pem = (name: (typeof given)[number], file: string, marker: RegExp) => {
    if (!marker.test(readable(name, file)))
      throw new ConfigError(name, `${path.resolve(file)} is not a PEM file of the expected kind`);
    return path.resolve(file);
  };
  if (e.EVENTS_BUS_TLS_CA)
    settings.caFile = pem('EVENTS_BUS_TLS_CA', e.EVENTS_BUS_TLS_CA, /BEGIN CERTIFICATE/);
  if (e.EVENTS_BUS_TLS_CERT)
    settings.certFile = pem('EVENTS_BUS_TLS_CERT', e.EVENTS_BUS_TLS_CERT, /BEGIN CERTIFICATE/);
  if (e.EVENTS_BUS_TLS_KEY)
    settings.keyFile = pem('EVENTS_BUS_TLS_KEY', e.EVENTS_BUS_TLS_KEY, /BEGIN [A-Z ]*PRIVATE KEY/);
  return settings;
}

/** EVENTS_BUS and its companions; its companions without it, or the journal off with it, are refused. */
export function eventBusConfig(e: EventBusEnv): EventBusConfig | undefined {
  if (e.EVENTS_BUS === undefined) {
    for (const name of COMPANIONS) {
      if (e[name] !== undefined)
        throw new ConfigError(name, 'applies only to the event log (set EVENTS_BUS)');
    }
    return undefined;
  }
  const parsed = parseNatsServers(e.EVENTS_BUS);
  if (e.EVENTS_JOURNAL === 'off')
    throw new ConfigError(
      'EVENTS_JOURNAL',
      'cannot be off with EVENTS_BUS: events wait in the journal while the event log does not answer',
    );
  return {
    servers: parsed.servers,
    auth: fileAuth(e, parsed.auth),
    tls: tlsSettings(e, parsed.tls),
    stream: e.EVENTS_BUS_STREAM ?? 'adconsole_events',
    // A cluster's servers are listed: a copy of each message on three of them (or on each, if fewer).
    replicas: e.EVENTS_BUS_REPLICAS ?? Math.min(3, parsed.servers.length),
    consume: e.EVENTS_BUS_CONSUMER !== 'off',
    ackWaitSeconds: e.EVENTS_BUS_ACK_WAIT_SECONDS ?? 30,
  };
}
