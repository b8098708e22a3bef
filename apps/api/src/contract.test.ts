// The answers parse with the domain's own schemas: what the console's API client reads is what the
// server sends.
import {
  assetSchema,
  campaignSchema,
  creativeSchema,
  loginResponseSchema,
  meResponseSchema,
  reportFileSchema,
  userListEntrySchema,
} from '@adconsole/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Client, startServer, type TestServer, testDatabaseKind } from './test/harness';
import { PASSWORD, signedInAdmin } from './test/helpers';

describe(`answers match the domain schemas on ${testDatabaseKind()}`, () => {
  let server: TestServer;
  let admin: Client;
  let email: string;
  beforeAll(async () => {
    server = await startServer();
    ({ client: admin, email } = await signedInAdmin(server));
  });
  afterAll(() => server.close());

  it('login and /me answers parse as loginResponseSchema and meResponseSchema', async () => {
    const login = await new Client(server.url).post('/login', {
      method: 'password',
      username: email,
      password: PASSWORD,
      remember: false,
    });
    expect(loginResponseSchema.safeParse(login.body.data).success).toBe(true);
    const me = await admin.get('/me');
    expect(meResponseSchema.safeParse(me.body.data).success).toBe(true);
  });

  it('campaigns, creatives (with live creatives and assets), lists, users and tag files parse', async () => {
    const campaign = await admin.post<{ id: string }>('/v1/campaign/new', {
      name: 'Contract',
      data: { start: { date: '2026-03-01' }, end: null },
    });
    expect(campaignSchema.safeParse(campaign.body.data).error).toBeUndefined();
    const campaignID = campaign.body.data?.id ?? '';
    const creative = await admin.post<{ id: string }>('/v1/campaign/creatives', {
      campaignID,
      name: 'Banner',
      type: 'VAST',
      width: 640,
      height: 360,
      platform: 'the-trade-desk',
      trackers: { click: [{ type: 'redirect', url: 'https://track.example/click' }] },
      settings: [{ key: 'euCreative', value: true }],
    });
    const creativeID = creative.body.data?.id ?? '';
    const form = new FormData();
    form.append('type', 'video');
    form.append('creativeID', creativeID);
    form.append(
      'files[]',
      new Blob([new Uint8Array(Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42')]))]),
      'main.mp4',
    );
    const upload = await admin.post('/v1/campaign/creatives/assets', form);
    expect(z.array(assetSchema).safeParse(upload.body.data).error).toBeUndefined();
    const published = await admin.post('/v1/campaign/creatives/publish', { id: creativeID });
    expect(creativeSchema.safeParse(published.body.data).error).toBeUndefined();
    const full = await admin.get(`/v1/campaign/get?campaignID=${campaignID}`);
    expect(campaignSchema.safeParse(full.body.data).error).toBeUndefined();
    const list = await admin.get('/v1/campaign/all?paginate[page]=1');
    expect(z.array(campaignSchema).safeParse(list.body.data).error).toBeUndefined();
    const users = await admin.get('/v1/users');
    expect(z.array(userListEntrySchema).safeParse(users.body.data).error).toBeUndefined();
    const tags = await admin.post('/v1/campaign/tags', { campaignID, type: 'xlsx', tags: {} });
    expect(reportFileSchema.safeParse(tags.body.data).error).toBeUndefined();
  });
});
