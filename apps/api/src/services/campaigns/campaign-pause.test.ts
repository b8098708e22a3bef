// Pausing a campaign (docs/product.md §4, "Pausing a campaign"), over real HTTP: the next ad request is
// refused at once (ad JSON 404, VAST the empty document) and counted in the report as not served,
// "paused or archived"; resumed, it serves again. The campaign stays in the list with its status, answers
// who paused it and when, and each pause and resume is one entry of its history. A placement of a paused
// campaign refuses alike (its forecast contenders and alerts: forecast.test.ts, alerts.test.ts). Only its
// owner or an admin may pause it; both calls stand in the OpenAPI document.
import { servedAdSchema } from '@adconsole/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startServer, type TestServer, testDatabaseKind } from '../../test/harness';
import { demoAsset, publishedLive, signedInAdmin, signedInUser, visit } from '../../test/helpers';
import { rulesWorld } from '../../test/rules-world';

const EMPTY = /<VAST version="4.2" xmlns="http:\/\/www.iab.com\/VAST"\/>/;

interface Pausable {
  id: string;
  name: string;
  pausedAt: string | null;
  pausedBy: string | null;
  archivedAt: string | null;
}
interface Entry {
  route: string | null;
  action: string;
  actor: { email: string } | null;
  changes: Record<string, [unknown, unknown]>;
}

