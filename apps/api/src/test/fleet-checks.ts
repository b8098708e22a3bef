// What the fleet suite checks on either of its shapes (fleet.fleet.test.ts: processes of one machine;
// fleet-hosts.fleet.test.ts: hosts of their own with the event log): every acknowledged beacon counted
// once in the raw events, the report and the campaign counters; the serving rate rule through HAProxy;
// the sign-in, password-reset and token limits across the processes; a scheduled report mailed once;
// frequency caps (a browser's cookie and a device id) across the processes. Each prints its figures
// through `print`.
import { type ReportData, reportDataSchema } from '@adconsole/domain';
import type pg from 'pg';
import { expect } from 'vitest';
import { capsHoldAcross } from './fleet-caps';
import { type LoadFigures, residentialAddress, send } from './fleet-load';
import { Client } from './harness';
import { BROWSER_USER_AGENT, daysAroundToday, publishedLive } from './helpers';
import type { SmtpPeer } from './peers';

/** What the checks need of a fleet: HAProxy's address, each process's, the database. */
export interface FleetUnderTest {
  url: string;
  processes: { url: string }[];
  db: pg.Pool;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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

    /** Frequency caps across the processes (fleet-caps.ts). */
    capsHold: () => capsHoldAcross(fleet(), admin(), { campaignWithBanner, report }, print),

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
