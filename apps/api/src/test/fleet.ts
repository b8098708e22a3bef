// The fleet suite's parts (npm run test:fleet, docs/deploy.md): a fresh PostgreSQL database, N API
// processes of the built server (apps/api/dist/main.js) on it, each on its own port with the same
// secret, settings and shared DATA_DIR (the object store of one machine), and Debian's HAProxy in front
// of them with the configuration docs/deploy.md gives: the API round-robin, the serving routes hashed by
// client address, /api/ping as the health check. HAProxy's admin socket says which processes it sees up.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort } from '../../../../scripts/free-port';

const repositoryRoot = fileURLToPath(new URL('../../../..', import.meta.url));
const HAPROXY = process.env.HAPROXY_PATH ?? '/usr/sbin/haproxy';
const adminUrl = () => process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** How often HAProxy checks each process, and how many answers in a row change its state. */
const CHECK = { interMs: 500, fall: 2, rise: 2 };

/**
 * HAProxy's configuration for a fleet (the one docs/deploy.md explains, with the suite's ports): the
 * console and API round-robin, the serving routes by a hash of the client's address (the first address
 * of X-Forwarded-For, as the edge in front wrote it: the suite's load plays that edge), so the serving
 * rate rule, counted in each process's memory, sees all of a client's ad requests.
 */
function haproxyConfig(options: { bind: string; socket: string; servers: HaproxyServer[] }) {
  const servers = options.servers
    .map((server) => `  server ${server.name} ${server.address}:${server.port} check`)
    .join('\n');
  return `global
  maxconn 4096
  stats socket ${options.socket} mode 600 level admin

defaults
  mode http
  timeout connect 2s
  timeout client 30s
  timeout server 30s
  timeout http-keep-alive 10s
  retries 3
  option redispatch 1
  option httpchk GET /api/ping
  http-check expect status 200
  default-server inter ${CHECK.interMs}ms fall ${CHECK.fall} rise ${CHECK.rise}

frontend fleet
  bind ${options.bind}
  option forwardfor
  use_backend serving if { path_beg /serve/ }
  default_backend api

backend api
  balance roundrobin
  retry-on conn-failure empty-response response-timeout 503
  http-request disable-l7-retry unless METH_GET
${servers}

backend serving
  balance hash req.hdr_ip(x-forwarded-for,1)
  hash-type consistent
  retry-on conn-failure empty-response response-timeout 503
${servers}
`;
}

export interface FleetProcess {
  name: string;
  port: number;
  url: string;
  child: ChildProcess;
  output(): string;
}

/**
 * Starts the built API (apps/api/dist/main.js) with `env` added to this process's, through `prefix`
 * (`ip netns exec <host>` runs it on another host of the suite's network), keeping its output.
 */
