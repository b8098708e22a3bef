// The fleet (issue 43, docs/deploy.md), opt-in: `npm run test:fleet`. Three processes of the built API
// (apps/api/dist/main.js) on one fresh PostgreSQL database behind Debian's HAProxy, started together (they
// migrate and seed the demo once between them), with an SMTP server in this process. It proves, with
// real processes, signals and HTTP: the live-creative cache's bound across processes; a SIGKILL in the
// middle of two minutes of unique impressions loses no acknowledged beacon and counts none twice; a
// rolling restart (SIGTERM, drain) under load answers no 5xx; the serving rate rule, the sign-in limit,
// the per-address limits and the token limit hold for the fleet; a scheduled report due while all three
// poll is mailed once; memory stays flat. It prints its figures at the end.
import { type ReportData, reportDataSchema } from '@adconsole/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Fleet, startFleet } from './test/fleet';
import { type LoadFigures, residentialAddress, send, startLoad } from './test/fleet-load';
import { Client } from './test/harness';
import { BROWSER_USER_AGENT, daysAroundToday, demoAsset, publishedLive } from './test/helpers';
import { type SmtpPeer, startSmtpPeer } from './test/peers';

const DEMO_PASSWORD = 'fleet-demo-password';
const RATE_LIMIT = 10;
const TOKEN_LIMIT = 30;
/** The live-creative cache's lifetime and the grace while an old entry is read again (live-creatives.ts). */
const CACHE_MS = 5000 + 1000;
const PAST = { start: { date: '2020-01-01' }, end: { date: '2020-01-31' } };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const figures: string[] = [];
const print = (line: string) => {
  figures.push(line);
  console.log(line);
};

/** Waits until `check` holds, polling; answers how long it took (ms). */
async function within(what: string, timeoutMs: number, check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  while (!(await check().catch(() => false))) {
    if (Date.now() - started > timeoutMs) throw new Error(`Not within ${timeoutMs} ms: ${what}`);
    await sleep(100);
  }
  return Date.now() - started;
}

