// Placements (docs/serving.md, "Placements": one tag, several creatives): the calls under /v1/campaign/placements, their
// access (another owner reads and changes nothing: 404 as for a creative), their checks (one kind, one
// size, the campaign's own creatives, a kind and size kept by updates) and their audit entries.
import { type Placement, placementSchema } from '@adconsole/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, startServer, type TestServer, testDatabaseKind } from '../../test/harness';
import { signedInAdmin, signedInUser } from '../../test/helpers';

describe(`placements on ${testDatabaseKind()}`, () => {
  let server: TestServer;
  let owner: Client;
  let stranger: Client;
  let campaignID: string;
  let otherCampaignID: string;
  const creatives: Record<string, string> = {};

  const creative = async (campaign: string, name: string, type: string, width: number, height: number) =>
    (
      await owner.post<{ id: string }>('/v1/campaign/creatives', {
        campaignID: campaign,
        name,
        type,
        width,
        height,
      })
    ).body.data?.id ?? '';

  beforeAll(async () => {
    server = await startServer();
    owner = (await signedInUser(server)).client;
    stranger = (await signedInUser(server)).client;
    campaignID =
      (await owner.post<{ id: string }>('/v1/campaign/new', { name: 'Rotation' })).body.data?.id ?? '';
    otherCampaignID =
      (await owner.post<{ id: string }>('/v1/campaign/new', { name: 'Elsewhere' })).body.data?.id ?? '';
    creatives.a = await creative(campaignID, 'Banner A', 'Banner', 300, 250);
    creatives.b = await creative(campaignID, 'Banner B', 'Banner', 300, 250);
    creatives.wide = await creative(campaignID, 'Leaderboard', 'Banner', 728, 90);
    creatives.video = await creative(campaignID, 'Pre-roll', 'VAST', 300, 250);
    creatives.elsewhere = await creative(otherCampaignID, 'Banner C', 'Banner', 300, 250);
  });
  afterAll(() => server.close());

  const create = (body: Record<string, unknown>) =>
    owner.post<Placement>('/v1/campaign/placements', { campaignID, name: 'Sidebar', ...body });

  it("creates a placement with its creatives' kind and size, reads it, lists it and records the change", async () => {
    const made = await create({
      mode: 'weighted',
      items: [
        { creativeId: creatives.a, weight: 1 },
        { creativeId: creatives.b, weight: 3 },
      ],
    });
    expect(made.httpStatus, JSON.stringify(made.body)).toBe(200);
    const placement = placementSchema.parse(made.body.data);
    expect(placement).toMatchObject({
      campaignID,
      name: 'Sidebar',
      kind: 'Banner',
      width: 300,
      height: 250,
      mode: 'weighted',
      items: [
        { creativeId: creatives.a, weight: 1, paused: false },
        { creativeId: creatives.b, weight: 3, paused: false },
      ],
    });
    const got = await owner.get<Placement>(`/v1/campaign/placement?id=${placement.id}`);
    expect(got.body.data).toEqual(placement);
    const listed = await owner.get<Placement[]>(`/v1/campaign/placements?campaignID=${campaignID}`);
    expect(listed.body.data?.map((p) => p.id)).toContain(placement.id);
    const entries = await server.db.query<{ entity: string; action: string; campaign_id: string }>(
      'select entity, action, campaign_id from audit_log where entity_id = $1',
      [placement.id],
    );
    expect(entries).toEqual([{ entity: 'placement', action: 'create', campaign_id: campaignID }]);
  });

  it('defaults to even rotation with weight 1 and nothing paused', async () => {
    const made = await create({ items: [{ creativeId: creatives.a }] });
    expect(made.body.data).toMatchObject({ mode: 'even', items: [{ weight: 1, paused: false }] });
  });

  it('refuses mixed kinds, mixed sizes, unknown creatives and creatives of another campaign, saying which', async () => {
    const kinds = await create({ items: [{ creativeId: creatives.a }, { creativeId: creatives.video }] });
    expect(kinds.httpStatus).toBe(400);
    expect(kinds.body.message).toBe(
      'A placement\'s creatives must all be of one kind: "Banner A" is Banner, "Pre-roll" is VAST.',
    );
    const sizes = await create({ items: [{ creativeId: creatives.a }, { creativeId: creatives.wide }] });
    expect(sizes.httpStatus).toBe(400);
    expect(sizes.body.message).toBe(
      'A placement\'s creatives must all be the same size: "Banner A" is 300x250, "Leaderboard" is 728x90.',
    );
    const unknown = await create({ items: [{ creativeId: 'ffffffffffffffffffffffff' }] });
    expect(unknown.httpStatus).toBe(400);
    expect(unknown.body.message).toBe(
      'Creative ffffffffffffffffffffffff not found: a placement takes creatives of its own campaign.',
    );
    const elsewhere = await create({ items: [{ creativeId: creatives.elsewhere }] });
    expect(elsewhere.httpStatus).toBe(400);
    expect(elsewhere.body.message).toBe(
      'The creative "Banner C" belongs to another campaign: a placement takes creatives of its own campaign.',
    );
  });

  it("refuses an invalid rotation with the rotation's messages", async () => {
    const paused = await create({ items: [{ creativeId: creatives.a, paused: true }] });
    expect(paused.httpStatus).toBe(400);
    expect(JSON.stringify(paused.body)).toContain('At least one creative of the rotation must not be paused');
    const twice = await create({ items: [{ creativeId: creatives.a }, { creativeId: creatives.a }] });
    expect(JSON.stringify(twice.body)).toContain('A creative can appear only once in a rotation');
    const weight = await create({ items: [{ creativeId: creatives.a, weight: 0 }] });
    expect(JSON.stringify(weight.body)).toContain('A weight must be a whole number from 1 to 1000');
    const none = await create({ items: [] });
    expect(JSON.stringify(none.body)).toContain('A rotation needs at least one creative');
    const mode = await create({ mode: 'random', items: [{ creativeId: creatives.a }] });
    expect(JSON.stringify(mode.body)).toContain(
      'The rotation must be one of: even, weighted, sequential, optimized',
    );
  });

  it('updates mode, weights and paused flags; keeps the kind and size its tags expect', async () => {
    const made = placementSchema.parse(
      (await create({ items: [{ creativeId: creatives.a }, { creativeId: creatives.b }] })).body.data,
    );
    const updated = await owner.put<Placement>('/v1/campaign/placements', {
      ...made,
      mode: 'sequential',
      items: [
        { creativeId: creatives.b, weight: 2 },
        { creativeId: creatives.a, weight: 5, paused: true },
      ],
    });
    expect(updated.httpStatus, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.data).toMatchObject({
      name: 'Sidebar',
      mode: 'sequential',
      items: [
        { creativeId: creatives.b, weight: 2, paused: false },
        { creativeId: creatives.a, weight: 5, paused: true },
      ],
    });
    const entry = await server.db.query<{ action: string; changes: Record<string, unknown> }>(
      "select action, changes from audit_log where entity_id = $1 and action = 'update'",
      [made.id],
    );
    expect(entry).toHaveLength(1);
    expect(Object.keys(entry[0]?.changes ?? {}).sort()).toEqual(['items', 'mode']);
    // Left out, mode and items are kept: a rename changes the name alone.
    const renamed = await owner.put<Placement>('/v1/campaign/placements', { id: made.id, name: 'Renamed' });
    expect(renamed.httpStatus, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body.data).toMatchObject({
      name: 'Renamed',
      mode: 'sequential',
      items: updated.body.data?.items,
    });
    const resized = await owner.put('/v1/campaign/placements', {
      id: made.id,
      items: [{ creativeId: creatives.wide }],
    });
    expect(resized.httpStatus).toBe(400);
    expect(resized.body.message).toBe(
      'This placement serves Banner 300x250 (its tags expect it); these creatives are Banner 728x90: make another placement for them.',
    );
  });

  it('another owner can neither read, list, change nor delete it (404 as for a creative); an admin can', async () => {
    const made = placementSchema.parse((await create({ items: [{ creativeId: creatives.a }] })).body.data);
    const got = await stranger.get(`/v1/campaign/placement?id=${made.id}`);
    expect(got.httpStatus).toBe(404);
    expect(got.body.message).toBe('Placement not found!');
    expect((await stranger.get(`/v1/campaign/placements?campaignID=${campaignID}`)).httpStatus).toBe(404);
    const put = await stranger.put('/v1/campaign/placements', {
      id: made.id,
      items: [{ creativeId: creatives.a }],
    });
    expect(put.httpStatus).toBe(404);
    expect((await stranger.delete(`/v1/campaign/placements?id=${made.id}`)).httpStatus).toBe(404);
    // Nor can they put the owner's creatives in a placement of their own: the ids read as unknown.
    const theirs =
      (await stranger.post<{ id: string }>('/v1/campaign/new', { name: 'Theirs' })).body.data?.id ?? '';
    const borrowed = await stranger.post('/v1/campaign/placements', {
      campaignID: theirs,
      name: 'Borrowed',
      items: [{ creativeId: creatives.a }],
    });
    expect(borrowed.httpStatus).toBe(400);
    expect(borrowed.body.message).toContain('not found');
    const { client: admin } = await signedInAdmin(server);
    expect((await admin.get(`/v1/campaign/placement?id=${made.id}`)).httpStatus).toBe(200);
  });

  it('deletes a placement (one audit entry); it is gone afterwards', async () => {
    const made = placementSchema.parse((await create({ items: [{ creativeId: creatives.a }] })).body.data);
    const deleted = await owner.delete(`/v1/campaign/placements?id=${made.id}`);
    expect(deleted.httpStatus).toBe(200);
    expect((await owner.get(`/v1/campaign/placement?id=${made.id}`)).httpStatus).toBe(404);
    const actions = await server.db.query<{ action: string }>(
      'select action from audit_log where entity_id = $1 order by id',
      [made.id],
    );
    expect(actions.map((row) => row.action)).toEqual(['create', 'delete']);
  });
});
