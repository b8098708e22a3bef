// Archiving a campaign (docs/product.md §7): it stops serving (its live creatives answer like
// an ended flight: VAST the empty document, the ad JSON 404), leaves the default list and appears under
// the status 'archived', keeps its reports and share links, can still be edited, and each archive or
// unarchive is one audit entry. Only its owner or an admin may archive it.
import { servedAdSchema } from '@adconsole/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startServer, type TestServer, testDatabaseKind } from '../../test/harness';
import {
  daysAroundToday,
  demoAsset,
  publishedLive,
  signedInAdmin,
  signedInUser,
  visit,
} from '../../test/helpers';

const EMPTY = /<VAST version="4.2" xmlns="http:\/\/www.iab.com\/VAST"\/>/;

interface Archivable {
  id: string;
  name: string;
  archivedAt: string | null;
}
interface Entry {
  route: string | null;
  action: string;
  changes: Record<string, [unknown, unknown]>;
}

describe(`archiving a campaign on ${testDatabaseKind()}`, () => {
  let server: TestServer;
  let owner: Client;
  let other: Client;
  let admin: Client;
  let clip: Buffer;
  let image: Buffer;
  beforeAll(async () => {
    server = await startServer({ SERVE_RATE_LIMIT: '1000' });
    owner = (await signedInUser(server)).client;
    other = (await signedInUser(server)).client;
    admin = (await signedInAdmin(server)).client;
    [clip, image] = await Promise.all([demoAsset('main.mp4'), demoAsset('banner.png')]);
  });
  afterAll(() => server.close());

  const create = async (name: string, client = owner) => {
    const answer = await client.post<Archivable>('/v1/campaign/new', { name });
    expect(answer.httpStatus).toBe(200);
    return answer.body.data as Archivable;
  };
  const archive = (id: string, client = owner) =>
    client.post<Archivable>('/v1/campaign/archive', { campaignID: id });
  const unarchive = (id: string, client = owner) =>
    client.post<Archivable>('/v1/campaign/unarchive', { campaignID: id });
  const names = async (query = '') =>
    ((await owner.get<Archivable[]>(`/v1/campaign/mine${query}`)).body.data ?? []).map((c) => c.name);

  it('answers archivedAt: null for a campaign, the time once archived, null again once unarchived', async () => {
    const campaign = await create('Archive me');
    expect(campaign.archivedAt).toBeNull();
    const archived = await archive(campaign.id);
    expect(archived.httpStatus).toBe(200);
    const at = archived.body.data?.archivedAt ?? '';
    expect(Number.isNaN(Date.parse(at))).toBe(false);
    // Archiving again keeps when it was archived.
    expect((await archive(campaign.id)).body.data?.archivedAt).toBe(at);
    const back = await unarchive(campaign.id);
    expect(back.httpStatus).toBe(200);
    expect(back.body.data?.archivedAt).toBeNull();
  });

  it("leaves the default list (mine and all) and appears under status 'archived' only", async () => {
    const kept = await create('Kept in list');
    const gone = await create('Gone from list');
    await archive(gone.id);
    const list = await owner.get<Archivable[]>('/v1/campaign/mine');
    expect(list.body.data?.map((c) => c.name)).toContain('Kept in list');
    expect(list.body.data?.map((c) => c.name)).not.toContain('Gone from list');
    const { pagination } = list.body as unknown as { pagination: { total: number } };
    expect(pagination.total).toBe(list.body.data?.length);
    expect(await names('?q=list')).toEqual(['Kept in list']);
    expect(await names('?status=not-serving&q=list')).toEqual(['Kept in list']);
    expect(await names('?status=archived')).toContain('Gone from list');
    expect(await names('?status=archived')).not.toContain('Kept in list');
    const all = await admin.get<Archivable[]>('/v1/campaign/all?status=archived');
    expect(all.body.data?.map((c) => c.id)).toContain(gone.id);
    const allDefault = await admin.get<Archivable[]>('/v1/campaign/all');
    expect(allDefault.body.data?.map((c) => c.id)).not.toContain(gone.id);
    await unarchive(gone.id);
    expect(await names('?q=list')).toEqual(['Gone from list', 'Kept in list']);
    expect(kept.archivedAt).toBeNull();
  });

  it('stops serving at once like an ended flight (ad JSON 404, VAST empty) and serves again when unarchived', async () => {
    const campaign = await create('Serving');
    const banner = await publishedLive(
      owner,
      campaign.id,
      { name: 'Banner', type: 'Banner', width: 300, height: 250 },
      [{ name: 'banner.png', bytes: image }],
    );
    const vast = await publishedLive(
      owner,
      campaign.id,
      { name: 'Pre-roll', type: 'VAST', width: 640, height: 360 },
      [{ name: 'main.mp4', bytes: clip }],
    );
    const ad = await visit(`${server.url}/serve/ad/${banner}.json`);
    expect(ad.status).toBe(200);
    servedAdSchema.parse(await ad.json());
    expect(await (await visit(`${server.url}/serve/vast/${vast}.xml`)).text()).toContain('<InLine>');
    await archive(campaign.id);
    expect((await visit(`${server.url}/serve/ad/${banner}.json`)).status).toBe(404);
    expect(await (await visit(`${server.url}/serve/vast/${vast}.xml`)).text()).toMatch(EMPTY);
    await unarchive(campaign.id);
    expect((await visit(`${server.url}/serve/ad/${banner}.json`)).status).toBe(200);
    expect(await (await visit(`${server.url}/serve/vast/${vast}.xml`)).text()).toContain('<InLine>');
  });

  it('keeps its report and share links: a share link of an archived campaign still opens', async () => {
    const campaign = await create('Shared');
    const token =
      (await owner.post<{ token: string }>('/v1/campaign/newToken', { campaignID: campaign.id })).body.data
        ?.token ?? '';
    await archive(campaign.id);
    const shared = await new Client(server.url).get(
      `/share/reports?${new URLSearchParams({ sharedToken: token, ...daysAroundToday() })}`,
    );
    expect(shared.httpStatus, JSON.stringify(shared.body)).toBe(200);
    const report = await owner.get(
      `/v1/campaign/reports?${new URLSearchParams({ campaignID: campaign.id, ...daysAroundToday() })}`,
    );
    expect(report.httpStatus).toBe(200);
  });

  it('an archived campaign can still be edited (and stays archived)', async () => {
    const campaign = await create('Edit archived');
    await archive(campaign.id);
    const edited = await owner.put<Archivable>('/v1/campaign/update', {
      id: campaign.id,
      name: 'Edited while archived',
    });
    expect(edited.httpStatus).toBe(200);
    expect(edited.body.data?.name).toBe('Edited while archived');
    expect(edited.body.data?.archivedAt).not.toBeNull();
  });

  it('records one audit entry per archive and unarchive, with archivedAt as [before, after]', async () => {
    const campaign = await create('Audited');
    const at = (await archive(campaign.id)).body.data?.archivedAt;
    await unarchive(campaign.id);
    const entries =
      (await owner.get<Entry[]>(`/v1/campaign/history?campaignID=${campaign.id}`)).body.data ?? [];
    expect(entries.map((entry) => entry.route)).toEqual([
      'POST /v1/campaign/unarchive',
      'POST /v1/campaign/archive',
      'POST /v1/campaign/new',
    ]);
    expect(entries[1]).toMatchObject({ action: 'update', changes: { archivedAt: [null, at] } });
    expect(entries[0]).toMatchObject({ action: 'update', changes: { archivedAt: [at, null] } });
  });

  it("another user's campaign is 404 for archiving and unarchiving; an admin may; no session is 401", async () => {
    const campaign = await create('Not yours');
    expect((await archive(campaign.id, other)).httpStatus).toBe(404);
    expect((await unarchive(campaign.id, other)).httpStatus).toBe(404);
    expect(
      (await owner.get<Archivable>(`/v1/campaign/get?campaignID=${campaign.id}`)).body.data?.archivedAt,
    ).toBeNull();
    expect((await archive(campaign.id, admin)).httpStatus).toBe(200);
    expect((await unarchive(campaign.id, admin)).httpStatus).toBe(200);
    expect((await archive(campaign.id, new Client(server.url))).httpStatus).toBe(401);
    expect((await archive('0'.repeat(24))).httpStatus).toBe(404);
    expect((await archive('')).httpStatus).toBe(400);
  });
});
