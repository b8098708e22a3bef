// The fleet suite's frequency-cap check (fleet-checks.ts, both shapes): one browser's cookie jar and a
// device id across the processes, with the figures it prints (docs/serving.md, "Frequency caps").
import { FREQUENCY_COOKIE, type ReportData } from '@adconsole/domain';
import type pg from 'pg';
import { expect } from 'vitest';
import { usResidentialAddress } from './fleet-load';
import type { Client } from './harness';
import { BROWSER_USER_AGENT, demoAsset, publishedLive } from './helpers';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How long another process may serve a live creative's old rules: its cache's 5 s and the grace of 1 s. */
const RULES_CACHE_MS = 6000;

/**
 * One browser's cookies for the serving origin (the frequency-cap history, as the last answer that set
 * it left it); each of its requests from a new client address (in the United States: no GDPR signal is
 * needed to keep its history), so HAProxy's hash sends them around.
 */
class CapJar {
  cookie: string | undefined;

  /** An ad request of this browser: whether it was answered an ad, and how long it took (ms). */
  async served(url: string, isAd: (status: number, body: string) => boolean) {
    const started = performance.now();
    const response = await fetch(url, {
      headers: {
        'User-Agent': BROWSER_USER_AGENT,
        'X-Forwarded-For': usResidentialAddress(),
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

/** Polls until `check` holds (request counts reach the store about once a second per process). */
async function until(what: string, check: () => Promise<boolean>) {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > 30_000) throw new Error(`Not within 30 s: ${what}`);
    await sleep(250);
  }
}

/**
 * Frequency caps across the processes (docs/serving.md, "Frequency caps", "Across a fleet"): one
 * browser's cookie jar with a cap of 3 a day, its requests through HAProxy from a new address each
 * (hashed to any process) and, for certainty, straight to each process in turn: 3 ads, then none,
 * counted as `frequency`; a device-id (`ifa=`) keyed cap of 2 a day in VAST requests of an app's
 * player (no cookie jar), each to the next process: 2 ads per device, the history in the store.
 */
export async function capsHoldAcross(
  fleet: { url: string; processes: { url: string }[]; db: pg.Pool },
  admin: Client,
  {
    campaignWithBanner,
    report,
  }: {
    campaignWithBanner: (name: string) => Promise<{ id: string; live: string }>;
    report: (campaignID: string) => Promise<ReportData>;
  },
  print: (line: string) => void,
) {
  const { processes, url } = fleet;
  const viaLb = await campaignWithBanner('Capped through the load balancer');
  const inTurn = await campaignWithBanner('Capped, the processes in turn');
  const inApps = (await admin.post<{ id: string }>('/v1/campaign/new', { name: 'Capped in apps' })).body.data
    ?.id as string;
  const vast = await publishedLive(
    admin,
    inApps,
    { name: 'In-app roll', type: 'VAST', width: 640, height: 360 },
    [{ name: 'main.mp4', bytes: await demoAsset('main.mp4') }],
  );
  const cap = async (campaignID: string, count: number, extra: Record<string, unknown> = {}) => {
    const answer = await admin.put('/v1/campaign/deliveryRules', {
      campaignID,
      rules: { frequencyCaps: [{ count, period: 'day' }], ...extra },
    });
    expect(answer.httpStatus, JSON.stringify(answer.body)).toBe(200);
  };
  await cap(viaLb.id, 3);
  await cap(inTurn.id, 3);
  await cap(inApps, 2, { uncappable: 'skip' });
  const burstApps = (await admin.post<{ id: string }>('/v1/campaign/new', { name: 'Burst in apps' })).body
    .data?.id as string;
  const burstVast = await publishedLive(
    admin,
    burstApps,
    { name: 'Burst roll', type: 'VAST', width: 640, height: 360 },
    [{ name: 'main.mp4', bytes: await demoAsset('main.mp4') }],
  );
  await cap(burstApps, 3, { uncappable: 'skip' });
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
  // A burst beats no cap across the fleet: 20 requests of one device at once, spread over the processes,
  // under a cap of 3 a day (each served ad appended under the device row's lock: docs/serving.md).
  const burstDevice = '0f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0';
  const burst = await Promise.all(
    Array.from({ length: 20 }, (_, index) =>
      new CapJar().served(
        `${processAt(index)}/serve/vast/${burstVast}.xml?nocookie=1&ifa=${burstDevice}`,
        vastAd,
      ),
    ),
  );
  expect(burst.filter((answer) => answer.ad)).toHaveLength(3);
  // Each process writes its request counts about once a second: the report has all 6 or 8 soon.
  const expected = [
    [viaLb.id, { adRequests: 6, adsServed: 3, notServedFrequency: 3 }],
    [inTurn.id, { adRequests: 6, adsServed: 3, notServedFrequency: 3 }],
    [inApps, { adRequests: 8, adsServed: 4, notServedFrequency: 4 }],
  ] as const;
  const refused: number[] = [];
  for (const [campaignID, totals] of expected) {
    await until(
      'the capped requests in the report',
      async () => (await report(campaignID)).notServed.totals.adRequests >= totals.adRequests,
    );
    const counted = (await report(campaignID)).notServed.totals;
    expect(counted).toMatchObject(totals);
    refused.push(counted.notServedFrequency ?? 0);
  }
  const devicesStored = await fleet.db.query('select count(*)::int as count from frequency_devices');
  expect(devicesStored.rows[0]?.count).toBe(devices.length + 1);
  const shown = (ads: boolean[]) => ads.map((ad) => (ad ? 'ad' : 'none')).join(' ');
  print(
    `Frequency caps across the ${processes.length} processes: a cap of 3 a day from one cookie jar, 6 ad requests through HAProxy from a new address each: ${shown(throughLb.ads)} (${throughLb.meanMs.toFixed(1)} ms a request); the same straight to each process in turn: ${shown(directly.ads)} (${directly.meanMs.toFixed(1)} ms); the report's frequency refusals ${refused[0]} and ${refused[1]}. A device-id cap of 2 a day (ifa=, VAST, no cookie), 4 requests of each of 2 devices to the processes in turn: ${shown(played.ads)} (${played.meanMs.toFixed(1)} ms a request: a store read each, and a write with each ad); frequency refusals ${refused[2]}; 20 simultaneous requests of one device spread over the processes under a cap of 3: ${burst.filter((answer) => answer.ad).length} ads; device rows in the store ${devicesStored.rows[0]?.count}`,
  );
}
