// Reach and the frequency card agree on served traffic (docs/reports.md, "Reach and frequency agree"): a
// campaign capped at 10 a day; five German browsers that consented, served over three days (the server's
// clock at noon UTC of each): day 1 A 2, B 1, C 3; day 2 A 1, D 2; day 3 A, B and E 1 each. By hand: 5
// reached over the three days, 8 browser-days, 12 ads (2.4 each reached, 1.5 a browser-day); day 1 alone
// 3 browsers and 6 ads, 2.0 each in both cards.
import { type ReportData, reachFrequencyProblems, reportDataSchema } from '@adconsole/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CookieJar } from '../../test/cookie-jar';
import { type Client, startServer, type TestServer, testStoresLabel } from '../../test/harness';
import { demoAsset, signedInUser } from '../../test/helpers';
import { rulesWorld } from '../../test/rules-world';

const DAY_MS = 86_400_000;
const noonOf = (offset: number) =>
  Date.parse(`${new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10)}T12:00:00Z`);
const dayOf = (at: number) => new Date(at).toISOString().slice(0, 10);

describe(`reach and frequency agree (${testStoresLabel()})`, () => {
  let server: TestServer;
  let owner: Client;
  let image: Buffer;
  let now = noonOf(-2);

  beforeAll(async () => {
    server = await startServer({ SERVE_RATE_LIMIT: '100000' }, { clock: () => now });
    owner = (await signedInUser(server)).client;
    image = await demoAsset('banner.png');
  });
  afterAll(() => server.close());

  const { newCampaign, banner, setRules } = rulesWorld(() => ({ server, owner, image }));
  const report = async (campaignID: string, first: number, last: number): Promise<ReportData> => {
    const range = { start_dt: `${dayOf(first)} 00:00:00`, end_dt: `${dayOf(last)} 23:59:59` };
    const answer = await owner.get<ReportData>(
      `/v1/campaign/reports?${new URLSearchParams({ campaignID, ...range })}`,
    );
    expect(answer.httpStatus, JSON.stringify(answer.body)).toBe(200);
    return reportDataSchema.parse(answer.body.data);
  };

  it('five browsers over three days: 5 reached, 8 browser-days, 12 ads; one day: 2.0 each in both cards', async () => {
    const campaignID = await newCampaign('Reach and frequency');
    const live = await banner(campaignID);
    await setRules(campaignID, { frequencyCaps: [{ count: 10, period: 'day' }] });
    const url = `${server.url}/serve/ad/${live}.json`;
    const [a, b, c, d, e] = Array.from({ length: 5 }, () => new CookieJar());
    const days: [CookieJar | undefined, number][][] = [
      [
        [a, 2],
        [b, 1],
        [c, 3],
      ],
      [
        [a, 1],
        [d, 2],
      ],
      [
        [a, 1],
        [b, 1],
        [e, 1],
      ],
    ];
    for (const [offset, served] of days.entries()) {
      now = noonOf(offset - 2);
      for (const [jar, times] of served)
        for (let ad = 0; ad < times; ad += 1) expect(await (jar as CookieJar).get(url)).toBe(200);
    }

    const all = await report(campaignID, noonOf(-2), noonOf(0));
    expect(all.frequency).toMatchObject({ windows: ['day'], browsers: 8, ads: 12, average: 1.5 });
    expect(all.reach).toMatchObject({ reach: 5, browsers: 5, identifiedAds: 12, averageFrequency: 2.4 });
    expect(reachFrequencyProblems(all.reach, all.frequency)).toEqual([]);

    const first = await report(campaignID, noonOf(-2), noonOf(-2));
    expect(first.frequency).toMatchObject({ browsers: 3, ads: 6, average: 2 });
    expect(first.reach).toMatchObject({ reach: 3, identifiedAds: 6, averageFrequency: 2 });
    expect(reachFrequencyProblems(first.reach, first.frequency, { oneWindow: true })).toEqual([]);
    // Each day alone: reach is that day's browsers, and the days' browsers add up to the frequency card's.
    const daily = [];
    for (const offset of [-2, -1, 0]) {
      const one = await report(campaignID, noonOf(offset), noonOf(offset));
      expect(reachFrequencyProblems(one.reach, one.frequency, { oneWindow: true })).toEqual([]);
      expect(one.reach.reach).toBe(one.frequency.browsers);
      daily.push(one.frequency.browsers);
    }
    expect(daily).toEqual([3, 2, 3]);
  });
});
