import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type LocalServer, startLocalServer } from '../../../test/local-server';
import { newCreative } from '../../campaigns/creative';
import { createApiClient } from '../client';

let server: LocalServer;
beforeAll(async () => {
  server = await startLocalServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
  server.respond(() => ({ body: { status: 200, data: null } }));
});

const campaign = { id: 'k1', name: 'Spring' };
const saved = {
  id: '42',
  campaignID: 'k1',
  name: 'New creative',
  type: 'Banner',
  width: 300,
  height: 250,
  size: '300x250',
};
const asset = {
  id: 'a1',
  filename: 'main.mp4',
  name: 'main.mp4',
  creativeID: '42',
  url: 'https://cdn.example/main.mp4',
};
const caught = async (promise: Promise<unknown>): Promise<unknown> =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );
const route = (request: { method: string; path: string }) => `${request.method} ${request.path}`;

/** Answers a campaign for /get and the saved creative for everything else. */
const creativeServer = () =>
  server.respond((request) => ({
    body: { status: 200, data: request.path === '/v1/campaign/get' ? campaign : saved },
  }));

describe('creative calls (docs/product.md §4 and §7)', () => {
  it('GETs /v1/campaign/creative?id= and /v1/campaign/creatives?campaignID=', async () => {
    const client = createApiClient({ baseUrl: server.url });
    server.respond(() => ({ body: { status: 200, data: saved } }));
    expect((await client.getCreative('42')).size).toBe('300x250');
    server.respond(() => ({ body: { status: 200, data: [saved] } }));
    expect(await client.listCreatives('k1')).toHaveLength(1);
    expect(server.requests.map((request) => [route(request), request.query.toString()])).toEqual([
      ['GET /v1/campaign/creative', 'id=42'],
      ['GET /v1/campaign/creatives', 'campaignID=k1'],
    ]);
  });

  it('creates a creative with POST /v1/campaign/creatives, without its temporary id, and fetches an unknown campaign first', async () => {
    creativeServer();
    const client = createApiClient({ baseUrl: server.url });
    const local = newCreative('k1');
    const created = await client.createCreative({
      ...local,
      liveCreatives: [],
      data: { impressions: 0, engagement: 0, clicks: 0 },
    });
    expect(created.id).toBe('42');
    expect(server.requests.map(route)).toEqual(['GET /v1/campaign/get', 'POST /v1/campaign/creatives']);
    const body = server.requests[1]?.json() as Record<string, unknown>;
    expect(body.id).toBeUndefined();
    expect(body).toMatchObject({
      campaignID: 'k1',
      name: 'New creative',
      type: 'Banner',
      width: 300,
      height: 250,
      size: '300x250',
    });
    expect(client.serverIdFor(local.id)).toBe('42');
  });

  it('skips the campaign fetch when the campaign is known', async () => {
    creativeServer();
    await createApiClient({ baseUrl: server.url }).createCreative(newCreative('k1'), {
      campaign: {
        ...campaign,
        creatives: [],
        data: { impressions: 0, engagement: 0, clicks: 0 },
        scheduledReports: [],
      },
    });
    expect(server.requests.map(route)).toEqual(['POST /v1/campaign/creatives']);
  });

  it("fails with 'Campaign not found!' when the creative's campaign does not exist", async () => {
    server.respond(() => ({ status: 404, body: { status: 404, message: 'Not found' } }));
    expect(
      await caught(createApiClient({ baseUrl: server.url }).createCreative(newCreative('k9'))),
    ).toMatchObject({ message: 'Campaign not found!' });
  });

  it("updates a creative made with a temporary id under the server's id once known", async () => {
    creativeServer();
    const client = createApiClient({ baseUrl: server.url });
    const local = newCreative('k1');
    await client.createCreative(local, {
      campaign: {
        ...campaign,
        creatives: [],
        data: { impressions: 0, engagement: 0, clicks: 0 },
        scheduledReports: [],
      },
    });
    await client.updateCreative({ ...local, name: 'Renamed' });
    await client.updateCreativeHtml({ ...local, html: '<p>hi</p>' });
    await client.duplicateCreative(local);
    await client.publishCreative({ id: local.id, platform: 'xandr' });
    await client.deleteCreative(local.id);
    expect(server.requests.slice(1).map(route)).toEqual([
      'PUT /v1/campaign/creatives',
      'PUT /v1/campaign/creatives/html',
      'PUT /v1/campaign/creatives/duplicate',
      'POST /v1/campaign/creatives/publish',
      'DELETE /v1/campaign/creatives/delete',
    ]);
    expect(server.requests[1]?.json()).toMatchObject({ id: '42', name: 'Renamed' });
    expect(server.requests[2]?.json()).toMatchObject({ id: '42', html: '<p>hi</p>' });
    expect(server.requests[4]?.json()).toEqual({ id: '42', platform: 'xandr' });
    expect(server.requests[5]?.query.get('id')).toBe('42');
  });

  it("fails with 'No creative found yet!' for a temporary id without a server id, sending nothing", async () => {
    const client = createApiClient({ baseUrl: server.url });
    const local = newCreative('k1');
    for (const call of [
      client.updateCreative(local),
      client.publishCreative(local),
      client.deleteCreative(local.id),
      client.getCreative(local.id),
    ]) {
      expect(await caught(call)).toMatchObject({ message: 'No creative found yet!' });
    }
    expect(server.requests).toHaveLength(0);
  });

  it('checks the creative body before any call', async () => {
    expect(
      await caught(createApiClient({ baseUrl: server.url }).updateCreative({ ...saved, type: 'Video' })),
    ).toMatchObject({
      messages: ['type must be one of: Banner, VAST, VPAID'],
    });
    expect(server.requests).toHaveLength(0);
  });

  it('uploads assets as multipart: type, width, height, duration, creativeID, assets (JSON) and files[]', async () => {
    server.respond(() => ({ body: { status: 200, data: [asset], deleted: [{ ...asset, id: 'old' }] } }));
    const client = createApiClient({ baseUrl: server.url });
    const uploaded = await client.uploadAssets({
      campaignID: 'k1',
      creativeID: '42',
      type: 'video',
      width: 640,
      height: 360,
      duration: 15,
      assets: [],
      files: [
        { blob: new Blob(['fake video'], { type: 'video/mp4' }), name: 'main.mp4' },
        new File(['poster'], 'poster.jpg'),
      ],
    });
    expect(uploaded.asset.id).toBe('a1');
    expect(uploaded.deleted.map((deleted) => deleted.id)).toEqual(['old']);
    const [request] = server.requests;
    expect(route(request ?? { method: '', path: '' })).toBe('POST /v1/campaign/creatives/assets');
    expect(request?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    const form = await request?.formData();
    expect(form?.get('type')).toBe('video');
    expect(form?.get('width')).toBe('640');
    expect(form?.get('height')).toBe('360');
    expect(form?.get('duration')).toBe('15');
    expect(form?.get('creativeID')).toBe('42');
    expect(form?.get('assets')).toBe('[]');
    const files = form?.getAll('files[]') as File[];
    expect(files.map((file) => file.name)).toEqual(['main.mp4', 'poster.jpg']);
    expect(await files[0]?.text()).toBe('fake video');
  });

  it("leaves the assets list out when the caller gives none, so an upload never deletes the creative's other assets", async () => {
    server.respond(() => ({ body: { status: 200, data: [asset], deleted: [] } }));
    const client = createApiClient({ baseUrl: server.url });
    await client.uploadAssets({
      campaignID: 'k1',
      creativeID: '42',
      type: 'image',
      files: [new File(['png'], 'second.png')],
    });
    const form = await server.requests[0]?.formData();
    expect(form?.has('assets')).toBe(false);
    const files = (form?.getAll('files[]') ?? []) as File[];
    expect(files.map((file) => file.name)).toEqual(['second.png']);
  });

  it("needs campaign and creative to upload: 'Incorrect campaign or creative!'", async () => {
    const client = createApiClient({ baseUrl: server.url });
    for (const ids of [
      { campaignID: '', creativeID: '42' },
      { campaignID: 'k1', creativeID: null },
    ]) {
      expect(await caught(client.uploadAssets({ ...ids, type: 'image', files: [] }))).toMatchObject({
        status: 400,
        messages: ['Incorrect campaign or creative!'],
      });
    }
    expect(server.requests).toHaveLength(0);
  });

  it('DELETEs one live creative with /v1/campaign/creatives/live?id=', async () => {
    await createApiClient({ baseUrl: server.url }).deleteLiveCreative('L1');
    expect(route(server.requests[0] ?? { method: '', path: '' })).toBe('DELETE /v1/campaign/creatives/live');
    expect(server.requests[0]?.query.get('id')).toBe('L1');
  });

  it('DELETEs /v1/campaign/creatives/assets?id=&creativeID=', async () => {
    await createApiClient({ baseUrl: server.url }).deleteAsset('a1', '42');
    expect(route(server.requests[0] ?? { method: '', path: '' })).toBe(
      'DELETE /v1/campaign/creatives/assets',
    );
    expect(server.requests[0]?.query.toString()).toBe('id=a1&creativeID=42');
  });

  it("POSTs /v1/campaign/tags with campaignID, type 'xlsx' and tags by creative id, and gives the file URL under /uploads/", async () => {
    server.respond(() => ({ body: { status: 200, data: { file: 'tags/Spring tags.xlsx' } } }));
    const tags = { 42: [{ liveCreativeID: 'L1', platform: 'Xandr', tag: '<ins></ins>' }] };
    const url = await createApiClient({ baseUrl: `${server.url}/` }).downloadTagSheet({
      campaignID: 'k1',
      tags,
    });
    expect(server.requests[0]?.json()).toEqual({ campaignID: 'k1', type: 'xlsx', tags });
    expect(url).toBe(`${server.url}/uploads/tags/Spring%20tags.xlsx`);
  });

  it("GETs /v1/campaign/tags?campaignID=&type= for the campaign's whole tag sheet and gives the file URL", async () => {
    server.respond(() => ({ body: { status: 200, data: { file: 'tags/x/Spring-tags.csv' } } }));
    const client = createApiClient({ baseUrl: server.url });
    expect(await client.downloadCampaignTags('k1', 'csv')).toBe(
      `${server.url}/uploads/tags/x/Spring-tags.csv`,
    );
    await client.downloadCampaignTags('k1');
    expect(server.requests.map((request) => [route(request), request.query.toString()])).toEqual([
      ['GET /v1/campaign/tags', 'campaignID=k1&type=csv'],
      ['GET /v1/campaign/tags', 'campaignID=k1&type=xlsx'],
    ]);
  });
});
