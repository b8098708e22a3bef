// How the API process proves itself to the event log's NATS servers and checks theirs (docs/deploy.md,
// section 8 "Who may use the log"): a user and password or a token (EVENTS_BUS's URLs), a user nkey
// seed file (EVENTS_BUS_NKEY) or a .creds file (EVENTS_BUS_CREDS); and `tls://` servers, checked
// against EVENTS_BUS_TLS_CA (the system's CAs without it), with a client certificate when the servers
// ask for one (EVENTS_BUS_TLS_CERT, EVENTS_BUS_TLS_KEY). config/event-bus.ts reads and checks them.
import { readFile } from 'node:fs/promises';
import { checkServerIdentity, type PeerCertificate } from 'node:tls';
import { credsAuthenticator, type NodeConnectionOptions, nkeyAuthenticator } from '@nats-io/transport-node';

/** Who the API process is to the NATS servers. */
export type EventBusAuth =
  | { kind: 'none' }
  | { kind: 'user'; user: string; pass: string }
  | { kind: 'token'; token: string }
  /** A file holding a user nkey seed (`SU…`), signing the server's challenge. */
  | { kind: 'nkey'; seedFile: string }
  /** A decentralised-auth `.creds` file: the user's JWT and nkey seed. */
  | { kind: 'creds'; credsFile: string };

/** TLS towards `tls://` servers: whom to trust, and the client's own certificate when asked for one. */
export interface EventBusTls {
  caFile?: string;
  certFile?: string;
  keyFile?: string;
}

/** The event log's settings (config.ts reads them from EVENTS_BUS and its companions). */
export interface EventBusConfig {
  /** The NATS servers, without credentials (EVENTS_BUS: one URL, or several of one cluster). */
  servers: string[];
  /** Who the API is to them (a user and password or a token in EVENTS_BUS, EVENTS_BUS_NKEY, EVENTS_BUS_CREDS). */
  auth: EventBusAuth;
  /** TLS towards `tls://` servers (EVENTS_BUS_TLS_*); undefined with `nats://` ones. */
  tls: EventBusTls | undefined;
  /** The JetStream stream's name (EVENTS_BUS_STREAM); its subject is `<stream>.events`. */
  stream: string;
  /** Copies of each message the stream keeps on different servers (EVENTS_BUS_REPLICAS). */
  replicas: number;
  /** Whether this process writes the log into the store (EVENTS_BUS_CONSUMER: off on serving-only nodes). */
  consume: boolean;
  /** How long a message taken by a consumer waits for its acknowledgement before it is redelivered. */
  ackWaitSeconds: number;
}

/** Where the link says what happened: `warn` for what an operator must see (LOG_LEVEL=warn keeps it). */
export interface BusLog {
  info(line: string): void;
  warn(line: string): void;
}

/**
 * Where replies come back to the API's connection (publish acknowledgements, the stream's messages for
 * the pull consumer, its API answers): a prefix of its own, so the NATS configuration can let the API's
 * user, and no other, subscribe there (docs/deploy.md, section 8).
 */
const INBOX_PREFIX = '_INBOX_adconsole';

/** A server's URL as a log line may show it: without a user name or password (`nats://user:pass@host`). */
export function withoutCredentials(server: string): string {
  try {
    const url = new URL(server);
    if (url.username === '' && url.password === '') return server;
    url.username = '';
    url.password = '';
    return url.toString().replace(/\/$/, '');
  } catch {
    return server.replace(/\/\/[^@/]*@/, '//');
  }
}

/** The NATS client's options for these credentials and TLS settings (the files read now). */
export async function authOptions(
  auth: EventBusAuth,
  tls: EventBusTls | undefined,
  /** EVENTS_BUS's servers: a server's certificate must name one of them. */
  servers: readonly string[],
): Promise<NodeConnectionOptions> {
  const options: NodeConnectionOptions = { inboxPrefix: INBOX_PREFIX };
  if (auth.kind === 'user') Object.assign(options, { user: auth.user, pass: auth.pass });
  if (auth.kind === 'token') options.token = auth.token;
  if (auth.kind === 'nkey') {
    const seed = (await readFile(auth.seedFile, 'utf8')).trim();
    options.authenticator = nkeyAuthenticator(new TextEncoder().encode(seed));
  }
  if (auth.kind === 'creds') options.authenticator = credsAuthenticator(await readFile(auth.credsFile));
  // An object, even empty, makes TLS required: a server that does not offer it is refused.
  if (tls) options.tls = { ...tls, checkServerIdentity: identityOf(servers) } as NodeConnectionOptions['tls'];
  return options;
}

/**
 * The check of a server's certificate: it must name one of EVENTS_BUS's servers. The client upgrades its
 * socket to TLS without a server name when a server is given by its IP address, and Node then checks the
 * certificate against `localhost`; this check holds it to the addresses (or names) the API was given.
 */
function identityOf(servers: readonly string[]): (host: string, cert: PeerCertificate) => Error | undefined {
  const names = [...new Set(servers.map((server) => new URL(server).hostname.replace(/^\[|\]$/g, '')))];
  return (_host, cert) => {
    for (const name of names) if (checkServerIdentity(name, cert) === undefined) return undefined;
    return new Error(
      `the NATS server's certificate names none of EVENTS_BUS's servers (${names.join(', ')})`,
    );
  };
}