describe('a fleet of three API processes behind HAProxy on one PostgreSQL database', () => {
  let fleet: Fleet;
  let smtp: SmtpPeer;
  let admin: Client;
  let banner: Buffer;

  /** A client of one process, signed in as the demo admin (sessions live in the database). */
  const direct = (index: number) => {
    const client = new Client(fleet.processes[index]?.url ?? '');
    client.cookie = admin.cookie;
    return client;
  };
  const campaignWithBanner = async (name: string, via: Client = admin) => {
    const made = await via.post<{ id: string }>('/v1/campaign/new', { name });
    expect(made.httpStatus, JSON.stringify(made.body)).toBe(200);
    const id = made.body.data?.id ?? '';
    const live = await publishedLive(via, id, { name: 'Banner', type: 'Banner', width: 300, height: 250 }, [
      { name: 'banner.png', bytes: banner },
    ]);
    expect(live).not.toBe('');
    return { id, live };
  };
  const report = async (campaignID: string): Promise<ReportData> => {
    const answer = await admin.get(
      `/v1/campaign/reports?${new URLSearchParams({ campaignID, ...daysAroundToday() })}`,
    );
    expect(answer.httpStatus, JSON.stringify(answer.body)).toBe(200);
    return reportDataSchema.parse(answer.body.data);
  };
  const invalidImpressions = (data: ReportData, reason: string) =>
    data.invalid.byReason.find((row) => row.reason === reason)?.impressions ?? 0;
  const counters = async (campaignID: string) =>
    (await admin.get<{ data: { impressions: number } }>(`/v1/campaign/get?campaignID=${campaignID}`)).body
      .data?.data.impressions ?? -1;
  const storedImpressions = async (liveId: string) =>
    Number(
      (
        await fleet.db.query(
          "select count(*)::int as count from events where live_id = $1 and type = 'impression'",
          [liveId],
        )
      ).rows[0]?.count,
    );
  /** Every beacon acknowledged is counted once, valid or invalid as its address made it, in all figures. */
  const expectCountedOnce = async (
    name: string,
    campaign: { id: string; live: string },
    load: LoadFigures,
  ) => {
    // Acknowledged once journalled (docs/serving.md "The event journal"): in the store a moment later,
    // a killed process's events once it has restarted.
    const landed = await within(
      'every acknowledged beacon in the store',
      30_000,
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
  };

  beforeAll(async () => {
    smtp = await startSmtpPeer();
    banner = await demoAsset('banner.png');
    const started = Date.now();
    fleet = await startFleet({
      size: 3,
      env: {
        SMTP_URL: smtp.url,
        DEMO_PASSWORD,
        JOB_POLL_SECONDS: '1',
        DRAIN_SECONDS: '2',
        SERVE_RATE_LIMIT: String(RATE_LIMIT),
        API_TOKEN_RATE_LIMIT: String(TOKEN_LIMIT),
      },
    });
    print(`Fleet: 3 processes and HAProxy up in ${((Date.now() - started) / 1000).toFixed(1)} s`);
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
    console.log(`\nFleet figures\n${figures.map((line) => `  ${line}`).join('\n')}\n`);
    await fleet?.close();
    await smtp?.close();
  });

  it('started together on an empty database, the processes migrated and seeded it once', async () => {
    const migrations = await fleet.db.query(
      'select name, count(*)::int as count from schema_migrations group by name',
    );
    expect(migrations.rows.every((row) => row.count === 1)).toBe(true);
    const demo = await fleet.db.query(
      "select count(*)::int as count from users where email = 'demo@adconsole.test'",
    );
    expect(demo.rows[0]?.count).toBe(1);
    const campaigns = await fleet.db.query(
      "select count(*)::int as count from campaigns where name = 'Demo campaign'",
    );
    expect(campaigns.rows[0]?.count).toBe(1);
  });

  it('a creative published through process 1 serves from processes 2 and 3 within the cache period; ending its flight stops it everywhere within that period', async () => {
    const campaign = await campaignWithBanner('Cache', direct(0));
    const published = Date.now();
    const adStatus = (index: number) =>
      send(`${fleet.processes[index]?.url}/serve/ad/${campaign.live}.json`, 'GET', {
        'user-agent': BROWSER_USER_AGENT,
        'x-forwarded-for': residentialAddress(),
      }).then((answer) => answer.status);
    await within('processes 2 and 3 serve the new creative', CACHE_MS, async () =>
      (await Promise.all([adStatus(1), adStatus(2)])).every((status) => status === 200),
    );
    const served = Date.now() - published;
    const moved = await direct(0).put('/v1/campaign/update', { id: campaign.id, name: 'Cache', data: PAST });
    expect(moved.httpStatus).toBe(200);
    const ended = Date.now();
    // The process that took the change sees it at once; the others when their cached entry is read again.
    expect(await adStatus(0)).toBe(404);
    await within('processes 2 and 3 stop serving the ended flight', CACHE_MS + 1500, async () =>
      (await Promise.all([adStatus(1), adStatus(2)])).every((status) => status === 404),
    );
    print(
      `Live-creative cache (5 s, 1 s grace): published on process 1, served by 2 and 3 after ${served} ms; flight ended on 1, stopped on 2 and 3 after ${Date.now() - ended} ms`,
    );
  });

  it('two minutes of unique impressions with one process killed (SIGKILL) and restarted in the middle: every acknowledged beacon counted once, none lost; memory flat', async () => {
    const campaign = await campaignWithBanner('Kill -9 under load');
    const sentBefore = await fleet.sentTo('serving');
    const load = startLoad({ origin: fleet.url, liveId: campaign.live, concurrency: 24, invalidEvery: 10 });
    const started = Date.now();
    await sleep(15_000);
    const rssStart = [await fleet.rssMb(0), await fleet.rssMb(1)];
    await sleep(45_000);
    expect(await fleet.stop(2, 'SIGKILL')).toBeNull();
    const killedAt = Date.now() - started;
    await sleep(3000);
    await fleet.restart(2);
    await fleet.allUp();
    print(
      `SIGKILL: process 3 killed at ${(killedAt / 1000).toFixed(0)} s, up again in HAProxy at ${((Date.now() - started) / 1000).toFixed(0)} s`,
    );
    await sleep(10_000);
    const rssStart3 = await fleet.rssMb(2);
    while (Date.now() - started < 125_000) await sleep(500);
    const rssEnd = [await fleet.rssMb(0), await fleet.rssMb(1), await fleet.rssMb(2)];
    const figuresOfLoad = await load.stop();
    expect(figuresOfLoad.seconds).toBeGreaterThanOrEqual(120);
    const sentAfter = await fleet.sentTo('serving');
    const shares = Object.entries(sentAfter).map(
      ([name, sent]) => [name, sent - (sentBefore[name] ?? 0)] as const,
    );
    print(
      `Serving requests HAProxy sent each process during that load: ${shares.map(([name, sent]) => `${name} ${sent}`).join(', ')}`,
    );
    // Every process answered its share (process 3 before its kill and after its restart).
    for (const [, sent] of shares) expect(sent).toBeGreaterThan(0);
    await expectCountedOnce('Load with a SIGKILL', campaign, figuresOfLoad);
    const rss = [...rssStart, rssStart3].map((start, index) => ({ start, end: rssEnd[index] ?? 0 }));
    print(
      `Memory (RSS, MB) over the load: ${rss.map((r, index) => `process ${index + 1} ${r.start} -> ${r.end}`).join(', ')} (process 3 from its restart)`,
    );
    for (const { start, end } of rss) expect(end).toBeLessThan(start * 1.5 + 64);
  });

  it('a rolling restart (SIGTERM to each process in turn) under load drops no acknowledged beacon and answers no request with a 5xx', async () => {
    const campaign = await campaignWithBanner('Rolling restart');
    const load = startLoad({ origin: fleet.url, liveId: campaign.live, concurrency: 16, invalidEvery: 10 });
    // The console's calls through the load balancer meanwhile: the signed-in user and the health check.
    let consoleCalls = 0;
    const consoleErrors: string[] = [];
    let calling = true;
    const consoleLoop = (async () => {
      while (calling) {
        for (const pathname of ['/me', '/ping']) {
          consoleCalls += 1;
          const answer = await admin
            .get(pathname)
            .catch((error: unknown) => ({ httpStatus: 0, body: String(error) }));
          if (answer.httpStatus !== 200) consoleErrors.push(`${pathname} ${answer.httpStatus}`);
        }
        await sleep(50);
      }
    })();
    await sleep(5000);
    const restarts: string[] = [];
    for (const index of [0, 1, 2]) {
      const began = Date.now();
      expect(await fleet.stop(index, 'SIGTERM')).toBe(0);
      const stopped = Date.now() - began;
      await fleet.restart(index);
      await fleet.allUp();
      restarts.push(`process ${index + 1}: exited 0 after ${stopped} ms, back in ${Date.now() - began} ms`);
    }
    await sleep(3000);
    calling = false;
    await consoleLoop;
    const figuresOfLoad = await load.stop();
    print(`Rolling restart: ${restarts.join('; ')}`);
    print(
      `Rolling restart: console calls ${consoleCalls}, failed ${consoleErrors.length} ${JSON.stringify(consoleErrors.slice(0, 5))}`,
    );
    await expectCountedOnce('Load across a rolling restart', campaign, figuresOfLoad);
    expect(figuresOfLoad.serverErrors).toBe(0);
    expect(figuresOfLoad.networkErrors).toBe(0);
    expect(consoleErrors).toEqual([]);
  });

  it(`one client gets SERVE_RATE_LIMIT (${RATE_LIMIT}) ad requests a minute counted valid from the fleet, not three times that`, async () => {
    const throughLb = await campaignWithBanner('Rate rule through the load balancer');
    const roundRobin = await campaignWithBanner('Rate rule, processes addressed directly');
    // The rule counts per clock minute: start with at least 30 s of the minute left.
    while (Date.now() % 60_000 > 30_000) await sleep(500);
    const play = async (origins: string[], liveId: string) => {
      const headers = { 'user-agent': BROWSER_USER_AGENT, 'x-forwarded-for': residentialAddress() };
      for (let request = 0; request < 3 * RATE_LIMIT; request += 1) {
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
    await play([fleet.url], throughLb.live);
    await play(
      fleet.processes.map((fleetProcess) => fleetProcess.url),
      roundRobin.live,
    );
    // Every ad request's impression is acknowledged (journalled); its count lands a moment later.
    const allCounted = (data: Awaited<ReturnType<typeof report>>) =>
      data.totals.impressions + invalidImpressions(data, 'rate') >= 3 * RATE_LIMIT;
    await within(
      'the rate rule impressions in the store',
      30_000,
      async () => allCounted(await report(throughLb.id)) && allCounted(await report(roundRobin.id)),
    );
    const viaLb = await report(throughLb.id);
    const viaProcesses = await report(roundRobin.id);
    print(
      `Serving rate rule (${RATE_LIMIT} a minute): ${3 * RATE_LIMIT} ad requests of one client through HAProxy (hashed by client address) counted ${viaLb.totals.impressions} valid, ${invalidImpressions(viaLb, 'rate')} invalid (rate); the same sent round-robin straight to the three processes, bypassing the load balancer, counted ${viaProcesses.totals.impressions} valid (per-process memory: why the load balancer hashes)`,
    );
    expect(viaLb.totals.impressions).toBe(RATE_LIMIT);
    expect(invalidImpressions(viaLb, 'rate')).toBe(2 * RATE_LIMIT);
  });

  it('the sign-in limit, the per-address limits and the token limit hold across the three processes addressed round-robin', async () => {
    const address = residentialAddress();
    const clients = fleet.processes.map((fleetProcess) => {
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
    const token = await admin.post<{ secret: string }>('/v1/tokens', {
      name: 'fleet',
      scopes: ['campaigns:read'],
    });
    expect(token.httpStatus).toBe(200);
    const uses: number[] = [];
    for (let request = 0; request <= TOKEN_LIMIT; request += 1) {
      const origin = fleet.processes[request % 3]?.url;
      const answer = await fetch(`${origin}/api/v1/campaign/mine`, {
        headers: { Authorization: `Bearer ${token.body.data?.secret}` },
      });
      uses.push(answer.status);
    }
    expect(uses).toEqual([...Array(TOKEN_LIMIT).fill(200), 429]);
    print(
      `Limits round-robin across the 3 processes: sign-in ${logins.filter((s) => s === 401).length} attempts then 429; password reset ${resets.filter((s) => s === 200).length} then 429; API token ${uses.filter((s) => s === 200).length} then 429`,
    );
  });

  it('a scheduled report due while all three processes poll is mailed once', async () => {
    const campaign = await campaignWithBanner('Scheduled');
    const recipient = `fleet-report-${Date.now()}@adconsole.test`;
    const created = await admin.post<{ id: string }>('/v1/campaign/scheduledReport', {
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
    await fleet.db.query(
      "update scheduled_reports set next_run_at = now() - interval '1 minute' where id = $1",
      [id],
    );
    const mailsTo = () => smtp.received.filter((mail) => mail.envelope.to.includes(recipient));
    const took = await within('the report mail', 60_000, async () => mailsTo().length > 0);
    const jobState = async () =>
      (await fleet.db.query('select state from jobs where key like $1', [`report:${id}:%`])).rows.map(
        (row) => row.state as string,
      );
    await within('the delivery job to be done', 30_000, async () => (await jobState()).join() === 'done');
    // Each process polls every second: a few more rounds of all three, then the count is final.
    await sleep(4000);
    expect(mailsTo()).toHaveLength(1);
    expect(await jobState()).toEqual(['done']);
    print(
      `Scheduled report: due with 3 processes polling every second, mailed once after ${took} ms; mails to its recipient after 4 s more: ${mailsTo().length}`,
    );
  });

  it('prints the fleet’s rate beside one process’s (whole impressions: ad request and beacon)', async () => {
    const campaign = await campaignWithBanner('Throughput');
    const measure = async (origin: string | string[]) => {
      const load = startLoad({ origin, liveId: campaign.live, concurrency: 32, invalidEvery: 0 });
      await sleep(10_000);
      const result = await load.stop();
      return {
        impressions: result.acknowledged / result.seconds,
        requests: (result.adRequests + result.beaconsSent) / result.seconds,
        refusals: result.serverErrors + result.networkErrors,
      };
    };
    const one = await measure(fleet.processes[0]?.url ?? '');
    const all = await measure(fleet.url);
    const direct = await measure(fleet.processes.map((fleetProcess) => fleetProcess.url));
    print(
      `Rate on this 2-core machine (load generator, PostgreSQL and HAProxy on the same cores): one process ${one.requests.toFixed(0)} requests/s (${one.impressions.toFixed(0)} impressions/s); the fleet of 3 through HAProxy ${all.requests.toFixed(0)} requests/s (${all.impressions.toFixed(0)} impressions/s); the 3 processes addressed directly in turn, without HAProxy, ${direct.requests.toFixed(0)} requests/s (${direct.impressions.toFixed(0)} impressions/s)`,
    );
    expect(one.refusals + all.refusals + direct.refusals).toBe(0);
  });
});