describe(`pausing a campaign on ${testDatabaseKind()}`, () => {
  let server: TestServer;
  let owner: Client;
  let ownerEmail: string;
  let other: Client;
  let admin: Client;
  let image: Buffer;
  let clip: Buffer;
  beforeAll(async () => {
    server = await startServer({ SERVE_RATE_LIMIT: '1000' });
    ({ client: owner, email: ownerEmail } = await signedInUser(server));
    other = (await signedInUser(server)).client;
    admin = (await signedInAdmin(server)).client;
    [image, clip] = await Promise.all([demoAsset('banner.png'), demoAsset('main.mp4')]);
  });
  afterAll(() => server.close());

  const { newCampaign, banner, report } = rulesWorld(() => ({ server, owner, image }));
  const pause = (id: string, client = owner) =>
    client.post<Pausable>('/v1/campaign/pause', { campaignID: id });
  const resume = (id: string, client = owner) =>
    client.post<Pausable>('/v1/campaign/resume', { campaignID: id });

  it('pause: the next request is refused and counted as paused; resume: served again', async () => {
    const campaignID = await newCampaign('Paused at once');
    const live = await banner(campaignID);
    const vast = await publishedLive(
      owner,
      campaignID,
      { name: 'Pre-roll', type: 'VAST', width: 640, height: 360 },
      [{ name: 'main.mp4', bytes: clip }],
    );
    const ad = await visit(`${server.url}/serve/ad/${live}.json`);
    expect(ad.status).toBe(200);
    servedAdSchema.parse(await ad.json());

    const paused = await pause(campaignID);
    expect(paused.httpStatus, JSON.stringify(paused.body)).toBe(200);
    expect(paused.body.data?.pausedBy).toBe(ownerEmail);
    expect(Number.isNaN(Date.parse(paused.body.data?.pausedAt ?? ''))).toBe(false);
    expect(paused.body.data?.archivedAt).toBeNull();
    // At once in this process: the live creative's cache is not waited for.
    expect((await visit(`${server.url}/serve/ad/${live}.json`)).status).toBe(404);
    expect(await (await visit(`${server.url}/serve/vast/${vast}.xml`)).text()).toMatch(EMPTY);
    expect((await report(campaignID)).notServed.totals).toMatchObject({
      adRequests: 3,
      adsServed: 1,
      notServedPaused: 2,
    });

    const resumed = await resume(campaignID);
    expect(resumed.httpStatus).toBe(200);
    expect(resumed.body.data).toMatchObject({ pausedAt: null, pausedBy: null });
    expect((await visit(`${server.url}/serve/ad/${live}.json`)).status).toBe(200);
    expect(await (await visit(`${server.url}/serve/vast/${vast}.xml`)).text()).toContain('<InLine>');
    expect((await report(campaignID)).notServed.totals).toMatchObject({
      adRequests: 5,
      adsServed: 3,
      notServedPaused: 2,
    });
  });

  it("a paused campaign's placement refuses too, counted as paused; resumed, it serves", async () => {
    const campaignID = await newCampaign('Paused placement');
    const live = await banner(campaignID);
    const [row] = await server.db.query<{ creative_id: string }>(
      'select creative_id from live_creatives where id = $1',
      [live],
    );
    const placement = await owner.post<{ id: string }>('/v1/campaign/placements', {
      campaignID,
      name: 'Slot',
      items: [{ creativeId: row?.creative_id }],
    });
    expect(placement.httpStatus, JSON.stringify(placement.body)).toBe(200);
    const path = `${server.url}/serve/ad/p/${placement.body.data?.id}.json`;
    expect((await visit(path)).status).toBe(200);
    await pause(campaignID);
    expect((await visit(path)).status).toBe(404);
    expect((await report(campaignID)).notServed.totals).toMatchObject({ adsServed: 1, notServedPaused: 1 });
    await resume(campaignID);
    expect((await visit(path)).status).toBe(200);
  });

  it('pausing a paused campaign keeps when and by whom; an admin resumes it', async () => {
    const campaignID = await newCampaign('Paused twice');
    const first = (await pause(campaignID)).body.data;
    const again = await pause(campaignID, admin);
    expect(again.httpStatus).toBe(200);
    expect(again.body.data).toMatchObject({ pausedAt: first?.pausedAt, pausedBy: ownerEmail });
    expect((await resume(campaignID, admin)).body.data?.pausedAt).toBeNull();
  });

  it('stays in the list (unlike archive), with the status paused; the status filter finds it', async () => {
    const campaignID = await newCampaign('Listed while paused');
    await pause(campaignID);
    const list = await owner.get<Pausable[]>('/v1/campaign/mine');
    const listed = list.body.data?.find((campaign) => campaign.id === campaignID);
    expect(listed?.pausedBy).toBe(ownerEmail);
    const byStatus = await owner.get<Pausable[]>('/v1/campaign/mine?status=paused');
    expect(byStatus.body.data?.map((campaign) => campaign.id)).toContain(campaignID);
    const live = await owner.get<Pausable[]>('/v1/campaign/mine?status=not-serving');
    expect(live.body.data?.map((campaign) => campaign.id)).not.toContain(campaignID);
    // Archived while paused, it is archived (and leaves the list).
    await owner.post('/v1/campaign/archive', { campaignID });
    const archived = await owner.get<Pausable[]>('/v1/campaign/mine?status=archived');
    expect(archived.body.data?.map((campaign) => campaign.id)).toContain(campaignID);
    const pausedNow = await owner.get<Pausable[]>('/v1/campaign/mine?status=paused');
    expect(pausedNow.body.data?.map((campaign) => campaign.id)).not.toContain(campaignID);
  });

  it('records one history entry per pause and resume: who, when, pausedAt and pausedBy as [before, after]', async () => {
    const campaignID = await newCampaign('Audited pause');
    const at = (await pause(campaignID)).body.data?.pausedAt;
    await resume(campaignID);
    const entries =
      (await owner.get<Entry[]>(`/v1/campaign/history?campaignID=${campaignID}`)).body.data ?? [];
    expect(entries.map((entry) => entry.route)).toEqual([
      'POST /v1/campaign/resume',
      'POST /v1/campaign/pause',
      'POST /v1/campaign/new',
    ]);
    expect(entries[1]).toMatchObject({
      action: 'update',
      changes: { pausedAt: [null, at], pausedBy: [null, ownerEmail] },
    });
    expect(entries[0]).toMatchObject({
      action: 'update',
      changes: { pausedAt: [at, null], pausedBy: [ownerEmail, null] },
    });
    expect(entries[0]?.actor?.email).toBe(ownerEmail);
  });

  it("another user's campaign is 404 for pausing and resuming; no session is 401; a bad id 400", async () => {
    const campaignID = await newCampaign('Not theirs');
    expect((await pause(campaignID, other)).httpStatus).toBe(404);
    expect((await resume(campaignID, other)).httpStatus).toBe(404);
    expect(
      (await owner.get<Pausable>(`/v1/campaign/get?campaignID=${campaignID}`)).body.data?.pausedAt,
    ).toBeNull();
    expect((await pause(campaignID, new Client(server.url))).httpStatus).toBe(401);
    expect((await pause('0'.repeat(24))).httpStatus).toBe(404);
    expect((await pause('')).httpStatus).toBe(400);
  });

  it('stands in /api/openapi.json: both calls, their body, the campaign answered and their errors', async () => {
    const document = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { responses: Record<string, unknown>; requestBody?: unknown }>>;
    };
    for (const path of ['/api/v1/campaign/pause', '/api/v1/campaign/resume']) {
      const post = document.paths[path]?.post;
      expect(post, path).toBeDefined();
      expect(post?.requestBody, path).toBeDefined();
      expect(Object.keys(post?.responses ?? {}), path).toEqual(
        expect.arrayContaining(['200', '400', '401', '404']),
      );
      expect(JSON.stringify(post?.responses['200']), path).toContain('pausedBy');
    }
  });
});
