// What the fleet suite checks on either of its shapes (fleet.fleet.test.ts: processes of one machine;
// fleet-hosts.fleet.test.ts: hosts of their own with the event log): every acknowledged beacon counted
// once in the raw events, the report and the campaign counters; the serving rate rule through HAProxy;
// the sign-in, password-reset and token limits across the processes; a scheduled report mailed once;
// frequency caps (a browser's cookie and a device id) across the processes. Each prints its figures
// through `print`.
import { FREQUENCY_COOKIE, type ReportData, reportDataSchema } from '@adconsole/domain';
import type pg from 'pg';
import { expect } from 'vitest';
import { type LoadFigures, residentialAddress, send } from './fleet-load';
import { Client } from './harness';
import { BROWSER_USER_AGENT, daysAroundToday, demoAsset, publishedLive } from './helpers';
import type { SmtpPeer } from './peers';

/** What the checks need of a fleet: HAProxy's address, each process's, the database. */
export interface FleetUnderTest {
  url: string;
  processes: { url: string }[];
  db: pg.Pool;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** How long another process may serve a live creative's old rules: its cache's 5 s and the grace of 1 s. */
const RULES_CACHE_MS = 6000;

/**
 * One browser's cookies for the serving origin (the frequency-cap history, as the last answer that set
 * it left it); each of its requests from a new client address, so HAProxy's hash sends them around.
 */
class CapJar {
  cookie: string | undefined;

