import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../../db/database';
import { Client, startServer, type TestServer, testDatabaseKind } from '../../test/harness';
import { signedInAdmin, signedInUser } from '../../test/helpers';

interface CampaignAnswer {
  id: string;
  name: string;
  creatives: CreativeAnswer[];
  data: { impressions: number; engagement: number; clicks: number; start: { date: string } | null };
  updatedAt: string;
  dataPulledAt: string | null;
  scheduledReports: unknown[];
}
interface CreativeAnswer {
  id: string;
  campaignID: string;
  name: string;
  type: string;
  width: number;
  height: number;
  size: string;
  platform: string | null;
  liveCreatives: { id: string; creativeID: string }[];
  html: string | null;
  assets: unknown[];
}

const creativeBody = (campaignID: string, extra: Record<string, unknown> = {}) => ({
  campaignID,
  name: 'Banner',
  type: 'Banner',
  width: 300,
  height: 250,
  platform: 'google-ad-manager',
  // A creative is published only with a landing page.
  trackers: { click: [{ type: 'redirect', url: 'https://advertiser.example/' }] },
  ...extra,
});

describe(`campaigns and creatives on ${testDatabaseKind()}`, () => {
  let server: TestServer;
  let owner: Client;
  let other: Client;
  let admin: Client;
  beforeAll(async () => {
    server = await startServer();
    owner = (await signedInUser(server)).client;
    other = (await signedInUser(server)).client;
    admin = (await signedInAdmin(server)).client;
  });
  afterAll(() => server.close());

  const newCampaign = async (client: Client, name = 'Spring sale') => {
    const answer = await client.post<CampaignAnswer>('/v1/campaign/new', { name });
    expect(answer.httpStatus).toBe(200);
    return answer.body.data as CampaignAnswer;
  };
  const newCreative = async (client: Client, campaignID: string, extra: Record<string, unknown> = {}) => {
    const answer = await client.post<CreativeAnswer>(
      '/v1/campaign/creatives',
      creativeBody(campaignID, extra),
    );
    expect(answer.httpStatus).toBe(200);
    return answer.body.data as CreativeAnswer;
  };

  it('creates a campaign with no creatives, zeroed data and server-owned fields', async () => {
    const campaign = await newCampaign(owner);
    expect(campaign.id).toMatch(/^[0-9a-f]{24}$/);
    expect(campaign.creatives).toEqual([]);
    expect(campaign.data).toMatchObject({ impressions: 0, engagement: 0, clicks: 0 });
    expect(typeof campaign.updatedAt).toBe('string');
    expect(campaign.dataPulledAt).toBeNull();
    expect(campaign.scheduledReports).toEqual([]);
  });

  it("refuses a campaign without a name: 'Fill in the campaign name'", async () => {
    const answer = await owner.post('/v1/campaign/new', { name: '  ' });
    expect(answer.httpStatus).toBe(400);
    expect(answer.body.errors).toContain('name: Fill in the campaign name');
  });

  it('gets, updates and deletes an own campaign', async () => {
    const campaign = await newCampaign(owner, 'Before');
    const got = await owner.get<CampaignAnswer>(`/v1/campaign/get?campaignID=${campaign.id}`);
    expect(got.body.data?.name).toBe('Before');
    const updated = await owner.put<CampaignAnswer>('/v1/campaign/update', {
      id: campaign.id,
      name: 'After',
      data: { start: { date: '2026-01-01' } },
    });
    expect(updated.httpStatus).toBe(200);
    expect(updated.body.data?.name).toBe('After');
    expect(updated.body.data?.data.start).toEqual({ date: '2026-01-01' });
    const deleted = await owner.delete(`/v1/campaign/delete?campaignID=${campaign.id}`);
    expect(deleted.httpStatus).toBe(200);
    const gone = await owner.get(`/v1/campaign/get?campaignID=${campaign.id}`);
    expect(gone.httpStatus).toBe(404);
    expect(gone.body.message).toBe('Campaign not found!');
  });

  it("another user's campaign is 404 for reading, changing and deleting", async () => {
    const campaign = await newCampaign(owner);
    expect((await other.get(`/v1/campaign/get?campaignID=${campaign.id}`)).httpStatus).toBe(404);
    expect((await other.put('/v1/campaign/update', { id: campaign.id, name: 'Mine now' })).httpStatus).toBe(
      404,
    );
    expect((await other.delete(`/v1/campaign/delete?campaignID=${campaign.id}`)).httpStatus).toBe(404);
    expect((await other.get(`/v1/campaign/creatives?campaignID=${campaign.id}`)).httpStatus).toBe(404);
    expect((await other.post('/v1/campaign/creatives', creativeBody(campaign.id))).httpStatus).toBe(404);
    expect((await owner.get(`/v1/campaign/get?campaignID=${campaign.id}`)).httpStatus).toBe(200);
  });

  it('admins see and change every campaign', async () => {
    const campaign = await newCampaign(owner, 'Seen by admin');
    expect((await admin.get(`/v1/campaign/get?campaignID=${campaign.id}`)).httpStatus).toBe(200);
    expect(
      (await admin.put('/v1/campaign/update', { id: campaign.id, name: 'Renamed by admin' })).httpStatus,
    ).toBe(200);
  });

  it('lists own campaigns newest first, 20 a page, with pagination.page', async () => {
    const { client } = await signedInUser(server);
    const names: string[] = [];
    for (let index = 0; index < 22; index += 1) {
      names.push(`Campaign ${index}`);
      await newCampaign(client, `Campaign ${index}`);
    }
    const first = await client.get<CampaignAnswer[]>('/v1/campaign/mine');
    const body = first.body as unknown as {
      data: CampaignAnswer[];
      pagination: { page: number; total: number; pages: number };
    };
    expect(first.httpStatus).toBe(200);
    expect(body.data).toHaveLength(20);
    expect(body.data[0]?.name).toBe('Campaign 21');
    expect(body.pagination).toMatchObject({ page: 1, total: 22, pages: 2 });
    const second = await client.get<CampaignAnswer[]>('/v1/campaign/mine?paginate[page]=2');
    const secondBody = second.body as unknown as { data: CampaignAnswer[]; pagination: { page: number } };
    expect(secondBody.data.map((c) => c.name)).toEqual(['Campaign 1', 'Campaign 0']);
    expect(secondBody.pagination.page).toBe(2);
  });

  it('searches, filters by status and sorts across every page, counting the matches in pagination.total', async () => {
    const { client } = await signedInUser(server);
    for (let index = 0; index < 22; index += 1)
      await newCampaign(client, `Campaign ${String(index).padStart(2, '0')}`);
    await newCampaign(client, 'Trail running, winter');
    const list = async (query: string) => {
      const answer = await client.get<CampaignAnswer[]>(`/v1/campaign/mine?${query}`);
      expect(answer.httpStatus, JSON.stringify(answer.body)).toBe(200);
      return answer.body as unknown as {
        data: CampaignAnswer[];
        pagination: { total: number; pages: number };
      };
    };
    // A search finds a campaign of any page; every word must match, in any case.
    expect((await list('q=WINTER%20trail')).data.map((c) => c.name)).toEqual(['Trail running, winter']);
    // Sorted by name, ascending: the last page holds the last names.
    const byName = await list('sort=name&paginate[page]=2');
    expect(byName.data.map((c) => c.name)).toEqual(['Campaign 20', 'Campaign 21', 'Trail running, winter']);
    expect(byName.pagination).toMatchObject({ total: 23, pages: 2 });
    // None has a live creative: every one is "not serving", none "live".
    expect((await list('status=not-serving')).pagination.total).toBe(23);
    expect((await list('status=live')).data).toEqual([]);
    const refused = await client.get('/v1/campaign/mine?sort=cost');
    expect(refused.httpStatus).toBe(400);
    expect(refused.body.message).toContain(
      'sort must be one of: newest, name, flight, impressions, clicks, ctr',
    );
  });

  it('/v1/campaign/all is admin only: 403 for others', async () => {
    const answer = await owner.get('/v1/campaign/all');
    expect(answer.httpStatus).toBe(403);
    const all = await admin.get<CampaignAnswer[]>('/v1/campaign/all');
    expect(all.httpStatus).toBe(200);
    expect((all.body.data ?? []).length).toBeGreaterThan(0);
  });

  it('answers 401 for every campaign call without a session', async () => {
    const anonymous = new Client(server.url);
    expect((await anonymous.get('/v1/campaign/mine')).httpStatus).toBe(401);
    expect((await anonymous.post('/v1/campaign/new', { name: 'x' })).httpStatus).toBe(401);
    expect((await anonymous.get('/v1/campaign/creative?id=abc')).httpStatus).toBe(401);
  });

  it('creates a creative (a temporary id gets a server id), reads and updates it', async () => {
    const campaign = await newCampaign(owner);
    const creative = await newCreative(owner, campaign.id, { id: 'new_abcdefghijklmn' });
    expect(creative.id).not.toBe('new_abcdefghijklmn');
    expect(creative).toMatchObject({
      campaignID: campaign.id,
      name: 'Banner',
      type: 'Banner',
      size: '300x250',
      liveCreatives: [],
    });
    const got = await owner.get<CreativeAnswer>(`/v1/campaign/creative?id=${creative.id}`);
    expect(got.body.data?.id).toBe(creative.id);
    const list = await owner.get<CreativeAnswer[]>(`/v1/campaign/creatives?campaignID=${campaign.id}`);
    expect(list.body.data?.map((c) => c.id)).toEqual([creative.id]);
    const updated = await owner.put<CreativeAnswer>(
      '/v1/campaign/creatives',
      creativeBody(campaign.id, { id: creative.id, name: 'Renamed', width: 728, height: 90 }),
    );
    expect(updated.body.data).toMatchObject({
      name: 'Renamed',
      size: '728x90',
      platform: 'google-ad-manager',
    });
    const withCampaign = await owner.get<CampaignAnswer>(`/v1/campaign/get?campaignID=${campaign.id}`);
    expect(withCampaign.body.data?.creatives.map((c) => c.name)).toEqual(['Renamed']);
  });

  it("an update with a temporary id fails with 'No creative found yet!'", async () => {
    const campaign = await newCampaign(owner);
    const answer = await owner.put(
      '/v1/campaign/creatives',
      creativeBody(campaign.id, { id: 'new_abcdefghijklmn' }),
    );
    expect(answer.httpStatus).toBe(404);
    expect(answer.body.message).toBe('No creative found yet!');
  });

  it('saves the HTML of a creative', async () => {
    const campaign = await newCampaign(owner);
    const creative = await newCreative(owner, campaign.id);
    const answer = await owner.put<CreativeAnswer>(
      '/v1/campaign/creatives/html',
      creativeBody(campaign.id, { id: creative.id, html: '<div>ad</div>' }),
    );
    expect(answer.body.data?.html).toBe('<div>ad</div>');
  });

  it("duplicates with the copy rule: ' (Copy)', then ' (Copy 2)'", async () => {
    const campaign = await newCampaign(owner);
    const creative = await newCreative(owner, campaign.id, { name: 'Leaderboard' });
    const copy = await owner.put<CreativeAnswer>(
      '/v1/campaign/creatives/duplicate',
      creativeBody(campaign.id, { id: creative.id, name: 'Leaderboard' }),
    );
    expect(copy.body.data?.name).toBe('Leaderboard (Copy)');
    expect(copy.body.data?.id).not.toBe(creative.id);
    const copyOfCopy = await owner.put<CreativeAnswer>(
      '/v1/campaign/creatives/duplicate',
      creativeBody(campaign.id, { id: copy.body.data?.id, name: 'Leaderboard (Copy)' }),
    );
    expect(copyOfCopy.body.data?.name).toBe('Leaderboard (Copy 2)');
  });

  it("duplicates a campaign by the copy rule with its flight and creatives, nothing published, no figures; another user's is 404", async () => {
    const campaign = await newCampaign(owner, 'Black Friday');
    const updated = await owner.put('/v1/campaign/update', {
      id: campaign.id,
      name: 'Black Friday',
      data: {
        start: { date: '2026-11-20' },
        end: { date: '2026-11-30' },
        timezone: 'Europe/Berlin',
        advertiser: 'Northwind',
      },
    });
    expect(updated.httpStatus, JSON.stringify(updated.body)).toBe(200);
    const creative = await newCreative(owner, campaign.id, {
      name: 'Skyscraper',
      trackers: { click: [{ type: 'redirect', url: 'https://shop.example/' }] },
    });
    expect((await owner.post('/v1/campaign/creatives/publish', { id: creative.id })).httpStatus).toBe(200);
    const copy = await owner.post<CampaignAnswer & { creatives: CreativeAnswer[] }>(
      '/v1/campaign/duplicate',
      {
        campaignID: campaign.id,
      },
    );
    expect(copy.httpStatus, JSON.stringify(copy.body)).toBe(200);
    const made = copy.body.data;
    expect(made?.id).not.toBe(campaign.id);
    expect(made?.name).toBe('Black Friday (Copy)');
    expect(made?.data).toMatchObject({
      start: { date: '2026-11-20' },
      end: { date: '2026-11-30' },
      timezone: 'Europe/Berlin',
      advertiser: 'Northwind',
      impressions: 0,
      clicks: 0,
    });
    expect(made?.creatives.map((c) => [c.name, c.liveCreatives.length])).toEqual([['Skyscraper', 0]]);
    expect(made?.creatives[0]?.id).not.toBe(creative.id);
    // The copy is the owner's, in their list; the original is untouched.
    const mine = await owner.get<CampaignAnswer[]>('/v1/campaign/mine');
    expect(mine.body.data?.map((c) => c.name)).toContain('Black Friday (Copy)');
    expect((await other.post('/v1/campaign/duplicate', { campaignID: campaign.id })).httpStatus).toBe(404);
  });

  it("refuses to publish a creative without a landing page: 'Add the landing page URL before publishing'", async () => {
    const campaign = await newCampaign(owner);
    const creative = await newCreative(owner, campaign.id, { trackers: {} });
    const answer = await owner.post('/v1/campaign/creatives/publish', { id: creative.id });
    expect(answer.httpStatus).toBe(400);
    expect(answer.body.message).toBe('Add the landing page URL before publishing');
  });

  it('publishing makes a new live creative each time; earlier ones keep serving until removed', async () => {
    const campaign = await newCampaign(owner);
    const creative = await newCreative(owner, campaign.id);
    const first = await owner.post<CreativeAnswer>('/v1/campaign/creatives/publish', {
      id: creative.id,
      platform: 'xandr',
    });
    expect(first.httpStatus).toBe(200);
    expect(first.body.data?.platform).toBe('xandr');
    expect(first.body.data?.liveCreatives).toHaveLength(1);
    const liveId = first.body.data?.liveCreatives[0]?.id;
    expect(liveId).not.toBe(creative.id);
    const second = await owner.post<CreativeAnswer>('/v1/campaign/creatives/publish', { id: creative.id });
    expect(second.body.data?.liveCreatives.map((l) => l.id)).toEqual([liveId, expect.any(String)]);
    const removed = await owner.delete(`/v1/campaign/creatives/live?id=${liveId}`);
    expect(removed.httpStatus).toBe(200);
    const after = await owner.get<CreativeAnswer>(`/v1/campaign/creative?id=${creative.id}`);
    expect(after.body.data?.liveCreatives).toHaveLength(1);
    expect(
      (await other.delete(`/v1/campaign/creatives/live?id=${after.body.data?.liveCreatives[0]?.id}`))
        .httpStatus,
    ).toBe(404);
  });

  /**
   * Publishes with a platform while a save of `trackers` lands after the publish has read the creative,
   * before its transaction (one of each at once); answers the publish.
   */
  const publishWhileSaving = async (campaignID: string, creativeID: string, trackers: unknown) => {
    const original = server.db.transaction;
    const transaction = original.bind(server.db);
    server.db.transaction = async <T>(work: (tx: Queryable) => Promise<T>): Promise<T> => {
      server.db.transaction = original;
      const saved = await owner.put(
        '/v1/campaign/creatives',
        creativeBody(campaignID, { id: creativeID, platform: null, trackers }),
      );
      expect(saved.httpStatus).toBe(200);
      return transaction(work);
    };
    try {
      return await owner.post<CreativeAnswer>('/v1/campaign/creatives/publish', {
        id: creativeID,
        platform: 'xandr',
      });
    } finally {
      server.db.transaction = original;
    }
  };
  const storedCreative = async (creativeID: string) => {
    const [row] = await server.db.query<{ body: { platform: string | null; trackers: unknown } }>(
      'select body from creatives where id = $1',
      [creativeID],
    );
    const lives = await server.db.query<{ snapshot: { platform: string; trackers: unknown } }>(
      'select snapshot from live_creatives where creative_id = $1',
      [creativeID],
    );
    return { body: row?.body, lives: lives.map((live) => live.snapshot) };
  };

  it('publishing with a platform keeps a save that landed while it ran: the platform alone is written, the saved settings stay and are what goes live', async () => {
    const campaign = await newCampaign(owner);
    const creative = await newCreative(owner, campaign.id, { platform: null });
    const saved = { click: [{ type: 'redirect', url: 'https://advertiser.example/sale' }] };
    const published = await publishWhileSaving(campaign.id, creative.id, saved);
    expect(published.httpStatus).toBe(200);
    const stored = await storedCreative(creative.id);
    expect(stored.body).toMatchObject({ platform: 'xandr', trackers: saved });
    expect(stored.lives).toEqual([expect.objectContaining({ platform: 'xandr', trackers: saved })]);
  });

  it('a save that took the landing page away while the publish ran: the publish is refused and changes nothing', async () => {
    const campaign = await newCampaign(owner);
    const creative = await newCreative(owner, campaign.id, { platform: null });
    const published = await publishWhileSaving(campaign.id, creative.id, {});
    expect(published.httpStatus).toBe(400);
    expect(published.body.message).toBe('Add the landing page URL before publishing');
    const stored = await storedCreative(creative.id);
    // The save stands; the publish's platform went with its transaction, and nothing went live.
    expect(stored.body).toMatchObject({ platform: null, trackers: {} });
    expect(stored.lives).toEqual([]);
  });

  it('a live creative is an immutable snapshot: later edits do not change it', async () => {
    const campaign = await newCampaign(owner);
    const creative = await newCreative(owner, campaign.id);
    await owner.post('/v1/campaign/creatives/publish', { id: creative.id });
    await owner.put(
      '/v1/campaign/creatives',
      creativeBody(campaign.id, { id: creative.id, width: 160, height: 600 }),
    );
    const [row] = await server.db.query<{ snapshot: { width: number } }>(
      'select snapshot from live_creatives where creative_id = $1',
      [creative.id],
    );
    expect(row?.snapshot.width).toBe(300);
  });

  it('deletes a creative with an empty answer', async () => {
    const campaign = await newCampaign(owner);
    const creative = await newCreative(owner, campaign.id);
    expect((await other.delete(`/v1/campaign/creatives/delete?id=${creative.id}`)).httpStatus).toBe(404);
    const answer = await owner.delete(`/v1/campaign/creatives/delete?id=${creative.id}`);
    expect(answer.httpStatus).toBe(200);
    expect(answer.body.data).toBeNull();
    expect((await owner.get(`/v1/campaign/creative?id=${creative.id}`)).httpStatus).toBe(404);
  });

  it("another user's creative is 404 for every creative call", async () => {
    const campaign = await newCampaign(owner);
    const creative = await newCreative(owner, campaign.id);
    expect((await other.get(`/v1/campaign/creative?id=${creative.id}`)).httpStatus).toBe(404);
    expect(
      (await other.put('/v1/campaign/creatives', creativeBody(campaign.id, { id: creative.id }))).httpStatus,
    ).toBe(404);
    expect(
      (await other.put('/v1/campaign/creatives/duplicate', creativeBody(campaign.id, { id: creative.id })))
        .httpStatus,
    ).toBe(404);
    expect((await other.post('/v1/campaign/creatives/publish', { id: creative.id })).httpStatus).toBe(404);
  });

  it('validates creative bodies with the domain rules', async () => {
    const campaign = await newCampaign(owner);
    const answer = await owner.post(
      '/v1/campaign/creatives',
      creativeBody(campaign.id, { type: 'Video', width: -1, platform: 'myspace' }),
    );
    expect(answer.httpStatus).toBe(400);
    expect(answer.body.errors).toEqual(
      expect.arrayContaining([
        expect.stringContaining('type must be one of'),
        expect.stringContaining('width must be at least 0'),
        expect.stringContaining('platform must be one of'),
      ]),
    );
  });
});
