// The fleet across machines (docs/deploy.md, "Across machines"), opt-in: `npm run test:fleet`, as root.
// Three API hosts, a database host and a three-node NATS cluster (the event log: three replicas of each
// message) on a network of their own (Linux network namespaces joined by veth pairs to a bridge, made
// and removed here: test/fleet-hosts.ts), HAProxy, the load and the SMTP and S3 peers on this machine.
// Under load, one API host is SIGKILLed and its data folder deleted (the machine is gone, its journal
// with it), then the NATS node leading the stream is killed: every acknowledged beacon is counted once,
// no answer is a 5xx, and the serving rate rule, the limits and a scheduled report still hold on the
// hosts that are left. Skipped, with a line saying why, where it cannot run (not root).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withNats } from './test/bus';
import { fleetChecks } from './test/fleet-checks';
import {
  API_HOSTS,
  DATABASE_HOST,
  type HostNetwork,
  type HostsFleet,
  hostsSuiteMissing,
  NATS_HOSTS,
  startHostNetwork,
  startHostsFleet,
} from './test/fleet-hosts';
import { startLoad } from './test/fleet-load';
import { Client } from './test/harness';
import { demoAsset } from './test/helpers';
import { type SmtpPeer, startSmtpPeer } from './test/peers';

const DEMO_PASSWORD = 'fleet-demo-password';
const RATE_LIMIT = 10;
const TOKEN_LIMIT = 30;
/** How long a message a consumer took waits for its acknowledgement (a killed host's, then redelivered). */
const ACK_WAIT_SECONDS = 10;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const figures: string[] = [];
const print = (line: string) => {
  figures.push(line);
  console.log(line);
};

const missing = hostsSuiteMissing();
if (missing)
  console.log(`The fleet across machines is skipped: ${missing} (run npm run test:fleet as root).`);