  /** An ad request of this browser: whether it was answered an ad, and how long it took (ms). */
  async served(url: string, isAd: (status: number, body: string) => boolean) {
    const started = performance.now();
    const response = await fetch(url, {
      headers: {
        'User-Agent': BROWSER_USER_AGENT,
        'X-Forwarded-For': residentialAddress(),
        ...(this.cookie ? { Cookie: this.cookie } : {}),
      },
    });
    const body = await response.text();
    const set = response.headers.getSetCookie().find((line) => line.startsWith(`${FREQUENCY_COOKIE}=`));
    if (set) this.cookie = set.split(';')[0];
    return { ad: isAd(response.status, body), ms: performance.now() - started };
  }
}
const adJson = (status: number) => status === 200;
const vastAd = (status: number, body: string) => status === 200 && body.includes('<InLine>');
/** What each request of a sequence was answered (an ad or not) and the mean time a request took. */
async function sequence(count: number, ask: (index: number) => Promise<{ ad: boolean; ms: number }>) {
  const answers: { ad: boolean; ms: number }[] = [];
  for (let index = 0; index < count; index += 1) answers.push(await ask(index));
  return {
    ads: answers.map((answer) => answer.ad),
    meanMs: answers.reduce((sum, answer) => sum + answer.ms, 0) / Math.max(1, count),
  };
}

/** Waits until `check` holds, polling; answers how long it took (ms). */
export async function within(
  what: string,
  timeoutMs: number,
  check: () => Promise<boolean>,
): Promise<number> {
  const started = Date.now();
  while (!(await check().catch(() => false))) {
    if (Date.now() - started > timeoutMs) throw new Error(`Not within ${timeoutMs} ms: ${what}`);
    await sleep(100);
  }
  return Date.now() - started;
}

export function fleetChecks(
  fleet: () => FleetUnderTest,
  admin: () => Client,
  banner: () => Buffer,
  print: (line: string) => void,
) {
  const campaignWithBanner = async (name: string, via: Client = admin()) => {
    const made = await via.post<{ id: string }>('/v1/campaign/new', { name });
    expect(made.httpStatus, JSON.stringify(made.body)).toBe(200);
    const id = made.body.data?.id ?? '';
    const live = await publishedLive(via, id, { name: 'Banner', type: 'Banner', width: 300, height: 250 }, [
      { name: 'banner.png', bytes: banner() },
    ]);
    expect(live).not.toBe('');
    return { id, live };
  };
  const report = async (campaignID: string): Promise<ReportData> => {
    const answer = await admin().get(
      `/v1/campaign/reports?${new URLSearchParams({ campaignID, ...daysAroundToday() })}`,
    );
    expect(answer.httpStatus, JSON.stringify(answer.body)).toBe(200);
    return reportDataSchema.parse(answer.body.data);
  };
  const invalidImpressions = (data: ReportData, reason: string) =>
    data.invalid.byReason.find((row) => row.reason === reason)?.impressions ?? 0;
  const counters = async (campaignID: string) =>
    (await admin().get<{ data: { impressions: number } }>(`/v1/campaign/get?campaignID=${campaignID}`)).body
      .data?.data.impressions ?? -1;
  const storedImpressions = async (liveId: string) =>
    Number(
      (
        await fleet().db.query(
          "select count(*)::int as count from events where live_id = $1 and type = 'impression'",
          [liveId],
        )
      ).rows[0]?.count,
    );

  return {
    campaignWithBanner,
    report,
    invalidImpressions,

    /**
     * Every beacon acknowledged is counted once, valid or invalid as its address made it, in all figures,
     * within `timeoutMs` of the last acknowledgement (journalled or in the log: in the store a moment
     * later; a killed process's events once it restarted, or once the log redelivered them).
     */
    async expectCountedOnce(
      name: string,
      campaign: { id: string; live: string },
      load: LoadFigures,
      timeoutMs = 30_000,
    ) {
      const landed = await within(
        'every acknowledged beacon in the store',
        timeoutMs,
        async () => (await storedImpressions(campaign.live)) >= load.acknowledged,
      );
      const data = await report(campaign.id);
      const counted = data.totals.impressions + invalidImpressions(data, 'data-centre');
      print(
        `${name}: ${load.seconds.toFixed(0)} s, impressions asked ${load.adRequests}, beacons sent ${load.beaconsSent} (retries included), acknowledged ${load.acknowledged} (${load.valid} valid, ${load.invalid} invalid), counted ${counted} (report ${data.totals.impressions} valid + ${invalidImpressions(data, 'data-centre')} invalid; campaign counters ${await counters(campaign.id)}), lost ${load.acknowledged - counted}, in the store ${landed} ms after the last acknowledgement, acknowledged after a refusal ${load.retried}, refusals seen ${JSON.stringify(load.refused)}`,
      );
      expect(load.abandoned).toBe(0);
      expect(await storedImpressions(campaign.live)).toBe(load.acknowledged);
      expect(data.totals.impressions).toBe(load.valid);
      expect(invalidImpressions(data, 'data-centre')).toBe(load.invalid);
      expect(await counters(campaign.id)).toBe(load.valid);
    },

    /** One client's ad requests through HAProxy (hashed by address) count `limit` valid, the rest `rate`. */
    async rateRuleHolds(limit: number) {
      const throughLb = await campaignWithBanner('Rate rule through the load balancer');
      const roundRobin = await campaignWithBanner('Rate rule, processes addressed directly');
      // The rule counts per clock minute: start with at least 30 s of the minute left.
      while (Date.now() % 60_000 > 30_000) await sleep(500);
      const play = async (origins: string[], liveId: string) => {
        const headers = { 'user-agent': BROWSER_USER_AGENT, 'x-forwarded-for': residentialAddress() };
        for (let request = 0; request < 3 * limit; request += 1) {
          const origin = origins[request % origins.length] as string;
          const ad = await send(`${origin}/serve/ad/${liveId}.json`, 'GET', headers);
          expect(ad.status).toBe(200);
          const impression = new URL(
            (JSON.parse(ad.body) as { events: { impression: string } }).events.impression,
          );
          expect(
            (await send(`${origin}${impression.pathname}${impression.search}`, 'POST', headers)).status,
          ).toBe(204);
        }
      };
      await play([fleet().url], throughLb.live);
      await play(
        fleet().processes.map((fleetProcess) => fleetProcess.url),
        roundRobin.live,
      );
      // Every ad request's impression is acknowledged (journalled, or in the log); its count lands later.
      const allCounted = (data: ReportData) =>
        data.totals.impressions + invalidImpressions(data, 'rate') >= 3 * limit;
      await within(
        'the rate rule impressions in the store',
        30_000,
        async () => allCounted(await report(throughLb.id)) && allCounted(await report(roundRobin.id)),
      );
      const viaLb = await report(throughLb.id);
      const viaProcesses = await report(roundRobin.id);
      print(
        `Serving rate rule (${limit} a minute): ${3 * limit} ad requests of one client through HAProxy (hashed by client address) counted ${viaLb.totals.impressions} valid, ${invalidImpressions(viaLb, 'rate')} invalid (rate); the same sent round-robin straight to the ${fleet().processes.length} processes, bypassing the load balancer, counted ${viaProcesses.totals.impressions} valid (per-process memory: why the load balancer hashes)`,
      );
      expect(viaLb.totals.impressions).toBe(limit);
      expect(invalidImpressions(viaLb, 'rate')).toBe(2 * limit);
    },

    /** The sign-in limit, a per-address limit and the token limit, against the processes round-robin. */
    async limitsHold(tokenLimit: number) {
      const { processes } = fleet();
      const address = residentialAddress();
      const clients = processes.map((fleetProcess) => {
        const client = new Client(fleetProcess.url);
        Object.assign(client, { address });
        return client;
      });
      const statuses = async (count: number, call: (client: Client) => Promise<{ httpStatus: number }>) => {
        const seen: number[] = [];
        for (let request = 0; request < count; request += 1)
          seen.push((await call(clients[request % clients.length] as Client)).httpStatus);
        return seen;
      };
      const logins = await statuses(11, (client) =>
        client.post('/login', {
          method: 'password',
          username: `nobody${Date.now()}@adconsole.test`,
          password: 'wrong password',
          remember: false,
        }),
      );
      expect(logins).toEqual([...Array(10).fill(401), 429]);
      const resets = await statuses(31, (client) =>
        client.post('/forgotPassword', { email: `nobody${Math.random()}@adconsole.test` }),
      );
      expect(resets).toEqual([...Array(30).fill(200), 429]);
      const token = await admin().post<{ secret: string }>('/v1/tokens', {
        name: 'fleet',
        scopes: ['campaigns:read'],
      });
      expect(token.httpStatus).toBe(200);
      const uses: number[] = [];
      for (let request = 0; request <= tokenLimit; request += 1) {
        const origin = processes[request % processes.length]?.url;
        const answer = await fetch(`${origin}/api/v1/campaign/mine`, {
          headers: { Authorization: `Bearer ${token.body.data?.secret}` },
        });
        uses.push(answer.status);
      }
      expect(uses).toEqual([...Array(tokenLimit).fill(200), 429]);
      print(
        `Limits round-robin across the ${processes.length} processes: sign-in ${logins.filter((s) => s === 401).length} attempts then 429; password reset ${resets.filter((s) => s === 200).length} then 429; API token ${uses.filter((s) => s === 200).length} then 429`,
      );
    },

    /**
     * Frequency caps across the processes (docs/serving.md, "Frequency caps", "Across a fleet"): one
     * browser's cookie jar with a cap of 3 a day, its requests through HAProxy from a new address each
     * (hashed to any process) and, for certainty, straight to each process in turn: 3 ads, then none,
     * counted as `frequency`; a device-id (`ifa=`) keyed cap of 2 a day in VAST requests of an app's
     * player (no cookie jar), each to the next process: 2 ads per device, the history in the store.
     */
    async capsHold() {
      const { processes, url } = fleet();
      const viaLb = await campaignWithBanner('Capped through the load balancer');
      const inTurn = await campaignWithBanner('Capped, the processes in turn');
      const inApps = (await admin().post<{ id: string }>('/v1/campaign/new', { name: 'Capped in apps' })).body
        .data?.id as string;
      const vast = await publishedLive(
        admin(),
        inApps,
        { name: 'In-app roll', type: 'VAST', width: 640, height: 360 },
        [{ name: 'main.mp4', bytes: await demoAsset('main.mp4') }],
      );
      const cap = async (campaignID: string, count: number, extra: Record<string, unknown> = {}) => {
        const answer = await admin().put('/v1/campaign/deliveryRules', {
          campaignID,
          rules: { frequencyCaps: [{ count, period: 'day' }], ...extra },
        });
        expect(answer.httpStatus, JSON.stringify(answer.body)).toBe(200);
      };
      await cap(viaLb.id, 3);
      await cap(inTurn.id, 3);
      await cap(inApps, 2, { uncappable: 'skip' });
      // Every process now judges the new rules, whatever it had cached.
      await sleep(RULES_CACHE_MS);
      const lbJar = new CapJar();
      const throughLb = await sequence(6, () => lbJar.served(`${url}/serve/ad/${viaLb.live}.json`, adJson));
      const turnJar = new CapJar();
      const processAt = (index: number) => processes[index % processes.length]?.url as string;
      const directly = await sequence(6, (index) =>
        turnJar.served(`${processAt(index)}/serve/ad/${inTurn.live}.json`, adJson),
      );
      const devices = ['6D92078A-8246-4BA4-AE5B-76104861E7DC', 'bd2a4c1e-0f55-4d1c-9a57-2c3e8b7a9f10'];
      const played = await sequence(8, (index) =>
        // A new jar each time: an app's player keeps no cookie; its tag says so beside the device id.
        new CapJar().served(
          `${processAt(index)}/serve/vast/${vast}.xml?nocookie=1&ifa=${encodeURIComponent(devices[index < 4 ? 0 : 1] as string)}`,
          vastAd,
        ),
      );
      expect(throughLb.ads).toEqual([true, true, true, false, false, false]);
      expect(directly.ads).toEqual([true, true, true, false, false, false]);
      expect(played.ads).toEqual([true, true, false, false, true, true, false, false]);
      // Each process writes its request counts about once a second: the report has all 6 or 8 soon.
      const expected = [
        [viaLb.id, { adRequests: 6, adsServed: 3, notServedFrequency: 3 }],
        [inTurn.id, { adRequests: 6, adsServed: 3, notServedFrequency: 3 }],
        [inApps, { adRequests: 8, adsServed: 4, notServedFrequency: 4 }],
      ] as const;
      for (const [campaignID, totals] of expected) {
        await within(
          'the capped requests in the report',
          30_000,
          async () => (await report(campaignID)).notServed.totals.adRequests >= totals.adRequests,
        );
        expect((await report(campaignID)).notServed.totals).toMatchObject(totals);
      }
      const devicesStored = await fleet().db.query('select count(*)::int as count from frequency_devices');
      expect(devicesStored.rows[0]?.count).toBe(devices.length);
      const shown = (ads: boolean[]) => ads.map((ad) => (ad ? 'ad' : 'none')).join(' ');
      print(
        `Frequency caps across the ${processes.length} processes: a cap of 3 a day from one cookie jar, 6 ad requests through HAProxy from a new address each: ${shown(throughLb.ads)} (${throughLb.meanMs.toFixed(1)} ms a request); the same straight to each process in turn: ${shown(directly.ads)} (${directly.meanMs.toFixed(1)} ms); counted as frequency ${3 + 3}. A device-id cap of 2 a day (ifa=, VAST, no cookie), 4 requests of each of 2 devices to the processes in turn: ${shown(played.ads)} (${played.meanMs.toFixed(1)} ms a request, a store read and write each); device rows in the store ${devicesStored.rows[0]?.count}`,
      );
    },

    /** A scheduled report due while every process polls (each second) is mailed once. */
    async scheduledReportMailedOnce(smtp: SmtpPeer) {
      const campaign = await campaignWithBanner('Scheduled');
      const recipient = `fleet-report-${Date.now()}@adconsole.test`;
      const created = await admin().post<{ id: string }>('/v1/campaign/scheduledReport', {
        campaignID: campaign.id,
        name: 'Fleet numbers',
        frequency: 'Daily',
        reportType: 'Summary',
        format: 'csv',
        timezone: 'UTC',
        recipients: [recipient],
        withVideo: false,
      });
      expect(created.httpStatus, JSON.stringify(created.body)).toBe(200);
      const id = created.body.data?.id ?? '';
      const { db, processes } = fleet();
      await db.query("update scheduled_reports set next_run_at = now() - interval '1 minute' where id = $1", [
        id,
      ]);
      const mailsTo = () => smtp.received.filter((mail) => mail.envelope.to.includes(recipient));
      const took = await within('the report mail', 60_000, async () => mailsTo().length > 0);
      const jobState = async () =>
        (await db.query('select state from jobs where key like $1', [`report:${id}:%`])).rows.map(
          (row) => row.state as string,
        );
      await within('the delivery job to be done', 30_000, async () => (await jobState()).join() === 'done');
      // Each process polls every second: a few more rounds of all of them, then the count is final.
      await sleep(4000);
      expect(mailsTo()).toHaveLength(1);
      expect(await jobState()).toEqual(['done']);
      print(
        `Scheduled report: due with ${processes.length} processes polling every second, mailed once after ${took} ms; mails to its recipient after 4 s more: ${mailsTo().length}`,
      );
    },
  };
}
