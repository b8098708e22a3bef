import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type LocalServer, startLocalServer } from '../../../test/local-server';
import { newCampaign } from '../../campaigns/campaign';
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

const client = () => createApiClient({ baseUrl: server.url });
const campaign = { id: '7', name: 'Spring', data: { impressions: 1, engagement: 0, clicks: 0 } };
const caught = async (promise: Promise<unknown>): Promise<unknown> =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

describe('campaign calls (docs/product.md §7 and §8)', () => {
  it('GETs /v1/campaign/get?campaignID=', async () => {
    server.respond(() => ({ body: { status: 200, data: campaign } }));
    expect((await client().getCampaign('7')).name).toBe('Spring');
    expect(server.requests[0]?.path).toBe('/v1/campaign/get');
    expect(server.requests[0]?.query.get('campaignID')).toBe('7');
  });

  it("says 'Campaign not found!' for a missing campaign and 'No campaign' without an id", async () => {
    server.respond(() => ({ status: 404, body: { status: 404, message: 'Not found' } }));
    expect(await caught(client().getCampaign('8'))).toMatchObject({
      status: 404,
      message: 'Campaign not found!',
    });
    server.respond(() => ({ body: { status: 200, data: null } }));
    expect(await caught(client().getCampaign('8'))).toMatchObject({ message: 'Campaign not found!' });
    expect(await caught(client().getCampaign(''))).toMatchObject({ message: 'No campaign' });
  });

  it('GETs /v1/campaign/mine or /all with optional paginate[page]; answers data[] and pagination.page', async () => {
    server.respond(() => ({ body: { status: 200, data: [campaign], pagination: { page: 3 } } }));
    expect(await client().listCampaigns('all', 3)).toMatchObject({ campaigns: [{ id: '7' }], page: 3 });
    expect(server.requests[0]?.path).toBe('/v1/campaign/all');
    expect(server.requests[0]?.query.get('paginate[page]')).toBe('3');
    server.respond(() => ({ body: { status: 200, data: [] } }));
    expect(await client().listCampaigns()).toEqual({ campaigns: [], page: 1, pages: 1 });
    expect(server.requests[1]?.path).toBe('/v1/campaign/mine');
    expect(server.requests[1]?.query.has('paginate[page]')).toBe(false);
  });

  it('passes on the page count and total the server gives with pagination', async () => {
    server.respond(() => ({
      body: { status: 200, data: [campaign], pagination: { page: 2, perPage: 20, pages: 4, total: 61 } },
    }));
    expect(await client().listCampaigns('mine', 2)).toMatchObject({ page: 2, pages: 4, total: 61 });
  });

  it('treats a 403 on the campaign list as success with an empty list', async () => {
    server.respond(() => ({ status: 403, body: { status: 403, code: 'forbidden', message: 'Admins only' } }));
    expect(await client().listCampaigns('all')).toEqual({ campaigns: [], page: 1, pages: 1, total: 0 });
  });

  it('gives an empty list for a rejection without a data body', async () => {
    server.respond(() => ({ status: 500 }));
    expect(await client().listCampaigns('mine', 2)).toEqual({ campaigns: [], page: 2, pages: 1, total: 0 });
    expect((await createApiClient({ baseUrl: 'http://127.0.0.1:1' }).listCampaigns()).campaigns).toEqual([]);
  });

  it('still fails for other rejections with a body and for answers of the wrong shape', async () => {
    server.respond(() => ({ status: 500, body: { status: 500, message: 'Database down' } }));
    expect(await caught(client().listCampaigns())).toMatchObject({ message: 'Database down' });
    server.respond(() => ({ body: { status: 200, data: [{ nope: true }] } }));
    expect(await caught(client().listCampaigns())).toMatchObject({ code: 'invalid_response' });
  });

  it('POSTs /v1/campaign/new with the campaign body, leaving out local-only fields', async () => {
    server.respond(() => ({ body: { status: 200, data: campaign } }));
    expect((await client().createCampaign({ ...newCampaign('Spring'), listView: true })).id).toBe('7');
    expect(server.requests[0]).toMatchObject({ method: 'POST', path: '/v1/campaign/new' });
    expect(server.requests[0]?.json()).toEqual({ name: 'Spring', data: {} });
  });

  it('checks the campaign body before any call', async () => {
    expect(await caught(client().createCampaign({ name: ' ' }))).toMatchObject({
      messages: ['name: Fill in the campaign name'],
    });
    expect(await caught(client().updateCampaign({ name: 'Spring' }))).toMatchObject({ status: 400 });
    expect(server.requests).toHaveLength(0);
  });

  it('PUTs /v1/campaign/update with the campaign as answered (server-owned fields dropped) and DELETEs /v1/campaign/delete?campaignID=', async () => {
    expect(await client().updateCampaign({ ...campaign, creatives: [] })).toBeUndefined();
    await client().deleteCampaign('7');
    expect(server.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'PUT /v1/campaign/update',
      'DELETE /v1/campaign/delete',
    ]);
    expect(server.requests[0]?.json()).toEqual({ id: '7', name: 'Spring', data: {} });
    expect(server.requests[1]?.query.get('campaignID')).toBe('7');
    server.respond(() => ({ status: 404, body: { status: 404, message: 'gone' } }));
    expect(await caught(client().deleteCampaign('7'))).toMatchObject({ message: 'Campaign not found!' });
    server.respond(() => ({ status: 500, body: { status: 500, message: 'Database down' } }));
    expect(await caught(client().updateCampaign(campaign))).toMatchObject({ message: 'Database down' });
    server.respond(() => ({ body: { status: 200, data: { ...campaign, name: 'Summer' } } }));
    expect((await client().updateCampaign({ ...campaign, name: 'Summer' }))?.name).toBe('Summer');
    expect(await caught(client().updateCampaign({ ...campaign, colour: 'red' }))).toMatchObject({
      messages: [expect.stringMatching(/colour/)],
    });
  });

  it('POSTs /v1/campaign/archive and /unarchive with the campaignID in the body; answers the campaign; 404 is "Campaign not found!"', async () => {
    const archived = { ...campaign, archivedAt: '2026-11-25T10:00:00.000Z' };
    server.respond(() => ({ body: { status: 200, data: archived } }));
    expect((await client().archiveCampaign('7')).archivedAt).toBe(archived.archivedAt);
    server.respond(() => ({ body: { status: 200, data: { ...campaign, archivedAt: null } } }));
    expect((await client().unarchiveCampaign('7')).archivedAt).toBeNull();
    expect(server.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'POST /v1/campaign/archive',
      'POST /v1/campaign/unarchive',
    ]);
    expect(server.requests[0]?.json()).toEqual({ campaignID: '7' });
    server.respond(() => ({ status: 404, body: { status: 404, message: 'gone' } }));
    expect(await caught(client().archiveCampaign('7'))).toMatchObject({ message: 'Campaign not found!' });
  });

  it('POSTs /v1/campaign/pause and /resume with the campaignID; answers pausedAt and pausedBy', async () => {
    const paused = { ...campaign, pausedAt: '2026-11-29T10:00:00.000Z', pausedBy: 'ana@adconsole.test' };
    server.respond(() => ({ body: { status: 200, data: paused } }));
    expect(await client().pauseCampaign('7')).toMatchObject({ pausedBy: 'ana@adconsole.test' });
    server.respond(() => ({ body: { status: 200, data: { ...campaign, pausedAt: null, pausedBy: null } } }));
    expect((await client().resumeCampaign('7')).pausedAt).toBeNull();
    expect(server.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'POST /v1/campaign/pause',
      'POST /v1/campaign/resume',
    ]);
    expect(server.requests[0]?.json()).toEqual({ campaignID: '7' });
  });

  it("POSTs /v1/campaign/duplicate with the copy's name and days; refuses an end before the start before sending", async () => {
    server.respond(() => ({ body: { status: 200, data: { ...campaign, name: 'Copy' } } }));
    await client().duplicateCampaign('7', { name: 'Copy', start: '2026-12-01', end: '2026-12-31' });
    expect(server.requests[0]?.json()).toEqual({
      campaignID: '7',
      name: 'Copy',
      start: '2026-12-01',
      end: '2026-12-31',
    });
    expect(
      await caught(client().duplicateCampaign('7', { start: '2026-12-31', end: '2026-12-01' })),
    ).toMatchObject({ messages: [expect.stringMatching(/end.*on or after the start date/)] });
    expect(server.requests).toHaveLength(1);
  });
});
