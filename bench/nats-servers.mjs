// NATS servers of a bench's own (bench/beacons.mjs --cluster, bench/nats-replicas.ts): one, or a
// JetStream cluster of several with routes to each other, from /usr/sbin/nats-server (NATS_SERVER_PATH)
// on 127.0.0.1, each with its own client, cluster and monitoring ports (never 4222, 6222 or 8222: the
// machine's own NATS is left alone) and its own store folder under the caller's scratch folder.
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import { freePort } from './demo-server.mjs';

export const NATS_SERVER = process.env.NATS_SERVER_PATH ?? '/usr/sbin/nats-server';
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const usedPorts = new Set();
/** @returns {Promise<number>} a free port not NATS's default ones nor one handed out before. */
async function newPort() {
  for (;;) {
    const port = await freePort();
    if (port !== 4222 && port !== 6222 && port !== 8222 && !usedPorts.has(port)) {
      usedPorts.add(port);
      return port;
    }
  }
}

/** @param {number} port */
const listening = (port) =>
  new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/**
 * Starts `count` servers named `${tag}1`… (routes between all of them when more than one) with config
 * files and store folders in `dir`; each child is added to `running` as soon as it is spawned, so that
 * the caller's clean-up ends it even when the start fails.
 * @param {string} dir
 * @param {string} tag
 * @param {number} count
 * @param {Set<import('node:child_process').ChildProcess>} running
 * @returns {Promise<{ name: string, client: number, monitor: number, child: import('node:child_process').ChildProcess, output: () => string }[]>}
 */
export async function startNatsServers(dir, tag, count, running) {
  const ports = [];
  for (let index = 0; index < count; index += 1)
    ports.push({ client: await newPort(), cluster: await newPort(), monitor: await newPort() });
  const nodes = [];
  for (const [index, port] of ports.entries()) {
    const name = `${tag}${index + 1}`;
    const store = path.join(dir, name);
    mkdirSync(store);
    const routes = ports
      .filter((other) => other !== port)
      .map((other) => `"nats-route://127.0.0.1:${other.cluster}"`)
      .join(', ');
    const cluster =
      count > 1
        ? `cluster {\n  name: bench\n  listen: "127.0.0.1:${port.cluster}"\n  routes: [${routes}]\n}\n`
        : '';
    const config = path.join(dir, `${name}.conf`);
    writeFileSync(
      config,
      `server_name: ${name}\nlisten: "127.0.0.1:${port.client}"\nhttp: "127.0.0.1:${port.monitor}"\njetstream { store_dir: "${store}" }\n${cluster}`,
    );
    let output = '';
    const child = spawn(NATS_SERVER, ['-c', config], { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout?.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    nodes.push({ name, client: port.client, monitor: port.monitor, child, output: () => output });
    running.add(child);
  }
  for (const node of nodes) {
    for (let attempt = 0; !(await listening(node.client)); attempt += 1) {
      if (node.child.exitCode !== null || attempt > 100)
        throw new Error(`nats-server ${node.name} did not start:\n${node.output()}`);
      await sleep(100);
    }
  }
  return nodes;
}

/**
 * The leader of `stream` as the server on `monitor` (its monitoring port) sees it (/jsz), or undefined
 * while it does not hold the stream.
 * @param {number} monitor
 * @param {string} stream
 * @returns {Promise<string | undefined>}
 */
export async function streamLeader(monitor, stream) {
  const response = await fetch(`http://127.0.0.1:${monitor}/jsz?accounts=true&streams=true`);
  const jsz = await response.json();
  for (const account of jsz.account_details ?? [])
    for (const detail of account.stream_detail ?? [])
      if (detail.name === stream) return detail.cluster?.leader;
  return undefined;
}
