// The contract, written once: every route is declared from an entry of the domain's `contract`, every
// operation of the OpenAPI document is called for real and its answer parses with the domain's schema
// (what the console's client reads), and an entity goes back to the server exactly as it came.
import {
  builderDocumentOf,
  type CallContract,
  contract,
  creativeSchema,
  defaultAdBuilderState,
} from '@adconsole/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openAlert } from '../test/alerts';
import { conversionActionCalls } from '../test/conversion-calls';
import { Client, startServer, type TestServer, testDatabaseKind } from '../test/harness';
import { demoAsset, PASSWORD, signedInAdmin, signedInUser, uniqueEmail, waitForMail } from '../test/helpers';
import { allRoutes } from './index';

type Operation = { operationId: string; responses: Record<string, unknown> };

describe(`the API contract on ${testDatabaseKind()}`, () => {
  let server: TestServer;
  let admin: Client;
  let adminEmail: string;
  let campaignID: string;
  let creativeID: string;
  let assetID: string;
  let liveID: string;
  beforeAll(async () => {
    server = await startServer();
    ({ client: admin, email: adminEmail } = await signedInAdmin(server));
    const campaign = await admin.post<{ id: string }>('/v1/campaign/new', { name: 'Contract' });
    campaignID = campaign.body.data?.id ?? '';
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
    creativeID = creative.body.data?.id ?? '';
  });
  afterAll(() => server.close());

  it('declares every route from an entry of the domain contract, each entry once', () => {
    const entries = new Set<CallContract>(Object.values(contract));
    for (const route of allRoutes)
      expect(entries.has(route.call), `${route.call.method} ${route.call.path}`).toBe(true);
    expect(new Set(allRoutes.map((route) => route.call)).size).toBe(allRoutes.length);
    expect(allRoutes).toHaveLength(Object.keys(contract).length);
  });

  /** How to make each documented call succeed; the test fails when an operation has no entry. */
  const dates = new URLSearchParams({ start_dt: '2026-03-01 00:00:00', end_dt: '2026-03-07 23:59:59' });
  let sharedToken: string | undefined;
  const shareToken = async () => {
    sharedToken ??=
      (await admin.post<{ token: string }>('/v1/campaign/newToken', { campaignID })).body.data?.token ?? '';
    return sharedToken;
  };
  /** A fresh account for the admin calls that change another user. */
  const anotherUser = async () => {
    const { client } = await signedInUser(server);
    return (await client.get<{ user: { id: string } }>('/me')).body.data?.user.id;
  };
  const schedule = () => ({
    campaignID,
    name: 'Contract schedule',
    frequency: 'Weekly',
    reportType: 'Summary',
    format: 'csv',
    timezone: 'UTC',
    recipients: [adminEmail],
  });
  /** A PNG put into the file manager through its presigned URL; answers its path. */
  const managedFile = async () => {
    const name = `file-${uniqueEmail().split('@')[0]}.png`;
    const png = await demoAsset('banner.png');
    const ticket = await admin.post<{ url: string; headers: Record<string, string> }>('/v1/files/upload', {
      name,
      size: png.length,
    });
    const put = await fetch(new URL(ticket.body.data?.url ?? '', server.url), {
      method: 'PUT',
      headers: ticket.body.data?.headers ?? {},
      body: new Uint8Array(png),
    });
    if (put.status !== 200) throw new Error(`PUT ${put.status}`);
    return name;
  };

  const newDraft = async () =>
    (
      await admin.post<{ id: string }>('/v1/builder/drafts', {
        name: 'Contract draft',
        document: builderDocumentOf(defaultAdBuilderState()),
      })
    ).body.data?.id ?? '';
  /** A placement of the contract's creative (issue 46). */
  const newPlacement = async () =>
    (
      await admin.post<{ id: string }>('/v1/campaign/placements', {
        campaignID,
        name: 'Contract placement',
        items: [{ creativeId: creativeID }],
      })
    ).body.data?.id ?? '';
  /** An open alert of the contract's campaign (as the evaluation writes one), one rule each; its id. */
  const rules = ['delivery-drop', 'delivery-spike', 'no-delivery'] as const;
  let alerts = 0;
  const newAlert = () => openAlert(server, campaignID, rules[alerts++] ?? 'no-delivery');
  /** A webhook endpoint of the admin's (a public address: no DNS); answers its id. */
  const newWebhook = async () =>
    (await admin.post<{ id: string }>('/v1/webhooks', { url: 'https://93.184.215.14/hooks' })).body.data
      ?.id ?? '';
  /** A running A/B test of a new placement of two new VAST creatives (issue 46); answers its id. */
  const newAbTest = async () => {
    const variants: string[] = [];
    for (const name of ['Variant A', 'Variant B'])
      variants.push(
        (
          await admin.post<{ id: string }>('/v1/campaign/creatives', {
            campaignID,
            name,
            type: 'VAST',
            width: 640,
            height: 360,
          })
        ).body.data?.id ?? '',
      );
    const placementID =
      (
        await admin.post<{ id: string }>('/v1/campaign/placements', {
          campaignID,
          name: 'A/B placement',
          items: variants.map((creativeId) => ({ creativeId })),
        })
      ).body.data?.id ?? '';
    const test = await admin.post<{ id: string }>('/v1/campaign/placements/abtest', {
      placementID,
      variants,
      control: variants[0],
      goal: 'completionRate',
      minimumDetectableEffect: 10,
      baselineRate: 50,
    });
    return { placementID, variants, test };
  };
  const calls: Record<string, () => Promise<{ httpStatus: number; body: Record<string, unknown> }>> = {
    getPing: () => admin.get('/ping'),
    getConfig: () => admin.get('/config'),
    postSignup: () =>
      new Client(server.url).post('/signup', {
        firstName: 'Con',
        lastName: 'Tract',
        email: uniqueEmail(),
        password: PASSWORD,
        confirmPassword: PASSWORD,
        termsChecked: true,
      }),
    postVerify: async () => {
      const email = uniqueEmail();
      const client = new Client(server.url);
      await client.post('/signup', {
        firstName: 'V',
        lastName: 'F',
        email,
        password: PASSWORD,
        confirmPassword: PASSWORD,
        termsChecked: true,
      });
      const link = new URL(
        (await waitForMail(server, email)).links.find((l) => l.includes('verifyCode')) ?? '',
      );
      return client.post('/verify', {
        code: link.searchParams.get('verifyCode'),
        verifyToken: link.searchParams.get('code'),
        email,
      });
    },
    postLogin: () =>
      new Client(server.url).post('/login', {
        method: 'password',
        username: adminEmail,
        password: PASSWORD,
        remember: false,
      }),
    getMe: () => admin.get('/me'),
    postLogout: async () => {
      const client = new Client(server.url);
      await client.post('/login', {
        method: 'password',
        username: adminEmail,
        password: PASSWORD,
        remember: false,
      });
      return client.post('/logout', {});
    },
    postForgotPassword: () => admin.post('/forgotPassword', { email: uniqueEmail() }),
    postChangePassword: async () => {
      const { email } = await signedInAdmin(server);
      await admin.post('/forgotPassword', { email });
      const mail = await waitForMail(server, email, 1);
      const code = new URL(mail.links.find((l) => l.includes('forgotToken')) ?? '').searchParams.get(
        'forgotToken',
      );
      return admin.post('/changePassword', {
        username: email,
        password: 'a fresh secret',
        confirmPassword: 'a fresh secret',
        code,
      });
    },
    getV1FilesBuckets: () => admin.get('/v1/files/buckets'),
    getV1Files: () => admin.get('/v1/files'),
    postV1FilesFolder: () =>
      admin.post('/v1/files/folder', { name: `folder-${uniqueEmail().split('@')[0]}` }),
    postV1FilesUpload: () => admin.post('/v1/files/upload', { name: 'contract.png', size: 3 }),
    getV1FilesUrl: async () => admin.get(`/v1/files/url?path=${await managedFile()}`),
    postV1FilesMove: async () =>
      admin.post('/v1/files/move', { from: await managedFile(), to: `moved-${Date.now()}.png` }),
    deleteV1Files: async () => admin.delete(`/v1/files?path=${await managedFile()}`),
    postV1FilesUse: async () => admin.post('/v1/files/use', { path: await managedFile(), creativeID }),
    putV1Me: () => admin.put('/v1/me', { firstName: 'Con', lastName: 'Tract' }),
    putV1MePassword: async () => {
      const { client } = await signedInUser(server);
      return client.put('/v1/me/password', {
        currentPassword: PASSWORD,
        password: 'a fresh secret',
        confirmPassword: 'a fresh secret',
      });
    },
    getV1CampaignGet: () => admin.get(`/v1/campaign/get?campaignID=${campaignID}`),
    postV1CampaignDuplicate: () => admin.post('/v1/campaign/duplicate', { campaignID }),
    postV1CampaignArchive: async () => {
      const made = await admin.post<{ id: string }>('/v1/campaign/new', { name: 'Archived' });
      return admin.post('/v1/campaign/archive', { campaignID: made.body.data?.id });
    },
    postV1CampaignUnarchive: async () => {
      const made = await admin.post<{ id: string }>('/v1/campaign/new', { name: 'Unarchived' });
      await admin.post('/v1/campaign/archive', { campaignID: made.body.data?.id });
      return admin.post('/v1/campaign/unarchive', { campaignID: made.body.data?.id });
    },
    getV1CampaignHistory: () => admin.get(`/v1/campaign/history?campaignID=${campaignID}`),
    getV1CampaignMine: () => admin.get('/v1/campaign/mine'),
    getV1CampaignAll: () => admin.get('/v1/campaign/all?paginate[page]=1'),
    postV1CampaignNew: () => admin.post('/v1/campaign/new', { name: 'Another' }),
    putV1CampaignUpdate: () => admin.put('/v1/campaign/update', { id: campaignID, name: 'Contract' }),
    deleteV1CampaignDelete: async () => {
      const doomed = await admin.post<{ id: string }>('/v1/campaign/new', { name: 'Doomed' });
      return admin.delete(`/v1/campaign/delete?campaignID=${doomed.body.data?.id}`);
    },
    getV1CampaignCreative: () => admin.get(`/v1/campaign/creative?id=${creativeID}`),
    getV1CampaignCreatives: () => admin.get(`/v1/campaign/creatives?campaignID=${campaignID}`),
    postV1CampaignCreatives: () =>
      admin.post('/v1/campaign/creatives', {
        campaignID,
        name: 'Second',
        type: 'Banner',
        width: 300,
        height: 250,
      }),
    putV1CampaignCreatives: () =>
      admin.put('/v1/campaign/creatives', {
        id: creativeID,
        campaignID,
        name: 'Banner',
        type: 'VAST',
        width: 640,
        height: 360,
      }),
    putV1CampaignCreativesHtml: () =>
      admin.put('/v1/campaign/creatives/html', {
        id: creativeID,
        campaignID,
        name: 'Banner',
        type: 'VAST',
        width: 640,
        height: 360,
        html: '<div></div>',
      }),
    putV1CampaignCreativesDuplicate: () =>
      admin.put('/v1/campaign/creatives/duplicate', {
        id: creativeID,
        campaignID,
        name: 'Banner',
        type: 'VAST',
        width: 640,
        height: 360,
      }),
    postV1CampaignCreativesPublish: async () => {
      const answer = await admin.post<{ liveCreatives: { id: string }[] }>('/v1/campaign/creatives/publish', {
        id: creativeID,
      });
      liveID = answer.body.data?.liveCreatives.at(-1)?.id ?? '';
      return answer;
    },
    deleteV1CampaignCreativesLive: async () => {
      const answer = await admin.post<{ liveCreatives: { id: string }[] }>('/v1/campaign/creatives/publish', {
        id: creativeID,
      });
      return admin.delete(`/v1/campaign/creatives/live?id=${answer.body.data?.liveCreatives.at(-1)?.id}`);
    },
    deleteV1CampaignCreativesDelete: async () => {
      const doomed = await admin.post<{ id: string }>('/v1/campaign/creatives', {
        campaignID,
        name: 'Doomed',
        type: 'Banner',
        width: 1,
        height: 1,
      });
      return admin.delete(`/v1/campaign/creatives/delete?id=${doomed.body.data?.id}`);
    },
    postV1CampaignCreativesAssets: async () => {
      const form = new FormData();
      form.append('creativeID', creativeID);
      form.append(
        'files[]',
        new Blob([new Uint8Array(Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42')]))]),
        'main.mp4',
      );
      const answer = await admin.post<{ id: string }[]>('/v1/campaign/creatives/assets', form);
      assetID = answer.body.data?.[0]?.id ?? '';
      return answer;
    },
    deleteV1CampaignCreativesAssets: async () => {
      const form = new FormData();
      form.append('creativeID', creativeID);
      form.append(
        'files[]',
        new Blob([new Uint8Array(Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42')]))]),
        'spare.mp4',
      );
      const spare = await admin.post<{ id: string }[]>('/v1/campaign/creatives/assets', form);
      return admin.delete(
        `/v1/campaign/creatives/assets?id=${spare.body.data?.[0]?.id}&creativeID=${creativeID}`,
      );
    },
    getV1CampaignPlacement: async () => admin.get(`/v1/campaign/placement?id=${await newPlacement()}`),
    getV1CampaignPlacementStats: async () =>
      admin.get(`/v1/campaign/placement/stats?id=${await newPlacement()}`),
    getV1CampaignPlacements: () => admin.get(`/v1/campaign/placements?campaignID=${campaignID}`),
    postV1CampaignPlacements: () =>
      admin.post('/v1/campaign/placements', {
        campaignID,
        name: 'Pre-rolls',
        items: [{ creativeId: creativeID }],
      }),
    putV1CampaignPlacements: async () =>
      admin.put('/v1/campaign/placements', {
        id: await newPlacement(),
        mode: 'weighted',
        items: [{ creativeId: creativeID, weight: 3 }],
      }),
    deleteV1CampaignPlacements: async () =>
      admin.delete(`/v1/campaign/placements?id=${await newPlacement()}`),
    getV1CampaignPlacementsAbtest: async () =>
      admin.get(`/v1/campaign/placements/abtest?id=${(await newAbTest()).test.body.data?.id}`),
    getV1CampaignPlacementsAbtests: async () =>
      admin.get(`/v1/campaign/placements/abtests?placementID=${(await newAbTest()).placementID}`),
    postV1CampaignPlacementsAbtest: async () => (await newAbTest()).test,
    postV1CampaignPlacementsAbtestStop: async () =>
      admin.post('/v1/campaign/placements/abtest/stop', { id: (await newAbTest()).test.body.data?.id }),
    getV1CampaignPlacementsAbtestResults: async () =>
      admin.get(`/v1/campaign/placements/abtest/results?id=${(await newAbTest()).test.body.data?.id}`),
    ...conversionActionCalls(() => ({ admin, campaignID })),
    postV1CampaignTags: () => admin.post('/v1/campaign/tags', { campaignID, type: 'xlsx', tags: {} }),
    getV1Users: () => admin.get('/v1/users'),
    getV1Tokens: async () => {
      await admin.post('/v1/tokens', { name: 'Listed', scopes: ['reports:read'] });
      return admin.get('/v1/tokens');
    },
    postV1Tokens: () => admin.post('/v1/tokens', { name: 'Contract', scopes: ['campaigns:read'] }),
    deleteV1Tokens: async () => {
      const made = await admin.post<{ id: string }>('/v1/tokens', {
        name: 'Revoked',
        scopes: ['reports:read'],
      });
      return admin.delete(`/v1/tokens?id=${made.body.data?.id}`);
    },
    postV1UsersInvite: () => admin.post('/v1/users/invite', { emails: [uniqueEmail('partner.example')] }),
    getV1UsersInvitations: async () => {
      await admin.post('/v1/users/invite', { emails: [uniqueEmail('partner.example')] });
      return admin.get('/v1/users/invitations');
    },
    postV1UsersInviteResend: async () => {
      const email = uniqueEmail('partner.example');
      await admin.post('/v1/users/invite', { emails: [email] });
      return admin.post('/v1/users/invite/resend', { email });
    },
    putV1UsersRole: async () => admin.put('/v1/users/role', { id: await anotherUser(), role: 'admin' }),
    putV1UsersDisabled: async () =>
      admin.put('/v1/users/disabled', { id: await anotherUser(), disabled: true }),
    deleteV1Users: async () => admin.delete(`/v1/users?id=${await anotherUser()}`),
    postV1EventsImport: () =>
      admin.post('/v1/events/import', {
        events: [{ liveID: liveID, type: 'impression', at: '2026-03-01T10:00:00Z', count: 3 }],
      }),
    getV1Dashboard: () => admin.get(`/v1/dashboard?${dates}`),
    getV1CampaignReports: () => admin.get(`/v1/campaign/reports?campaignID=${campaignID}&${dates}`),
    getV1CampaignEvents: () => admin.get(`/v1/campaign/events?campaignID=${campaignID}&${dates}`),
    getV1CampaignVideoData: () => admin.get(`/v1/campaign/videoData?campaignID=${campaignID}&${dates}`),
    getShareReports: async () => admin.get(`/share/reports?sharedToken=${await shareToken()}&${dates}`),
    getShareEvents: async () => admin.get(`/share/events?sharedToken=${await shareToken()}&${dates}`),
    getShareVideoData: async () => admin.get(`/share/videoData?sharedToken=${await shareToken()}&${dates}`),
    postV1CampaignNewToken: () => admin.post('/v1/campaign/newToken', { campaignID }),
    deleteV1CampaignNewToken: async () => {
      const doomed = await admin.post<{ token: string }>('/v1/campaign/newToken', { campaignID });
      return admin.delete(`/v1/campaign/newToken?token=${doomed.body.data?.token}`);
    },
    postV1CampaignScheduledReport: () => admin.post('/v1/campaign/scheduledReport', schedule()),
    deleteV1CampaignScheduledReport: async () => {
      const doomed = await admin.post<{ id: string }>('/v1/campaign/scheduledReport', schedule());
      return admin.delete(`/v1/campaign/scheduledReport?id=${doomed.body.data?.id}`);
    },
    postV1CampaignScheduledReportSend: async () => {
      const created = await admin.post<{ id: string }>('/v1/campaign/scheduledReport', schedule());
      return admin.post('/v1/campaign/scheduledReport/send', { id: created.body.data?.id });
    },
    getV1BuilderDrafts: () => admin.get('/v1/builder/drafts'),
    postV1BuilderDrafts: () =>
      admin.post('/v1/builder/drafts', {
        name: 'Draft',
        document: builderDocumentOf(defaultAdBuilderState()),
      }),
    putV1BuilderDrafts: async () =>
      admin.put('/v1/builder/drafts', {
        id: await newDraft(),
        name: 'Renamed',
        document: builderDocumentOf(defaultAdBuilderState()),
      }),
    deleteV1BuilderDrafts: async () => admin.delete(`/v1/builder/drafts?id=${await newDraft()}`),
    postV1BuilderCreative: async () =>
      admin.post('/v1/builder/creative', { id: await newDraft(), campaignID }),
    postV1BuilderExport: async () => admin.post('/v1/builder/export', { id: await newDraft(), campaignID }),
    getV1Alerts: async () => {
      await newAlert();
      return admin.get(`/v1/alerts?campaignID=${campaignID}&status=open`);
    },
    postV1AlertsAcknowledge: async () => admin.post('/v1/alerts/acknowledge', { id: await newAlert() }),
    postV1AlertsMute: async () => admin.post('/v1/alerts/mute', { id: await newAlert(), hours: 24 }),
    getV1AlertsRules: () => admin.get(`/v1/alerts/rules?campaignID=${campaignID}`),
    putV1AlertsRules: () =>
      admin.put('/v1/alerts/rules', {
        campaignID,
        settings: { 'delivery-drop': { percent: 40 }, quietHours: 6 },
        recipients: [adminEmail],
      }),
    getV1Webhooks: async () => {
      await newWebhook();
      return admin.get('/v1/webhooks');
    },
    postV1Webhooks: () =>
      admin.post('/v1/webhooks', { url: 'https://93.184.215.14/contract', description: 'Contract' }),
    putV1Webhooks: async () =>
      admin.put('/v1/webhooks', {
        id: await newWebhook(),
        url: 'https://93.184.215.14/moved',
        enabled: false,
      }),
    deleteV1Webhooks: async () => admin.delete(`/v1/webhooks?id=${await newWebhook()}`),
    postV1WebhooksRotate: async () => admin.post('/v1/webhooks/rotate', { id: await newWebhook() }),
    postV1WebhooksTest: async () => admin.post('/v1/webhooks/test', { id: await newWebhook() }),
    getV1WebhooksDeliveries: async () => {
      const id = await newWebhook();
      await admin.post('/v1/webhooks/test', { id });
      return admin.get(`/v1/webhooks/deliveries?endpointID=${id}`);
    },
    deleteV1UsersInvite: async () => {
      const email = uniqueEmail('partner.example');
      await admin.post('/v1/users/invite', { emails: [email] });
      return admin.delete(`/v1/users/invite?email=${encodeURIComponent(email)}`);
    },
  };

  /** The entities of the audit entries a route wrote so far, oldest first. */
  const auditEntriesOf = async (route: string) =>
    (
      await server.db.query<{ entity: string }>('select entity from audit_log where route = $1 order by id', [
        route,
      ])
    ).map((row) => row.entity);

  it('every call that changes something declares what it records in the audit log', () => {
    for (const route of allRoutes) {
      if (route.call.method === 'GET') expect(route.audit, route.call.path).toBeUndefined();
      else expect(route.audit, `${route.call.method} ${route.call.path} declares audit`).toBeDefined();
    }
  });

  it('calls every operation of the OpenAPI document: each answer parses with the domain schema of its call', async () => {
    const document = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, Operation>>;
    };
    const byOperation = new Map<string, CallContract>(
      allRoutes.map((route) => [`${route.call.method.toLowerCase()} /api${route.call.path}`, route.call]),
    );
    const checked: string[] = [];
    for (const [pathname, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        // Files and the ad-serving routes are not enveloped calls (tested in assets and serving tests).
        if (pathname === '/api/uploads/{file}' || pathname.startsWith('/serve/')) continue;
        const call = byOperation.get(`${method} ${pathname}`);
        expect(call, `${method} ${pathname} is declared from the contract`).toBeDefined();
        const make = calls[operation.operationId];
        expect(make, `a sample call for ${operation.operationId}`).toBeDefined();
        const route = allRoutes.find((candidate) => candidate.call === call);
        const routeKey = `${call?.method} ${call?.path}`;
        const entriesBefore = await auditEntriesOf(routeKey);
        const answer = await (make as NonNullable<typeof make>)();
        expect(
          answer.httpStatus,
          `${operation.operationId}: ${JSON.stringify(answer.body).slice(0, 300)}`,
        ).toBeLessThan(300);
        // The audit log: an audited call writes exactly one entry, of the entity it declares; others none.
        const written = (await auditEntriesOf(routeKey)).slice(entriesBefore.length);
        const declared = route?.audit;
        expect(
          written,
          `${operation.operationId} writes ${typeof declared === 'string' ? `one ${declared} entry` : 'no entry'}`,
        ).toEqual(typeof declared === 'string' ? [declared] : []);
        const parsed = z.safeParse((call as CallContract).answer, answer.body.data);
        expect(parsed.error, operation.operationId).toBeUndefined();
        for (const [name, schema] of Object.entries((call as CallContract).extras ?? {})) {
          expect(
            z.safeParse(schema, answer.body[name]).error,
            `${operation.operationId}.${name}`,
          ).toBeUndefined();
        }
        checked.push(operation.operationId);
      }
    }
    expect(checked.sort()).toEqual(Object.keys(calls).sort());
    expect(assetID).not.toBe('');
    expect(liveID).not.toBe('');
  });

  describe('round trip: an entity goes back as it was answered', () => {
    it('GET a campaign, change its name, PUT the whole answer back', async () => {
      const got = await admin.get<Record<string, unknown>>(`/v1/campaign/get?campaignID=${campaignID}`);
      const put = await admin.put<{ name: string; data: { impressions: number } }>('/v1/campaign/update', {
        ...got.body.data,
        name: 'Renamed by round trip',
        // Server-owned: accepted, never written.
        videoCompletes: 999,
        data: { ...(got.body.data?.data as object), impressions: 123456 },
      });
      expect(put.httpStatus, JSON.stringify(put.body)).toBe(200);
      expect(put.body.data?.name).toBe('Renamed by round trip');
      expect(put.body.data?.data.impressions).toBe(
        (got.body.data?.data as { impressions: number } | undefined)?.impressions,
      );
      const created = await admin.post<{ name: string }>('/v1/campaign/new', {
        ...got.body.data,
        id: undefined,
        name: 'Copy of',
      });
      expect(created.httpStatus).toBe(200);
    });

    it('GET a creative, change it, PUT it back; duplicate and publish the creative object as answered', async () => {
      const got = await admin.get<Record<string, unknown>>(`/v1/campaign/creative?id=${creativeID}`);
      expect(creativeSchema.safeParse(got.body.data).success).toBe(true);
      const creative = { ...got.body.data, name: 'Round trip' };
      const put = await admin.put<{ name: string }>('/v1/campaign/creatives', creative);
      expect(put.httpStatus, JSON.stringify(put.body)).toBe(200);
      expect(put.body.data?.name).toBe('Round trip');
      const html = await admin.put('/v1/campaign/creatives/html', { ...put.body.data, html: '<p>hi</p>' });
      expect(html.httpStatus).toBe(200);
      const duplicate = await admin.put<{ name: string }>('/v1/campaign/creatives/duplicate', put.body.data);
      expect(duplicate.httpStatus, JSON.stringify(duplicate.body)).toBe(200);
      expect(duplicate.body.data?.name).toBe('Round trip (Copy)');
      const published = await admin.post<{ liveCreatives: unknown[] }>(
        '/v1/campaign/creatives/publish',
        put.body.data,
      );
      expect(published.httpStatus, JSON.stringify(published.body)).toBe(200);
    });

    it('still refuses unknown fields', async () => {
      const got = await admin.get<Record<string, unknown>>(`/v1/campaign/get?campaignID=${campaignID}`);
      const put = await admin.put('/v1/campaign/update', { ...got.body.data, colour: 'red' });
      expect(put.httpStatus).toBe(400);
      expect(put.body.message).toMatch(/colour/);
      const creative = await admin.get<Record<string, unknown>>(`/v1/campaign/creative?id=${creativeID}`);
      expect(
        (await admin.post('/v1/campaign/creatives/publish', { ...creative.body.data, hack: 1 })).httpStatus,
      ).toBe(400);
    });
  });
});
