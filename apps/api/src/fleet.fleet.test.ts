// The fleet (docs/deploy.md), opt-in: `npm run test:fleet`. Three processes of the built API
// (apps/api/dist/main.js) on one fresh PostgreSQL database behind Debian's HAProxy, started together (they
// migrate and seed the demo once between them), with an SMTP server in this process. It proves, with
// real processes, signals and HTTP: the live-creative cache's bound across processes; a SIGKILL in the
// middle of two minutes of unique impressions loses no acknowledged beacon and counts none twice; a
// rolling restart (SIGTERM, drain) under load answers no 5xx; the serving rate rule, the sign-in limit,
// the per-address limits and the token limit hold for the fleet; frequency caps hold across the
// processes (a browser's cookie and a device id); a budget in money stops within its documented overshoot
// across them; a scheduled report due while all three poll is mailed
// once; memory stays flat. It prints its figures at the end.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Fleet, startFleet } from './test/fleet';
import { budgetHoldsAcross } from './test/fleet-budget';
import { fleetChecks, within } from './test/fleet-checks';
import { residentialAddress, send, startLoad } from './test/fleet-load';
import { Client } from './test/harness';
import { BROWSER_USER_AGENT, demoAsset } from './test/helpers';
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
  const checks = fleetChecks(
    () => fleet,
    () => admin,
    () => banner,
    print,
  );
  const { campaignWithBanner, expectCountedOnce } = checks;

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
    await checks.rateRuleHolds(RATE_LIMIT);
  });

  it('the sign-in limit, the per-address limits and the token limit hold across the three processes addressed round-robin', async () => {
    await checks.limitsHold(TOKEN_LIMIT);
  });

  it('frequency caps hold across the three processes: a cookie jar through HAProxy and the processes in turn, 3 ads then none; a device id 2 per device', async () => {
    await checks.capsHold();
  });

  it('a lifetime budget across the three processes stops within the documented overshoot: the cap plus one impression per process', async () => {
    await budgetHoldsAcross(fleet, admin, checks, print);
  });

  it('a scheduled report due while all three processes poll is mailed once', async () => {
    await checks.scheduledReportMailedOnce(smtp);
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
