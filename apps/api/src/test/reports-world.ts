// The reports suites' shared world (services/reports/*.test.ts): a server whose mail goes to a real
// SMTP peer, an admin, an owner and another user, the owner's banner and pre-roll and the other's banner,
// and their events at the timezone edges. `useReportsWorld()` (called in a suite's describe)
// builds it before the suite's tests and closes it after. The bindings below are ES module live bindings:
// a suite imports `owner` or `campaignID` by name and reads what its `beforeAll` set.
import { type ReportData, reportDataSchema } from '@adconsole/domain';
import { afterAll, beforeAll, expect } from 'vitest';
import { Client, startServer, type TestServer } from './harness';
import { type SmtpPeer, startSmtpPeer } from './peers';

const LANDING = { click: [{ type: 'redirect', url: 'https://advertiser.example/' }] };
export const day = (iso: string) => `${iso} 00:00:00`;
export const endOf = (iso: string) => `${iso} 23:59:59`;

export let server: TestServer;
export let smtp: SmtpPeer;
export let owner: Client;
let admin: Client;
export let other: Client;
export let campaignID: string;
export let otherCampaignID: string;
let bannerLive: string;
export let videoLive: string;
export let otherLive: string;

export const publish = async (client: Client, campaign: string, body: Record<string, unknown>) => {
  const creative = await client.post<{ id: string }>('/v1/campaign/creatives', {
    campaignID: campaign,
    width: 300,
    height: 250,
    trackers: LANDING,
    ...body,
  });
  const published = await client.post<{ liveCreatives: { id: string }[] }>('/v1/campaign/creatives/publish', {
    id: creative.body.data?.id,
  });
  return published.body.data?.liveCreatives.at(-1)?.id ?? '';
};
export const importEvents = (events: { liveID: string; type: string; at: string; count?: number }[]) =>
  admin.post('/v1/events/import', { events });
export const report = async (
  query: Record<string, string>,
  client: Client = owner,
  path = '/v1/campaign/reports',
) => {
  const answer = await client.get<ReportData>(`${path}?${new URLSearchParams(query).toString()}`);
  return answer;
};
export const figures = async (query: Record<string, string>) => {
  const answer = await report({ campaignID, ...query });
  expect(answer.httpStatus, JSON.stringify(answer.body)).toBe(200);
  return reportDataSchema.parse(answer.body.data);
};

/** Builds the world before the calling suite's tests (its `beforeAll`), and closes it after them. */
export function useReportsWorld(): void {
  beforeAll(async () => {
    smtp = await startSmtpPeer();
    server = await startServer({ SMTP_URL: smtp.url });
    const adminAccount = await signedInUserOverSmtp(server, smtp);
    await server.db.query("update users set role = 'admin' where email = $1", [adminAccount.email]);
    admin = adminAccount.client;
    owner = (await signedInUserOverSmtp(server, smtp)).client;
    other = (await signedInUserOverSmtp(server, smtp)).client;
    campaignID =
      (await owner.post<{ id: string }>('/v1/campaign/new', { name: 'Spring =sale' })).body.data?.id ?? '';
    otherCampaignID =
      (await other.post<{ id: string }>('/v1/campaign/new', { name: 'Secret' })).body.data?.id ?? '';
    bannerLive = await publish(owner, campaignID, { name: '=HYPERLINK("http://evil")', type: 'Banner' });
    videoLive = await publish(owner, campaignID, { name: 'Pre-roll', type: 'VAST', width: 640, height: 360 });
    otherLive = await publish(other, otherCampaignID, { name: 'Theirs', type: 'Banner' });
    const imported = await importEvents([
      // The case: 18:20 UTC is the next local day in +05:45 and the same day in -03:30.
      { liveID: bannerLive, type: 'impression', at: '2026-03-01T18:20:00Z', count: 100 },
      { liveID: bannerLive, type: 'click', at: '2026-03-01T18:20:00Z', count: 2 },
      { liveID: bannerLive, type: 'viewable', at: '2026-03-01T18:20:00Z', count: 70 },
      { liveID: bannerLive, type: 'engagement', at: '2026-03-01T18:20:00Z', count: 9 },
      // Quarter-hour offsets at both ends of the earth.
      { liveID: bannerLive, type: 'impression', at: '2026-03-01T11:14:59Z', count: 3 },
      { liveID: bannerLive, type: 'impression', at: '2026-03-01T11:15:00Z', count: 5 },
      { liveID: bannerLive, type: 'impression', at: '2026-03-02T11:59:59Z', count: 7 },
      // New York's 23-hour day (8 March 2026) and Berlin's 25-hour day (25 October 2026).
      { liveID: videoLive, type: 'impression', at: '2026-03-08T06:30:00Z', count: 1 },
      { liveID: videoLive, type: 'impression', at: '2026-03-08T07:30:00Z', count: 2 },
      { liveID: videoLive, type: 'impression', at: '2026-03-09T03:59:00Z', count: 4 },
      { liveID: videoLive, type: 'impression', at: '2026-10-24T22:30:00Z', count: 5 },
      { liveID: videoLive, type: 'impression', at: '2026-10-24T23:30:00Z', count: 10 },
      { liveID: videoLive, type: 'impression', at: '2026-10-25T00:30:00Z', count: 20 },
      { liveID: videoLive, type: 'impression', at: '2026-10-25T01:30:00Z', count: 30 },
      { liveID: videoLive, type: 'impression', at: '2026-10-25T22:59:00Z', count: 40 },
      // Video events.
      { liveID: videoLive, type: 'start', at: '2026-03-05T12:00:00Z', count: 80 },
      { liveID: videoLive, type: 'firstQuartile', at: '2026-03-05T12:00:00Z', count: 60 },
      { liveID: videoLive, type: 'midpoint', at: '2026-03-05T12:00:00Z', count: 50 },
      { liveID: videoLive, type: 'thirdQuartile', at: '2026-03-05T12:00:00Z', count: 45 },
      { liveID: videoLive, type: 'complete', at: '2026-03-05T12:00:00Z', count: 40 },
      { liveID: videoLive, type: 'impression', at: '2026-03-05T12:00:00Z', count: 90 },
      { liveID: otherLive, type: 'impression', at: '2026-03-05T12:00:00Z', count: 999 },
    ]);
    expect(imported.httpStatus, JSON.stringify(imported.body)).toBe(200);
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
  });
}

/** Signs a user up and in when mail goes over SMTP (the verification link is read from the SMTP peer). */
async function signedInUserOverSmtp(server: TestServer, smtp: SmtpPeer) {
  const before = smtp.received.length;
  const email = `u${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@adconsole.test`;
  const client = new Client(server.url);
  await client.post('/signup', {
    firstName: 'Rita',
    lastName: 'Report',
    email,
    password: 'correct horse 1',
    confirmPassword: 'correct horse 1',
    termsChecked: true,
  });
  const mail = (await smtp.waitFor(before + 1)).slice(before).find((m) => m.envelope.to[0] === email);
  const link = new URL((mail?.parsed.text ?? '').match(/https?:\/\/\S+verifyCode\S+/)?.[0] ?? '');
  await client.post('/verify', {
    code: link.searchParams.get('verifyCode'),
    verifyToken: link.searchParams.get('code'),
    email,
  });
  await client.post('/login', {
    method: 'password',
    username: email,
    password: 'correct horse 1',
    remember: false,
  });
  return { client, email };
}
