// The fleet suite's second shape (npm run test:fleet, docs/deploy.md "Across machines"): machines of
// their own on a network of their own, made on this machine with Linux network namespaces, each joined
// by a veth pair to a bridge that this machine sits on too (HAProxy, the load, the SMTP and S3 peers):
// three API hosts, each with its own data folder (its own disk); a database host running a PostgreSQL
// of the suite's own; three NATS hosts forming a JetStream cluster. Made and removed by the suite, as
// root only (hostsSuiteMissing says what is missing otherwise).
import { type ChildProcess, execFile, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { appendFile, chmod, chown, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect as connectTcp } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect, type NodeConnectionOptions } from '@nats-io/transport-node';
import pg from 'pg';
import { freePort } from '../../../../scripts/free-port';
import { authOptions } from '../services/events/bus/connection';
import { answering, type FleetProcess, type Haproxy, haproxyOf, launchApi, stopChild, until } from './fleet';
import { API_PASSWORD_VARIABLE, API_USER, guideUsersBlock, testCertificates, tlsBlock } from './nats-keys';
import { startS3Peer } from './peers';

const run = promisify(execFile);
const IP = '/usr/sbin/ip';
const NATS_SERVER = process.env.NATS_SERVER_PATH ?? '/usr/sbin/nats-server';
const HAPROXY = process.env.HAPROXY_PATH ?? '/usr/sbin/haproxy';

/** The newest PostgreSQL server's programs of Debian's packages (initdb, postgres). */
const postgresBin = () => {
  const versions = existsSync('/usr/lib/postgresql')
    ? readdirSync('/usr/lib/postgresql').sort((a, b) => Number(a) - Number(b))
    : [];
  const newest = versions.at(-1);
  return newest ? `/usr/lib/postgresql/${newest}/bin` : undefined;
};

/** Why this machine cannot run the hosts' shape (undefined: it can). */
export function hostsSuiteMissing(): string | undefined {
  if (process.getuid?.() !== 0) return 'network namespaces need root';
  for (const [what, file] of [
    ['iproute2 (ip)', IP],
    ["Debian's nats-server", NATS_SERVER],
    ["Debian's haproxy", HAPROXY],
  ] as const) {
    if (!existsSync(file)) return `${what} is missing (${file})`;
  }
  const bin = postgresBin();
  if (!bin || !existsSync(`${bin}/initdb`)) return "Debian's PostgreSQL server programs are missing";
  if (spawnSync('id', ['-u', 'postgres']).status !== 0) return 'the postgres user is missing';
  return undefined;
}

const listening = (address: string, port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connectTcp(port, address);
    socket.setTimeout(1000, () => socket.destroy());
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('close', () => resolve(false));
  });

/** SIGKILLs a process and waits until it is gone. */
async function stopPid(pid: number): Promise<void> {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    return;
  }
  await until(
    `process ${pid} to end`,
    async () => {
      try {
        process.kill(pid, 0);
        return undefined;
      } catch {
        return true;
      }
    },
    10_000,
  );
}

export interface HostNetwork {
  /** This machine's address on the suite's network (the bridge's). */
  gateway: string;
  /** A folder of the run, for the hosts' disks. */
  dir: string;
  addressOf(host: string): string;
  /** The network namespace that is `host`. */
  namespaceOf(host: string): string;
  /** Starts `command` on `host` (its network namespace); its output is kept. */
  spawnOn(host: string, command: string, args: string[], env?: Record<string, string>): HostProcess;
  close(): Promise<void>;
}

interface HostProcess {
  child: ChildProcess;
  output(): string;
}