export function launchApi(options: {
  name: string;
  port: number;
  url: string;
  env: Record<string, string>;
  prefix?: string[];
}): FleetProcess {
  let output = '';
  const [command = process.execPath, ...args] = [
    ...(options.prefix ?? []),
    process.execPath,
    path.join(repositoryRoot, 'apps/api/dist/main.js'),
  ];
  const child = spawn(command, args, {
    cwd: repositoryRoot,
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  return { name: options.name, port: options.port, url: options.url, child, output: () => output };
}

/** Waits until a process answers its health check (fails at once, with its output, if it exits). */
export async function answering(fleetProcess: FleetProcess): Promise<void> {
  await until(
    `${fleetProcess.name} to answer its health check`,
    async () => {
      const { child } = fleetProcess;
      if (child.exitCode !== null || child.signalCode !== null)
        throw Object.assign(new Error(`${fleetProcess.name} exited:\n${fleetProcess.output()}`), {
          fatal: true,
        });
      const response = await fetch(`${fleetProcess.url}/api/ping`);
      return response.ok ? true : undefined;
    },
    180_000,
  ).catch((error: unknown) => {
    throw error instanceof Error && !('fatal' in error)
      ? new Error(`${error.message}\n${fleetProcess.output()}`)
      : error;
  });
}

/** Sends `signal` to a child and waits for its exit: its code (null when killed by a signal). */
export async function stopChild(child: ChildProcess, signal: NodeJS.Signals): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  child.kill(signal);
  return exited;
}

/** Resident memory of a process in MB (its /proc status). */
async function rssMbOf(pid: number | undefined): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

export interface Fleet {
  /** HAProxy's address: what clients use (PUBLIC_URL and AD_SERVING_URL). */
  url: string;
  processes: FleetProcess[];
  databaseUrl: string;
  db: pg.Pool;
  dataDir: string;
  /** Starts process `index` again (after it exited) and waits until it answers its health check. */
  restart(index: number): Promise<void>;
  /** Sends `signal` and waits for the exit: its code (null when killed by a signal). */
  stop(index: number, signal: NodeJS.Signals): Promise<number | null>;
  /** The processes HAProxy's `backend` has up, by name. */
  upIn(backend: 'api' | 'serving'): Promise<string[]>;
  /** The requests HAProxy has sent each process of `backend` so far (its `stot`), by name. */
  sentTo(backend: 'api' | 'serving'): Promise<Record<string, number>>;
  /** Waits until HAProxy has every process up in both backends. */
  allUp(): Promise<void>;
  /** Resident memory of process `index` in MB (its /proc status). */
  rssMb(index: number): Promise<number>;
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function until<T>(
  what: string,
  check: () => Promise<T | undefined>,
  timeoutMs: number,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    // A check that finds the wait hopeless (the process exited) throws a `fatal` error: it ends the wait.
    const value = await check().catch((error: unknown) => {
      if (error instanceof Error && 'fatal' in error) throw error;
      return undefined;
    });
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(100);
  }
}

/** One command to HAProxy's admin socket, answered as text. */
function haproxyCommand(socket: string, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const connection = connect(socket);
    let answer = '';
    connection.on('data', (chunk) => {
      answer += chunk;
    });
    connection.on('end', () => resolve(answer));
    connection.on('error', reject);
    connection.end(`${command}\n`);
  });
}

interface HaproxyServer {
  name: string;
  address: string;
  port: number;
}

/** Debian's HAProxy with the fleet's configuration, and what its admin socket says. */
export interface Haproxy {
  /** The processes HAProxy's `backend` has up, by name. */
  upIn(backend: 'api' | 'serving'): Promise<string[]>;
  /** The requests HAProxy has sent each process of `backend` so far (its `stot`), by name. */
  sentTo(backend: 'api' | 'serving'): Promise<Record<string, number>>;
  /** Waits until HAProxy has `count` processes up in both backends. */
  allUp(count: number): Promise<void>;
  /** Starts HAProxy bound to `bind` (address:port) in front of `servers`; waits until `url` answers. */
  start(options: { bind: string; url: string; servers: HaproxyServer[] }): Promise<void>;
  close(): Promise<void>;
}

export function haproxyOf(socket: string): Haproxy {
  let child: ChildProcess | undefined;
  const log: string[] = [];
  const stat = async () =>
    (await haproxyCommand(socket, 'show stat')).split('\n').map((line) => line.split(','));
  const upIn = async (backend: 'api' | 'serving') =>
    (await stat())
      .filter((fields) => fields[0] === backend && fields[1]?.startsWith('api') && fields[17] === 'UP')
      .map((fields) => fields[1] as string);
  return {
    upIn,
    async sentTo(backend) {
      return Object.fromEntries(
        (await stat())
          .filter((fields) => fields[0] === backend && fields[1]?.startsWith('api'))
          .map((fields) => [fields[1] as string, Number(fields[7])]),
      );
    },
    async allUp(count) {
      await until(
        'HAProxy to see every process up',
        async () => {
          const [api, serving] = await Promise.all([upIn('api'), upIn('serving')]);
          return api.length === count && serving.length === count ? true : undefined;
        },
        60_000,
      );
    },
    async start({ bind, url, servers }) {
      const configFile = `${socket}.cfg`;
      await writeFile(configFile, haproxyConfig({ bind, socket, servers }));
      const started = spawn(HAPROXY, ['-db', '-f', configFile], { stdio: ['ignore', 'pipe', 'pipe'] });
      child = started;
      started.stdout?.on('data', (chunk) => log.push(String(chunk)));
      started.stderr?.on('data', (chunk) => log.push(String(chunk)));
      await until(
        'HAProxy to listen',
        async () => {
          if (started.exitCode !== null)
            throw Object.assign(new Error(`HAProxy exited:\n${log.join('')}`), { fatal: true });
          return (await fetch(`${url}/api/ping`)).ok ? true : undefined;
        },
        30_000,
      );
    },
    async close() {
      const running = child;
      if (running && running.exitCode === null) {
        const exited = new Promise((resolve) => running.once('exit', resolve));
        running.kill('SIGTERM');
        await exited;
      }
    },
  };
}

