// The event log in the API tests (docs/testing.md, "The event log"): the NATS server with JetStream at
// TEST_EVENTS_BUS (127.0.0.1:4222, as `npm test`'s set-up ensures: scripts/ensure-nats.sh), a stream of its own for
// every test server so parallel files never share one, a client to look into it or publish to it as an
// outsider would, and a NATS server of a test's own (Debian's nats-server) to stop and start again.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect as connectTcp } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type JetStreamManager, jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection, type NodeConnectionOptions } from '@nats-io/transport-node';
import { freePort } from '../../../../scripts/free-port';

/** The NATS server the suites run against with the log on (TEST_EVENTS_BUS), or undefined. */
export const testEventsBus = (): string | undefined => process.env.TEST_EVENTS_BUS || undefined;

/** The NATS server the event log's own tests use: TEST_EVENTS_BUS, else the machine's. */
export const natsUrl = () => testEventsBus() ?? 'nats://127.0.0.1:4222';

/** A stream name no other test server uses. */
export const uniqueStream = () => `test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;

/**
 * Runs `work` with a client of `servers` (and its stream manager), then closes it; `options` carry the
 * credentials and TLS of a server that asks for them (connection.ts `authOptions`).
 */
export async function withNats<T>(
  servers: string,
  work: (nc: NatsConnection, jsm: JetStreamManager) => Promise<T>,
  options: NodeConnectionOptions = {},
): Promise<T> {
  const nc = await connect({ ...options, servers: servers.split(','), timeout: 5000 });
  try {
    return await work(nc, await jetstreamManager(nc));
  } finally {
    await nc.close();
  }
}

/** Deletes a test's stream (and with it its consumer); nothing when it is already gone. */
export async function deleteStream(
  servers: string,
  stream: string,
  options: NodeConnectionOptions = {},
): Promise<void> {
  await withNats(
    servers,
    async (_nc, jsm) => {
      await jsm.streams.delete(stream).catch(() => false);
    },
    options,
  );
}

const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connectTcp(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

export interface OwnNatsServer {
  url: string;
  /** Stops the server (SIGKILL: its machine gone; SIGTERM: a clean stop) and waits for its exit. */
  stop(signal?: NodeJS.Signals): Promise<void>;
  /** Starts it again on the same port and store (the stream survives a clean stop). */
  start(): Promise<void>;
  close(): Promise<void>;
}

export interface OwnNatsOptions {
  /** Configuration beside the port and the store (a `tls` block, an `authorization` block). */
  config?: string;
  /** The server's environment (a password its configuration reads as `$NAME`). */
  env?: Record<string, string>;
  /** `tls` when `config` has a TLS block: the URL is then `tls://`. */
  scheme?: 'nats' | 'tls';
}

/** A NATS server with JetStream of this test's own, on a free loopback port (Debian's nats-server). */
export async function startOwnNatsServer(options: OwnNatsOptions = {}): Promise<OwnNatsServer> {
  const port = await freePort();
  const store = await mkdtemp(path.join(tmpdir(), 'adconsole-nats-'));
  let child: ChildProcess | undefined;
  const binary = process.env.NATS_SERVER_PATH ?? '/usr/sbin/nats-server';
  const configFile = path.join(store, 'nats.conf');
  if (options.config !== undefined)
    await writeFile(
      configFile,
      `listen: "127.0.0.1:${port}"\njetstream { store_dir: "${path.join(store, 'js')}" }\n${options.config}`,
    );
  const args =
    options.config === undefined
      ? ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', store]
      : ['-c', configFile];
  const start = async () => {
    child = spawn(binary, args, { stdio: 'ignore', env: { ...process.env, ...options.env } });
    const deadline = Date.now() + 20_000;
    while (!(await listening(port))) {
      if (child.exitCode !== null) throw new Error(`${binary} exited with ${child.exitCode}`);
      if (Date.now() > deadline) throw new Error(`${binary} did not listen on ${port} within 20 s`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const stop = async (signal: NodeJS.Signals = 'SIGKILL') => {
    const running = child;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill(signal);
    await exited;
  };
  await start();
  return {
    url: `${options.scheme ?? 'nats'}://127.0.0.1:${port}`,
    stop,
    start,
    async close() {
      await stop();
      await rm(store, { recursive: true, force: true });
    },
  };
}