describe.skipIf(missing !== undefined)(
  'a fleet across machines: three API hosts, a database host, a three-node NATS cluster, HAProxy',
  () => {
    let network: HostNetwork;
    let fleet: HostsFleet;
    let smtp: SmtpPeer;
    let admin: Client;
    let banner: Buffer;
    /** The hosts whose API process still runs. */
    const alive = () =>
      fleet.processes.filter(({ child }) => child.exitCode === null && child.signalCode === null);
    const checks = fleetChecks(
      () => ({ url: fleet.url, processes: alive(), db: fleet.db }),
      () => admin,
      () => banner,
      print,
    );

    beforeAll(async () => {
      const started = Date.now();
      network = await startHostNetwork([...API_HOSTS, DATABASE_HOST, ...NATS_HOSTS]);
      smtp = await startSmtpPeer(network.gateway);
      banner = await demoAsset('banner.png');
      fleet = await startHostsFleet(network, {
        env: {
          SMTP_URL: smtp.url,
          DEMO_PASSWORD,
          JOB_POLL_SECONDS: '1',
          DRAIN_SECONDS: '2',
          SERVE_RATE_LIMIT: String(RATE_LIMIT),
          API_TOKEN_RATE_LIMIT: String(TOKEN_LIMIT),
          EVENTS_BUS_ACK_WAIT_SECONDS: String(ACK_WAIT_SECONDS),
        },
      });
      print(
        `Hosts: ${API_HOSTS.length} API hosts, a database host and ${NATS_HOSTS.length} NATS hosts on ${network.gateway}/24, HAProxy in front, up in ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
      admin = new Client(fleet.url);
      const login = await admin.post('/login', {
        method: 'password',
        username: 'demo@adconsole.test',
        password: DEMO_PASSWORD,
        remember: false,
      });
      expect(login.httpStatus, JSON.stringify(login.body)).toBe(200);
    });
    afterAll(async () => {
      console.log(`\nFleet across machines: figures\n${figures.map((line) => `  ${line}`).join('\n')}\n`);
      await fleet?.close();
      await smtp?.close();
      await network?.close();
    });

    it('started together on the database host, the API hosts migrated and seeded it once and made the stream with three replicas', async () => {
      const migrations = await fleet.db.query(
        'select name, count(*)::int as count from schema_migrations group by name',
      );
      expect(migrations.rows.every((row) => row.count === 1)).toBe(true);
      const replicas = await withNats(
        fleet.nats.urls,
        async (_nc, jsm) => {
          const info = await jsm.streams.info(fleet.stream);
          return { configured: info.config.num_replicas, current: 1 + (info.cluster?.replicas?.length ?? 0) };
        },
        fleet.nats.adminOptions,
      );
      expect(replicas).toEqual({ configured: 3, current: 3 });
    });

    it('under load, an API host SIGKILLed with its data folder deleted, then the NATS node leading the stream killed: every acknowledged beacon counted once, no answer a 5xx', async () => {
      const campaign = await checks.campaignWithBanner('Hosts lost under load');
      const load = startLoad({ origin: fleet.url, liveId: campaign.live, concurrency: 24, invalidEvery: 10 });
      const started = Date.now();
      const at = () => `${((Date.now() - started) / 1000).toFixed(0)} s`;
      await sleep(20_000);
      const sentBefore = await fleet.haproxy.sentTo('serving');
      await fleet.loseHost(2);
      const lost = at();
      await sleep(20_000);
      const leader = await fleet.nats.leaderOf(fleet.stream);
      await leader.kill();
      const killed = at();
      await sleep(25_000);
      const figuresOfLoad = await load.stop();
      const sentAfter = await fleet.haproxy.sentTo('serving');
      print(
        `Lost: API host ${API_HOSTS[2]} SIGKILLed and its data folder deleted at ${lost}; NATS node ${leader.name} (${leader.host}, the stream's leader) killed at ${killed}; the load stopped at ${at()}`,
      );
      print(
        `Serving requests HAProxy sent each host: before the loss ${JSON.stringify(sentBefore)}, at the end ${JSON.stringify(sentAfter)}`,
      );
      print(
        `Hosts still serving: ${alive()
          .map((fleetProcess) => fleetProcess.name)
          .join(', ')} of ${fleet.processes.map((fleetProcess) => fleetProcess.name).join(', ')}`,
      );
      // What each host's event log said meanwhile (the link's lines: an outage, the journal drained).
      for (const fleetProcess of fleet.processes) {
        const lines = fleetProcess
          .output()
          .split('\n')
          .filter((line) => line.includes('events bus:'))
          .map((line) => /"msg":"((?:[^"\\]|\\.)*)"/.exec(line)?.[1] ?? line);
        print(
          `${fleetProcess.name}'s event log: ${lines.length === 0 ? 'nothing to say' : lines.join(' | ')}`,
        );
      }
      await checks.expectCountedOnce('Load across the hosts', campaign, figuresOfLoad, 120_000);
      expect(figuresOfLoad.serverErrors).toBe(0);
      expect(figuresOfLoad.networkErrors).toBe(0);
      // Nothing left in the log: every message was stored and acknowledged.
      const pending = await withNats(
        fleet.nats.urls,
        async (_nc, jsm) => {
          const info = await jsm.consumers.info(fleet.stream, `${fleet.stream}_store`);
          return info.num_pending + info.num_ack_pending;
        },
        fleet.nats.adminOptions,
      );
      expect(pending).toBe(0);
      await leader.start();
    });

    it(`one client gets SERVE_RATE_LIMIT (${RATE_LIMIT}) ad requests a minute counted valid from the hosts left, not more`, async () => {
      await checks.rateRuleHolds(RATE_LIMIT);
    });

    it('the sign-in limit, the per-address limits and the token limit hold across the hosts addressed round-robin', async () => {
      await checks.limitsHold(TOKEN_LIMIT);
    });

    it('frequency caps hold across the hosts left: a cookie jar 3 ads then none, a device id 2 per device', async () => {
      await checks.capsHold();
    });

    it('a scheduled report due while the hosts poll is mailed once', async () => {
      await checks.scheduledReportMailedOnce(smtp);
    });
  },
);