export async function startFleet(options: { size: number; env: Record<string, string> }): Promise<Fleet> {
  const name = `adconsole_fleet_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const db = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  const dataDir = await mkdtemp(path.join(tmpdir(), 'adconsole-fleet-'));
  const lbPort = await freePort();
  const lbUrl = `http://127.0.0.1:${lbPort}`;
  const ports: number[] = [];
  for (let index = 0; index < options.size; index += 1) ports.push(await freePort());
  const secret = randomBytes(32).toString('base64url');
  const processes: FleetProcess[] = [];

  const spawnProcess = (index: number): FleetProcess =>
    launchApi({
      name: `api${index + 1}`,
      port: ports[index] as number,
      url: `http://127.0.0.1:${ports[index]}`,
      env: {
        HOST: '127.0.0.1',
        PORT: String(ports[index]),
        PUBLIC_URL: lbUrl,
        AD_SERVING_URL: lbUrl,
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        SERVER_SECRET: secret,
        // HAProxy on loopback adds the address it got the request from to X-Forwarded-For.
        TRUST_PROXY: 'loopback',
        // The fleet's creatives publish at once: creative QA has its own suite (creative-qa.test.ts).
        CREATIVE_QA_CHROMIUM: 'off',
        ...options.env,
      },
    });
  const answeringAt = (index: number) => answering(processes[index] as FleetProcess);

  const haproxy = haproxyOf(path.join(dataDir, 'haproxy.sock'));
  const { upIn, sentTo } = haproxy;
  const allUp = () => haproxy.allUp(options.size);

  const fleet: Fleet = {
    url: lbUrl,
    processes,
    databaseUrl,
    db,
    dataDir,
    async restart(index) {
      processes[index] = spawnProcess(index);
      await answeringAt(index);
    },
    async stop(index, signal) {
      const fleetProcess = processes[index] as FleetProcess;
      const code = await stopChild(fleetProcess.child, signal);
      // A process that did not end cleanly says why (its last output) beside the failed check.
      if (code !== 0 && code !== null)
        console.error(`${fleetProcess.name} exited with ${code}:\n${fleetProcess.output().slice(-4000)}`);
      return code;
    },
    upIn,
    sentTo,
    allUp,
    rssMb: (index) => rssMbOf((processes[index] as FleetProcess).child.pid),
    async close() {
      for (const fleetProcess of processes) await stopChild(fleetProcess.child, 'SIGKILL');
      await haproxy.close();
      await db.end();
      const cleanup = new pg.Client({ connectionString: adminUrl() });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
      await rm(dataDir, { recursive: true, force: true });
    },
  };

  try {
    // All at once on the empty database: they migrate and seed it once between them (advisory locks).
    for (let index = 0; index < options.size; index += 1) processes.push(spawnProcess(index));
    await Promise.all(processes.map((_, index) => answeringAt(index)));
    await haproxy.start({
      bind: `127.0.0.1:${lbPort}`,
      url: lbUrl,
      servers: processes.map((fleetProcess) => ({
        name: fleetProcess.name,
        address: '127.0.0.1',
        port: fleetProcess.port,
      })),
    });
    await allUp();
    return fleet;
  } catch (error) {
    await fleet.close().catch(() => undefined);
    throw error;
  }
}