/** The hosts' network: a bridge on this machine, a namespace and veth pair per host, a /24 of 10/8. */
export async function startHostNetwork(hosts: readonly string[]): Promise<HostNetwork> {
  const tag = `adc${randomBytes(2).toString('hex')}`;
  const subnet = `10.${100 + Math.floor(Math.random() * 100)}.${Math.floor(Math.random() * 256)}`;
  const gateway = `${subnet}.1`;
  const dir = await mkdtemp(path.join(tmpdir(), 'adconsole-hosts-'));
  // The database host's PostgreSQL runs as `postgres` and must reach its folder below this one.
  await chmod(dir, 0o755);
  const bridge = `${tag}br`;
  const namespaceOf = (host: string) => `${tag}-${host}`;
  const addresses = new Map(hosts.map((host, index) => [host, `${subnet}.${10 + index}`]));
  const made: string[] = [];
  const network: HostNetwork = {
    gateway,
    dir,
    addressOf: (host) => {
      const address = addresses.get(host);
      if (!address) throw new Error(`no host ${host}`);
      return address;
    },
    namespaceOf,
    spawnOn(host, command, args, env = {}) {
      let output = '';
      const child = spawn(IP, ['netns', 'exec', namespaceOf(host), command, ...args], {
        env: { ...process.env, ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout?.on('data', (chunk) => {
        output += chunk;
      });
      child.stderr?.on('data', (chunk) => {
        output += chunk;
      });
      return { child, output: () => output };
    },
    async close() {
      for (const namespace of made.reverse()) {
        // Whatever the suite started on the host and is still running there (its own processes only).
        const { stdout } = await run(IP, ['netns', 'pids', namespace]).catch(() => ({ stdout: '' }));
        for (const pid of stdout.split('\n').filter((line) => /^\d+$/.test(line.trim())))
          await stopPid(Number(pid));
        await run(IP, ['netns', 'del', namespace]).catch(() => undefined);
      }
      await run(IP, ['link', 'del', bridge]).catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
  try {
    await run(IP, ['link', 'add', bridge, 'type', 'bridge']);
    await run(IP, ['addr', 'add', `${gateway}/24`, 'dev', bridge]);
    await run(IP, ['link', 'set', bridge, 'up']);
    for (const [index, host] of hosts.entries()) {
      const namespace = namespaceOf(host);
      const veth = `${tag}v${index}`;
      await run(IP, ['netns', 'add', namespace]);
      made.push(namespace);
      await run(IP, ['link', 'add', veth, 'type', 'veth', 'peer', 'name', 'eth0', 'netns', namespace]);
      await run(IP, ['link', 'set', veth, 'master', bridge, 'up']);
      await run(IP, ['-n', namespace, 'addr', 'add', `${network.addressOf(host)}/24`, 'dev', 'eth0']);
      await run(IP, ['-n', namespace, 'link', 'set', 'eth0', 'up']);
      await run(IP, ['-n', namespace, 'link', 'set', 'lo', 'up']);
    }
    return network;
  } catch (error) {
    await network.close();
    throw error;
  }
}

interface DatabaseHost {
  /** The database the fleet uses (postgres://postgres@<host>:5432/adconsole). */
  url: string;
  close(): Promise<void>;
}

/** A PostgreSQL of the suite's own on `host` (initdb in the run's folder), with an `adconsole` database. */
async function startDatabaseHost(network: HostNetwork, host: string): Promise<DatabaseHost> {
  const bin = postgresBin() as string;
  const dataDir = path.join(network.dir, 'postgres');
  await mkdir(dataDir);
  const uid = Number(spawnSync('id', ['-u', 'postgres']).stdout.toString());
  const gid = Number(spawnSync('id', ['-g', 'postgres']).stdout.toString());
  await chown(dataDir, uid, gid);
  const asPostgres = ['setpriv', `--reuid=${uid}`, `--regid=${gid}`, '--clear-groups'];
  const [setpriv = 'setpriv', ...setprivArgs] = asPostgres;
  await run(setpriv, [
    ...setprivArgs,
    `${bin}/initdb`,
    '-D',
    dataDir,
    '-U',
    'postgres',
    '-A',
    'trust',
    '--no-sync',
  ]);
  const address = network.addressOf(host);
  await appendFile(path.join(dataDir, 'pg_hba.conf'), `host all all ${network.gateway}/24 trust\n`);
  const server = network.spawnOn(host, setpriv, [
    ...setprivArgs,
    `${bin}/postgres`,
    '-D',
    dataDir,
    '-c',
    `listen_addresses=${address}`,
    '-c',
    `unix_socket_directories=${dataDir}`,
    '-c',
    'max_connections=200',
  ]);
  try {
    // Until it takes connections (it listens a moment before it accepts them: "starting up").
    await until(
      `PostgreSQL on ${host}`,
      async () => {
        if (server.child.exitCode !== null)
          throw Object.assign(new Error(`PostgreSQL exited:\n${server.output()}`), { fatal: true });
        const admin = new pg.Client({ connectionString: `postgres://postgres@${address}:5432/postgres` });
        await admin.connect();
        try {
          const made = await admin.query("select 1 from pg_database where datname = 'adconsole'");
          if (made.rowCount === 0) await admin.query('create database adconsole');
        } finally {
          await admin.end();
        }
        return true;
      },
      60_000,
    );
  } catch (error) {
    await stopChild(server.child, 'SIGKILL');
    throw error;
  }
  return {
    url: `postgres://postgres@${address}:5432/adconsole`,
    async close() {
      // A fast shutdown: the connections end, nothing is written out that the run needs.
      await stopChild(server.child, 'SIGINT');
    },
  };
}

interface NatsNode {
  name: string;
  host: string;
  /** Kills the node (SIGKILL: its machine gone) and waits for its exit. */
  kill(): Promise<void>;
  /** Starts it again with its store (it rejoins the cluster). */
  start(): Promise<void>;
}

interface NatsCluster {
  /** The client URLs (`tls://`, without credentials), comma-separated. */
  urls: string;
  /** The same with the API's user and password: the processes' EVENTS_BUS (with EVENTS_BUS_TLS_CA: `ca`). */
  apiUrls: string;
  /** The CA that signed the servers' certificate. */
  ca: string;
  /** The suite's own NATS user (every right), to look into the cluster: a client's options. */
  adminOptions: NodeConnectionOptions;
  nodes: NatsNode[];
  /** The node leading `stream` (its replicas' leader). */
  leaderOf(stream: string): Promise<NatsNode>;
  close(): Promise<void>;
}

/**
 * A JetStream cluster of one NATS server on each of `hosts`, routes between all, each its own store; as
 * the deploy guide configures it: TLS on the client port (a throwaway CA) and the guide's users block,
 * the API's user allowed `stream` only, beside the suite's own user.
 */
async function startNatsCluster(
  network: HostNetwork,
  hosts: readonly string[],
  stream: string,
): Promise<NatsCluster> {
  const processes = new Map<string, HostProcess>();
  const certificates = await testCertificates(
    network.dir,
    hosts.map((host) => network.addressOf(host)),
  );
  const apiPassword = randomBytes(18).toString('base64url');
  const adminPassword = randomBytes(18).toString('base64url');
  const users = await guideUsersBlock(stream, `    { user: fleet-suite, password: "${adminPassword}" }`);
  const configOf = (host: string, index: number) => {
    const address = network.addressOf(host);
    const routes = hosts
      .filter((other) => other !== host)
      .map((other) => `"nats-route://${network.addressOf(other)}:6222"`)
      .join(', ');
    return `server_name: n${index + 1}
listen: "${address}:4222"
jetstream { store_dir: "${path.join(network.dir, `nats-${host}`)}" }
cluster {
  name: adconsole
  listen: "${address}:6222"
  routes: [${routes}]
}
${tlsBlock(certificates)}${users}`;
  };
  const startNode = async (host: string, index: number) => {
    const config = path.join(network.dir, `nats-${host}.conf`);
    await writeFile(config, configOf(host, index));
    const node = network.spawnOn(host, NATS_SERVER, ['-c', config], { [API_PASSWORD_VARIABLE]: apiPassword });
    processes.set(host, node);
    await until(
      `NATS on ${host}`,
      async () => {
        if (node.child.exitCode !== null)
          throw Object.assign(new Error(`nats-server exited:\n${node.output()}`), { fatal: true });
        return (await listening(network.addressOf(host), 4222)) ? true : undefined;
      },
      30_000,
    );
  };
  const nodes: NatsNode[] = hosts.map((host, index) => ({
    name: `n${index + 1}`,
    host,
    async kill() {
      const node = processes.get(host);
      if (node) await stopChild(node.child, 'SIGKILL');
    },
    start: () => startNode(host, index),
  }));
  const urls = hosts.map((host) => `tls://${network.addressOf(host)}:4222`).join(',');
  // TLS as the API speaks it (the CA, the certificate held to the servers' addresses).
  const adminOptions = await authOptions(
    { kind: 'user', user: 'fleet-suite', pass: adminPassword },
    { caFile: certificates.ca },
    urls.split(','),
  );
  const cluster: NatsCluster = {
    urls,
    apiUrls: hosts
      .map((host) => `tls://${API_USER}:${apiPassword}@${network.addressOf(host)}:4222`)
      .join(','),
    ca: certificates.ca,
    adminOptions,
    nodes,
    async leaderOf(stream) {
      const nc = await connect({ ...adminOptions, servers: urls.split(','), timeout: 5000 });
      try {
        const info = await (await jetstreamManager(nc)).streams.info(stream);
        const leader = nodes.find((node) => node.name === info.cluster?.leader);
        if (!leader) throw new Error(`stream ${stream} has no leader (${JSON.stringify(info.cluster)})`);
        return leader;
      } finally {
        await nc.close();
      }
    },
    async close() {
      for (const node of processes.values()) await stopChild(node.child, 'SIGTERM');
    },
  };
  try {
    await Promise.all(hosts.map((host, index) => startNode(host, index)));
    // JetStream answers once the cluster has elected its meta leader.
    await until(
      'the JetStream cluster to elect its leader',
      async () => {
        const nc = await connect({ ...adminOptions, servers: urls.split(','), timeout: 3000 });
        try {
          await (await jetstreamManager(nc)).getAccountInfo();
          return true;
        } finally {
          await nc.close();
        }
      },
      60_000,
    );
    return cluster;
  } catch (error) {
    await cluster.close();
    throw error;
  }
}

export interface HostsFleet {
  /** HAProxy on this machine: what clients use (PUBLIC_URL and AD_SERVING_URL). */
  url: string;
  processes: FleetProcess[];
  db: pg.Pool;
  nats: NatsCluster;
  /** The event log's stream. */
  stream: string;
  /** SIGKILLs host `index`'s API process and deletes its data folder (its journal too): the machine is gone. */
  loseHost(index: number): Promise<void>;
  haproxy: Haproxy;
  close(): Promise<void>;
}

export const API_HOSTS = ['api1', 'api2', 'api3'] as const;
export const NATS_HOSTS = ['nats1', 'nats2', 'nats3'] as const;
export const DATABASE_HOST = 'db';

/**
 * Three API hosts (each its own data folder) on the database host's PostgreSQL and the NATS cluster's
 * event log (three replicas of each message), files in an S3 peer on this machine, HAProxy in front.
 */
export async function startHostsFleet(
  network: HostNetwork,
  options: { env: Record<string, string> },
): Promise<HostsFleet> {
  const closing: (() => Promise<void>)[] = [];
  const closeAll = async () => {
    for (const close of closing.reverse()) await close().catch(() => undefined);
  };
  try {
    const database = await startDatabaseHost(network, DATABASE_HOST);
    closing.push(() => database.close());
    const stream = 'adconsole_events';
    const nats = await startNatsCluster(network, NATS_HOSTS, stream);
    closing.push(() => nats.close());
    const s3 = await startS3Peer('adconsole-fleet', network.gateway);
    closing.push(() => s3.close());
    const lbUrl = `http://${network.gateway}:${await freePort()}`;
    const secret = randomBytes(32).toString('base64url');
    const processes: FleetProcess[] = API_HOSTS.map((host, index) => {
      const address = network.addressOf(host);
      const dataDir = path.join(network.dir, host);
      return launchApi({
        name: `api${index + 1}`,
        port: 4000,
        url: `http://${address}:4000`,
        prefix: [IP, 'netns', 'exec', network.namespaceOf(host)],
        env: {
          HOST: address,
          PORT: '4000',
          PUBLIC_URL: lbUrl,
          AD_SERVING_URL: lbUrl,
          DATA_DIR: dataDir,
          DATABASE_URL: database.url,
          SERVER_SECRET: secret,
          // Through TLS, as the deploy guide's API user (docs/deploy.md, "Who may use the log").
          EVENTS_BUS: nats.apiUrls,
          EVENTS_BUS_TLS_CA: nats.ca,
          EVENTS_BUS_STREAM: stream,
          S3_BUCKET: s3.bucket,
          S3_ENDPOINT: s3.endpoint,
          S3_ACCESS_KEY_ID: s3.accessKeyId,
          S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
          // HAProxy on this machine adds the address it got the request from to X-Forwarded-For.
          TRUST_PROXY: network.gateway,
          // The fleet's creatives publish at once: creative QA has its own suite (creative-qa.test.ts).
          CREATIVE_QA_CHROMIUM: 'off',
          ...options.env,
        },
      });
    });
    closing.push(async () => {
      for (const fleetProcess of processes) await stopChild(fleetProcess.child, 'SIGKILL');
    });
    // All at once on the empty database: they migrate and seed it once between them (advisory locks).
    await Promise.all(processes.map((fleetProcess) => answering(fleetProcess)));
    const haproxy = haproxyOf(path.join(network.dir, 'haproxy.sock'));
    closing.push(() => haproxy.close());
    await haproxy.start({
      bind: new URL(lbUrl).host,
      url: lbUrl,
      servers: processes.map((fleetProcess) => ({
        name: fleetProcess.name,
        address: new URL(fleetProcess.url).hostname,
        port: 4000,
      })),
    });
    await haproxy.allUp(processes.length);
    const db = new pg.Pool({ connectionString: database.url, max: 2 });
    closing.push(() => db.end());
    return {
      url: lbUrl,
      processes,
      db,
      nats,
      stream,
      haproxy,
      async loseHost(index) {
        const fleetProcess = processes[index] as FleetProcess;
        await stopChild(fleetProcess.child, 'SIGKILL');
        await rm(path.join(network.dir, API_HOSTS[index] as string), { recursive: true, force: true });
      },
      close: closeAll,
    };
  } catch (error) {
    await closeAll();
    throw error;
  }
}
