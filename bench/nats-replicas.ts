// The event log's NATS servers with three copies of each message against one (docs/deploy.md section 9,
// its input K): a NATS server of the bench's own with the stream on it alone (replicas 1, the reference),
// then a JetStream cluster of three (routes to each other) with the stream on all three (replicas 3), in
// the same run, each from /usr/sbin/nats-server on 127.0.0.1 with ports and a store folder of its own
// (the machine's own NATS is left alone). The stream and its consumer are the product's: the config is
// eventBusConfig's for EVENTS_BUS naming the servers (config/event-bus.ts: stream `adconsole_events`,
// replicas min(3, servers)), made by the API's own link (bus/link.ts, bus/stream-setup.ts: work-queue
// retention, file storage, 1 GiB, discard new; the fleet's durable consumer). Messages are the API
// publisher's (bus/publisher.ts, bus/message.ts): a signed message of `--events` unique impressions
// with their breakdown values (27: what one API process gathers a message at 5,000 beacons a second),
// encoded beforehand (the encoding is the API's CPU, in bench/beacons.mjs's figures), published through
// the link with a fixed number unacknowledged at once (the publisher keeps 4 a process: 16, 64 and 256
// are 4, 16 and 64 processes' worth) for `--seconds`; `--rates` adds rows paced at so many messages a
// second (at most 64 unacknowledged), the same for both, so that one and three copies compare at one rate.
// A forked process reads the log as every API process does (bus/consumer.ts, its writer answering at
// once), so each message's whole life is in the servers' CPU: stored, copied, delivered, acknowledged,
// deleted. The servers' CPU is metered from the start of a row until the stream is empty again.
//
// Printed for each row: messages a second the stream acknowledged; the CPU a message (µs, user + system
// from /proc/<pid>/stat) of the stream's leader and of each follower, the three together, the consumer
// process and this process (the publisher: the NATS client's publish); the same an event. On a machine
// with fewer cores than the cluster's three servers plus the publisher and the consumer, the cluster's
// rate here is bounded by the cores, not by NATS: the CPU a message is what carries to other machines.
//
//   pnpm exec tsx bench/nats-replicas.ts [--seconds 5] [--in-flight 4,16,64,256] [--rates 400,1200] [--events 27]
import { type ChildProcess, fork, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { eventBusConfig, eventBusEnv } from '../apps/api/src/config/event-bus';
import type { EventBusConfig } from '../apps/api/src/services/events/bus/connection';
import { BusConsumer } from '../apps/api/src/services/events/bus/consumer';
import { type BusLog, EventBusLink } from '../apps/api/src/services/events/bus/link';
import { encodeMessage } from '../apps/api/src/services/events/bus/message';
import type { TrackedEvent } from '../apps/api/src/services/events/tracked-event';
import type { EventWriter } from '../apps/api/src/services/events/writer';
import { NATS_SERVER, startNatsServers } from './nats-servers.mjs';
import { cpuMs, machineCpuMeter, ownCpuMeter } from './process-cpu.mjs';

const option = (name: string, fallback: string) => {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? fallback : String(process.argv[index + 1]);
};
const list = (text: string) => (text === '' ? [] : text.split(',').map(Number));
const seconds = Number(option('seconds', '5'));
const inFlightLevels = list(option('in-flight', '4,16,64,256'));
const rates = list(option('rates', '400,1200'));
const eventsAMessage = Number(option('events', '27'));
/** Unacknowledged messages at most in a paced row. */
const PACED_IN_FLIGHT = 64;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The product's lines (stream made, link down) on stderr; its routine ones left out. */
const log: BusLog = { info: () => {}, warn: (line) => console.error(`  [${line}]`) };

// ---------------------------------------------------------------------------------------------------
// The consumer: a forked process reading the log as an API process does, its writer answering at once.

async function consumerProcess(config: EventBusConfig, secret: Buffer) {
  const writer = { recordAll: async () => {}, flush: async () => {} } as unknown as EventWriter;
  const link = new EventBusLink(config, log);
  const consumer = new BusConsumer(link, writer, [secret], log);
  // Gone with the bench: its parent's end closes the channel.
  process.once('disconnect', () => process.exit(0));
  link.start();
  consumer.start();
  while (!link.isUp) await sleep(100);
  process.send?.({ ready: true });
  await new Promise<void>((resolve) => process.once('message', () => resolve()));
  await consumer.stop();
  await link.close();
  process.send?.({ messages: consumer.stats.messages, terminated: consumer.stats.terminated });
  process.exit(0);
}

// ---------------------------------------------------------------------------------------------------
// The servers: one, or three in a cluster, each with its ports and store folder (bench/nats-servers.mjs).

interface NatsNode {
  name: string;
  client: number;
  monitor: number;
  child: ChildProcess;
  output: () => string;
}

/** Starts `count` servers (routes between all of them when more than one) in folders under `dir`. */
const startServers = (dir: string, tag: string, count: number): Promise<NatsNode[]> =>
  startNatsServers(dir, tag, count, running);

const running = new Set<ChildProcess>();
const gone = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;
/** Waits up to 5 s for `child` to exit; answers whether it did. */
const ended = (child: ChildProcess) =>
  gone(child)
    ? Promise.resolve(true)
    : Promise.race([
        new Promise<boolean>((resolve) => child.once('exit', () => resolve(true))),
        sleep(5000).then(() => false),
      ]);
let scratch: string | undefined;
/** Ends every process the bench started and removes its folder (on the way out, even on error). */
async function cleanUp() {
  for (const child of running) if (!gone(child)) child.kill('SIGTERM');
  for (const child of running) if (!(await ended(child))) child.kill('SIGKILL');
  running.clear();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
  scratch = undefined;
}

interface StreamView {
  leader: string;
  consumerLeader: string;
  messages: number;
  ackFloor: number;
}

/** The stream and its consumer as a server's monitoring port shows them (/jsz). */
async function streamView(node: NatsNode, stream: string): Promise<StreamView> {
  const response = await fetch(
    `http://127.0.0.1:${node.monitor}/jsz?accounts=true&streams=true&consumers=true`,
  );
  const jsz = (await response.json()) as {
    account_details?: {
      stream_detail?: {
        name: string;
        cluster?: { leader?: string };
        state: { messages: number };
        consumer_detail?: { cluster?: { leader?: string }; ack_floor: { stream_seq: number } }[];
      }[];
    }[];
  };
  for (const account of jsz.account_details ?? []) {
    for (const detail of account.stream_detail ?? []) {
      if (detail.name !== stream) continue;
      const consumer = detail.consumer_detail?.[0];
      return {
        leader: detail.cluster?.leader ?? node.name,
        consumerLeader: consumer?.cluster?.leader ?? node.name,
        messages: detail.state.messages,
        ackFloor: consumer?.ack_floor.stream_seq ?? 0,
      };
    }
  }
  throw new Error(`${node.name} does not hold stream ${stream}`);
}

// ---------------------------------------------------------------------------------------------------
// The publisher: the API's messages through the API's link.

/** What an API process sends: unique impressions with breakdown values, `eventsAMessage` a message. */
function messageBodies(secret: Buffer, count: number): string[] {
  const sites = ['news.example', 'sport.example', 'recipes.example', 'video.example'];
  const browsers = [
    ['desktop', 'Windows', 'Chrome'],
    ['mobile', 'iOS', 'Mobile Safari'],
    ['mobile', 'Android', 'Chrome Mobile'],
  ] as const;
  const countries = ['DE', 'FR', 'US', 'GB', 'NL', 'ES'];
  const lives = Array.from({ length: 20 }, () => randomBytes(12).toString('hex'));
  let sequence = 0;
  const event = (): TrackedEvent => {
    sequence += 1;
    const [device, os, browser] = browsers[sequence % browsers.length] ?? browsers[0];
    return {
      liveId: lives[sequence % lives.length] ?? '',
      type: 'impression',
      at: new Date(),
      count: 1,
      impressionId: `${Math.floor(Date.now() / 1000).toString(36)}.${randomBytes(12).toString('base64url')}`,
      reason: null,
      dims: {
        site: sites[sequence % sites.length] ?? '',
        device,
        os,
        browser,
        country: countries[sequence % countries.length] ?? '',
      },
    };
  };
  return Array.from({ length: count }, () =>
    encodeMessage(
      secret,
      Array.from({ length: eventsAMessage }, () => event()),
    ),
  );
}

async function untilUp(link: EventBusLink, what: string) {
  for (let waited = 0; !link.isUp; waited += 100) {
    if (waited > 60_000) throw new Error(`the event log did not come up (${what})`);
    await sleep(100);
  }
}

/** Publishes for `secondsToRun` with `inFlight` unacknowledged at most, paced at `rate` a second if given. */
async function drive(link: EventBusLink, bodies: string[], inFlight: number, secondsToRun: number, rate = 0) {
  const start = performance.now();
  const end = start + secondsToRun * 1000;
  let acked = 0;
  let refused = 0;
  let next = 0;
  const lane = async () => {
    while (performance.now() < end) {
      const slot = next;
      next += 1;
      if (rate > 0) {
        const wait = start + (slot / rate) * 1000 - performance.now();
        if (wait > 0) await sleep(wait);
        if (performance.now() >= end) break;
      }
      try {
        await link.publish(bodies[slot % bodies.length] as string);
        acked += 1;
      } catch (error) {
        refused += 1;
        if (refused === 1) console.error(`  [a publish failed: ${errorText(error)}]`);
        await untilUp(link, 'after a refused publish');
      }
    }
  };
  await Promise.all(Array.from({ length: inFlight }, lane));
  return { acked, refused, elapsed: (performance.now() - start) / 1000 };
}

/** Waits until the consumer has taken and acknowledged every message (the work queue is empty). */
async function drained(node: NatsNode, stream: string) {
  const start = performance.now();
  for (;;) {
    const view = await streamView(node, stream);
    if (view.messages === 0) return (performance.now() - start) / 1000;
    if (performance.now() - start > 120_000)
      throw new Error(`the consumer left ${view.messages} messages in the stream for 2 minutes`);
    await sleep(50);
  }
}

interface Row {
  label: string;
  rate: number;
  refused: number;
  drainSeconds: number;
  consumedRate: number;
  /** µs a message: each server by name, the consumer process, this process, the whole machine. */
  servers: Map<string, number>;
  consumer: number;
  publisher: number;
  machine: number;
  others: number;
}

async function topology(dir: string, tag: string, count: number, secret: Buffer, bodies: string[]) {
  const nodes = await startServers(dir, tag, count);
  const urls = nodes.map((node) => `nats://127.0.0.1:${node.client}`).join(',');
  // The product's configuration for EVENTS_BUS naming these servers (and nothing else set).
  const config = eventBusConfig(eventBusEnv.parse({ EVENTS_BUS: urls })) as EventBusConfig;
  const link = new EventBusLink(config, log);
  // As the API's publisher does: the link reads the consumer's acknowledgement floor every check.
  link.onFloor(() => {});
  link.start();
  const consumer = fork(import.meta.filename, [
    '--consumer',
    JSON.stringify(config),
    secret.toString('base64url'),
  ]);
  running.add(consumer);
  try {
    await untilUp(link, `${count} server${count === 1 ? '' : 's'}`);
    await new Promise<void>((resolve, reject) => {
      consumer.once('message', () => resolve());
      consumer.once('exit', (code) => reject(new Error(`the consumer exited with ${code}`)));
    });
    const first = nodes[0] as NatsNode;
    const placed = await streamView(first, config.stream);
    const leaderNode = nodes.find((node) => node.name === placed.leader) ?? first;
    // The consumer's acknowledgement floor as its own leader knows it (a follower's may lag).
    const consumerNode = nodes.find((node) => node.name === placed.consumerLeader) ?? first;
    const roles = nodes.map(
      (node) =>
        `${node.name}: stream ${node.name === placed.leader ? 'leader' : 'follower'}, consumer ${node.name === placed.consumerLeader ? 'leader' : 'follower'}`,
    );
    console.log(
      `\n${count === 1 ? 'One server' : `A cluster of ${count}`}: stream ${config.stream}, ${config.replicas} replica${config.replicas === 1 ? '' : 's'}; ${roles.join('; ')}`,
    );
    // Idle: what the servers spend a second with nothing published (raft heartbeats, the link's checks).
    const idleStart = nodes.map((node) => cpuMs(node.child.pid as number));
    await sleep(2000);
    const idle =
      nodes.reduce((sum, node, index) => sum + cpuMs(node.child.pid as number) - (idleStart[index] ?? 0), 0) /
      2;
    // Warm-up: the store's first blocks, the client's buffers.
    await drive(link, bodies, 16, 1);
    await drained(leaderNode, config.stream);
    const levels = [
      ...inFlightLevels.map((inFlight) => ({ inFlight, rate: 0 })),
      ...rates.map((rate) => ({ inFlight: PACED_IN_FLIGHT, rate })),
    ];
    const rows: Row[] = [];
    for (const level of levels) {
      const before = await streamView(consumerNode, config.stream);
      const serversStart = nodes.map((node) => cpuMs(node.child.pid as number));
      const consumerStart = cpuMs(consumer.pid as number);
      const own = ownCpuMeter();
      const machine = machineCpuMeter();
      const result = await drive(link, bodies, level.inFlight, seconds, level.rate);
      const publisherMs = own.stop();
      const after = await streamView(consumerNode, config.stream);
      const drainSeconds = await drained(leaderNode, config.stream);
      const machineMs = machine.stop();
      const perMessage = (ms: number) => (ms * 1000) / Math.max(1, result.acked);
      const servers = new Map(
        nodes.map((node, index) => [
          node.name,
          perMessage(cpuMs(node.child.pid as number) - (serversStart[index] ?? 0)),
        ]),
      );
      const consumerMicros = perMessage(cpuMs(consumer.pid as number) - consumerStart);
      const oursMs =
        (([...servers.values()].reduce((sum, micros) => sum + micros, 0) + consumerMicros) * result.acked) /
          1000 +
        publisherMs;
      rows.push({
        label: level.rate > 0 ? `paced ${level.rate}/s` : `${level.inFlight} in flight`,
        rate: result.acked / result.elapsed,
        refused: result.refused,
        drainSeconds,
        consumedRate: (after.ackFloor - before.ackFloor) / result.elapsed,
        servers,
        consumer: consumerMicros,
        publisher: perMessage(publisherMs),
        machine: perMessage(machineMs),
        others: Math.max(0, machineMs - oursMs) / 1000 / (result.elapsed + drainSeconds),
      });
    }
    return { nodes, leader: placed.leader, consumerLeader: placed.consumerLeader, idle, config, rows };
  } finally {
    if (consumer.connected) consumer.send('stop');
    await ended(consumer);
    await link.close();
    for (const node of nodes) node.child.kill('SIGTERM');
    await Promise.all(nodes.map((node) => ended(node.child)));
  }
}

// ---------------------------------------------------------------------------------------------------

async function main() {
  const cores = availableParallelism();
  const now = new Date();
  const version = spawnSync(NATS_SERVER, ['--version']).stdout?.toString().trim();
  console.log(
    `${now.toISOString().slice(0, 10)}, ${now.toISOString().slice(11, 16)} UTC; ${cores} cores; load average ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}; ${version}`,
  );
  const secret = randomBytes(32);
  const bodies = messageBodies(secret, 512);
  const bytes = Buffer.byteLength(bodies[0] as string);
  console.log(
    `Messages of ${eventsAMessage} events (${bytes} bytes, ${(bytes / eventsAMessage).toFixed(0)} an event), ${seconds} s a row; a forked consumer reads the log as the API does.`,
  );
  scratch = mkdtempSync(path.join(tmpdir(), 'adconsole-bench-nats-replicas-'));
  const results = [];
  results.push(await topology(scratch, 'one', 1, secret, bodies));
  results.push(await topology(scratch, 'n', 3, secret, bodies));

  const pad = (value: string | number, width: number) => String(value).padStart(width);
  console.log(
    `\nµs of CPU a message (user + system, /proc/<pid>/stat), each server from the row's start until the stream was empty again (drain: how long after the row); * the server leading the consumer; "an event": the servers' µs an event; "machine": every process's; "others": the cores other processes took meanwhile.`,
  );
  console.log(
    `${'replicas'.padEnd(9)} ${'row'.padEnd(13)} ${pad('acked/s', 8)} ${pad('events/s', 9)} ${pad('read/s', 7)} ${pad('drain', 5)} ${pad('leader', 7)} ${pad('follower', 8)} ${pad('follower', 8)} ${pad('servers', 8)} ${pad('an event', 8)} ${pad('consumer', 8)} ${pad('publish', 7)} ${pad('machine', 7)} ${pad('others', 6)}`,
  );
  for (const result of results) {
    for (const row of result.rows) {
      const leader = row.servers.get(result.leader) ?? 0;
      const followers = [...row.servers].filter(([name]) => name !== result.leader);
      const all = leader + followers.reduce((sum, [, micros]) => sum + micros, 0);
      // `*`: the server that leads the consumer (its deliveries and acknowledgements' copies start there).
      const marked = (name: string, micros: number) =>
        `${name === result.consumerLeader && result.nodes.length > 1 ? '*' : ''}${micros.toFixed(1)}`;
      console.log(
        [
          `R${result.config.replicas}`.padEnd(9),
          row.label.padEnd(13),
          pad(row.rate.toFixed(0), 8),
          pad((row.rate * eventsAMessage).toFixed(0), 9),
          pad(row.consumedRate.toFixed(0), 7),
          pad(`${row.drainSeconds.toFixed(1)}s`, 5),
          pad(marked(result.leader, leader), 7),
          pad(followers[0] ? marked(...followers[0]) : '-', 8),
          pad(followers[1] ? marked(...followers[1]) : '-', 8),
          pad(all.toFixed(1), 8),
          pad((all / eventsAMessage).toFixed(2), 8),
          pad(row.consumer.toFixed(1), 8),
          pad(row.publisher.toFixed(1), 7),
          pad(row.machine.toFixed(1), 7),
          pad(row.others.toFixed(2), 6),
        ].join(' '),
      );
      if (row.refused > 0) console.log(`  ${row.refused} publishes refused or not acknowledged in time`);
    }
    console.log(
      `  R${result.config.replicas} idle: the servers spent ${result.idle.toFixed(1)} ms a second with nothing published`,
    );
  }
  const [one, three] = results;
  if (one && three) {
    console.log('\nThree copies against one, the servers together, µs a message at the same row:');
    for (const [index, row] of three.rows.entries()) {
      const reference = one.rows[index];
      if (!reference) continue;
      const sum = (servers: Map<string, number>) =>
        [...servers.values()].reduce((total, micros) => total + micros, 0);
      console.log(
        `  ${row.label.padEnd(13)} ${sum(reference.servers).toFixed(1)} → ${sum(row.servers).toFixed(1)} (${(sum(row.servers) / sum(reference.servers)).toFixed(2)} ×); acked/s ${reference.rate.toFixed(0)} → ${row.rate.toFixed(0)}`,
      );
    }
  }
  console.log(
    `\nOn ${cores} cores the cluster's three servers, the publisher and the consumer share the cores: its rate here is bounded by them, not by NATS; the CPU a message (each follower's, the leader's) is the figure that carries to machines of their own (there the copies also cross a real network).`,
  );
}

if (process.argv[2] === '--consumer') {
  await consumerProcess(
    JSON.parse(String(process.argv[3])) as EventBusConfig,
    Buffer.from(String(process.argv[4]), 'base64url'),
  );
} else {
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => {
      void cleanUp().finally(() => process.exit(130));
    });
  try {
    await main();
  } finally {
    await cleanUp();
  }
  process.exit(0);
}
