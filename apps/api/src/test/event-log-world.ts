// The event log's own tests (services/events/bus/*.test.ts): a test server on a stream of its own,
// answering beacons once the log has them (never waiting for the store), a campaign with a banner to
// serve, other API processes on the same stream and database (a fleet's), and an outsider's view of the
// stream: what is pending, and a consumer of the fleet that takes messages and dies.
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { servedAdSchema } from '@adconsole/domain';
import { jetstream } from '@nats-io/jetstream';
import type { NodeConnectionOptions } from '@nats-io/transport-node';
import { authOptions } from '../services/events/bus/connection';
import { decodeMessage } from '../services/events/bus/message';
import { natsUrl, uniqueStream, withNats } from './bus';
import { type Client, type SecondProcess, startSecondProcess, startServer, type TestServer } from './harness';
import { demoAsset, publishedLive, signedInUser, visit } from './helpers';

export interface EventLogWorld {
  server: TestServer;
  owner: Client;
  stream: string;
  /** The NATS server(s) of the stream, without credentials (the server's EVENTS_BUS as parsed). */
  servers: string;
  /** The API's keys to them (its credentials and TLS settings, for a client of the test's). */
  clientOptions: NodeConnectionOptions;
  /** The server's log lines (warn and above). */
  logLines: string[];
  /** The live creative the beacons are of. */
  live: string;
  /** A served ad's impression beacon URL on the server: a new signed impression each time. */
  impressionUrl(): Promise<string>;
  /**
   * Sends `count` new impressions' beacons, `parallel` at a time, to the server or to `origin` (another
   * process of the fleet), of ads served by the server or by `adFrom`; answers their statuses.
   */
  beacons(
    count: number,
    options?: { parallel?: number; origin?: string; adFrom?: string },
  ): Promise<number[]>;
  /** The campaign's impressions as the API counts them (the store's totals). */
  impressions(): Promise<number>;
  /** Messages of the stream the fleet's consumer has not acknowledged (taken or not). */
  unacknowledged(): Promise<number>;
  /**
   * Another API process on the same database and stream, reading the log into the store, with a journal
   * folder of its own (its own machine's): a fleet's consuming process.
   */
  consumingProcess(env?: Record<string, string>): Promise<SecondProcess>;
  /**
   * A consumer of the fleet that takes every unacknowledged message, writes their events into the store
   * when `writes` (as the consumer does, up to its commit), and dies before acknowledging them. Answers
   * the events it took.
   */
  takeAndDie(options: { writes: boolean; events: number }): Promise<number>;
  close(): Promise<void>;
}

export async function eventLogWorld(
  env: Record<string, string> = {},
  servers = natsUrl(),
): Promise<EventLogWorld> {
  const stream = env.EVENTS_BUS_STREAM ?? uniqueStream();
  const logLines: string[] = [];
  // The log's settings (its keys among them) go to the fleet's other processes too.
  const busEnv: Record<string, string> = {
    EVENTS_BUS: servers,
    EVENTS_BUS_STREAM: stream,
    EVENTS_BUS_ACK_WAIT_SECONDS: '1',
    ...Object.fromEntries(Object.entries(env).filter(([name]) => /^EVENTS_BUS_(NKEY|CREDS|TLS_)/.test(name))),
  };
  const server = await startServer({ ...busEnv, ...env }, { logLines });
  // The test looks into the stream as the API does: its servers, with its keys.
  const bus = server.config.eventsBus;
  if (!bus) throw new Error('the event log world runs without the event log');
  const clientServers = bus.servers.join(',');
  const clientOptions = await authOptions(bus.auth, bus.tls, bus.servers);
  const journals: string[] = [];
  const { client: owner } = await signedInUser(server);
  const campaignID =
    (await owner.post<{ id: string }>('/v1/campaign/new', { name: 'Event log' })).body.data?.id ?? '';
  const live = await publishedLive(
    owner,
    campaignID,
    { name: 'Box', type: 'Banner', width: 300, height: 250 },
    [{ name: 'banner.png', bytes: await demoAsset('banner.png') }],
  );
  const impressionUrl = async (origin = server.url, adFrom = server.url) => {
    const ad = servedAdSchema.parse(await (await visit(`${adFrom}/serve/ad/${live}.json`)).json());
    const url = new URL(ad.events.impression ?? '');
    return `${origin}${url.pathname}${url.search}`;
  };
  const durable = `${stream}_store`;
  return {
    server,
    owner,
    stream,
    servers: clientServers,
    clientOptions,
    logLines,
    live,
    impressionUrl: () => impressionUrl(),
    async beacons(count, { parallel = 25, origin = server.url, adFrom = server.url } = {}) {
      const statuses: number[] = [];
      for (let at = 0; at < count; at += parallel) {
        const urls = await Promise.all(
          Array.from({ length: Math.min(parallel, count - at) }, () => impressionUrl(origin, adFrom)),
        );
        const answers = await Promise.all(urls.map((url) => visit(url, { method: 'POST' })));
        statuses.push(...answers.map((answer) => answer.status));
      }
      return statuses;
    },
    async impressions() {
      const answer = await owner.get<{ data: { impressions: number } }>(
        `/v1/campaign/get?campaignID=${campaignID}`,
      );
      return answer.body.data?.data.impressions ?? -1;
    },
    unacknowledged: () =>
      withNats(
        clientServers,
        async (_nc, jsm) => {
          const info = await jsm.consumers.info(stream, durable);
          return info.num_pending + info.num_ack_pending;
        },
        clientOptions,
      ),
    async consumingProcess(extra = {}) {
      const journal = await mkdtemp(path.join(tmpdir(), 'adconsole-journal-'));
      journals.push(journal);
      return startSecondProcess(server, { ...busEnv, EVENTS_JOURNAL_DIR: journal, ...extra }, { logLines });
    },
    takeAndDie: ({ writes, events }) =>
      withNats(
        clientServers,
        async (nc) => {
          const consumer = await jetstream(nc).consumers.get(stream, durable);
          let taken = 0;
          while (taken < events) {
            const messages = await consumer.fetch({ max_messages: 100, expires: 2000 });
            for await (const message of messages) {
              const decoded = decodeMessage(server.app.adconsole.secret, message.string());
              if (decoded.kind !== 'events') continue;
              if (writes) await server.app.adconsole.events.store.writeBatch(decoded.events);
              taken += decoded.events.length;
            }
          }
          // The connection closes without a single acknowledgement: the consumer is gone.
          return taken;
        },
        clientOptions,
      ),
    async close() {
      await server.close();
      for (const journal of journals) await rm(journal, { recursive: true, force: true });
    },
  };
}

/** The journal's segment files in `dir` (events waiting for the log). */
export const segmentsIn = async (dir: string) =>
  (await readdir(dir).catch(() => [])).filter((name) => name.endsWith('.events'));

/** A secret that is not the fleet's: what an outsider signs with. */
export const strangersSecret = () => randomBytes(32);
