// The contract test's table of calls (routes/contract.test.ts reads it): for each operation of the
// OpenAPI document, by its operationId, one call that succeeds on the suite's world (a signed-in admin
// and its campaign with a VAST creative), grouped by area. An operation without an entry fails the test.
import { builderDocumentOf, defaultAdBuilderState } from '@adconsole/domain';
import { openAlert } from './alerts';
import { conversionActionCalls } from './conversion-calls';
import { deliveryRulesCalls } from './delivery-rules-calls';
import { Client, type TestServer } from './harness';
import { demoAsset, PASSWORD, signedInAdmin, signedInUser, uniqueEmail, waitForMail } from './helpers';

/** What the calls act on, set by the suite's `beforeAll`; the calls that make an asset and a live
 * creative write their ids here. */
export interface ContractWorld {
  server: TestServer;
  admin: Client;
  adminEmail: string;
  campaignID: string;
  creativeID: string;
  assetID: string;
  liveID: string;
}

type Calls = Record<string, () => Promise<{ httpStatus: number; body: Record<string, unknown> }>>;

/** Sign-up, sign-in, passwords, the profile, users, invitations and API tokens. */
function accountCalls(world: ContractWorld): Calls {
  /** A fresh account for the admin calls that change another user. */
  const anotherUser = async () => {
    const { client } = await signedInUser(world.server);
    return (await client.get<{ user: { id: string } }>('/me')).body.data?.user.id;
  };
  return {
    getPing: () => world.admin.get('/ping'),
    getConfig: () => world.admin.get('/config'),
    postSignup: () =>
      new Client(world.server.url).post('/signup', {
        firstName: 'Con',
        lastName: 'Tract',
        email: uniqueEmail(),
        password: PASSWORD,
        confirmPassword: PASSWORD,
        termsChecked: true,
      }),
    postVerify: async () => {
      const email = uniqueEmail();
      const client = new Client(world.server.url);
      await client.post('/signup', {
        firstName: 'V',
        lastName: 'F',
        email,
        password: PASSWORD,
        confirmPassword: PASSWORD,
        termsChecked: true,
      });
      const link = new URL(
        (await waitForMail(world.server, email)).links.find((l) => l.includes('verifyCode')) ?? '',
      );
      return client.post('/verify', {
        code: link.searchParams.get('verifyCode'),
        verifyToken: link.searchParams.get('code'),
        email,
      });
    },
    postLogin: () =>
      new Client(world.server.url).post('/login', {
        method: 'password',
        username: world.adminEmail,
        password: PASSWORD,
        remember: false,
      }),
    getMe: () => world.admin.get('/me'),
    postLogout: async () => {
      const client = new Client(world.server.url);
      await client.post('/login', {
        method: 'password',
        username: world.adminEmail,
        password: PASSWORD,
        remember: false,
      });
      return client.post('/logout', {});
    },
    postForgotPassword: () => world.admin.post('/forgotPassword', { email: uniqueEmail() }),
    postChangePassword: async () => {
      const { email } = await signedInAdmin(world.server);
      await world.admin.post('/forgotPassword', { email });
      const mail = await waitForMail(world.server, email, 1);
      const code = new URL(mail.links.find((l) => l.includes('forgotToken')) ?? '').searchParams.get(
        'forgotToken',
      );
      return world.admin.post('/changePassword', {
        username: email,
        password: 'a fresh secret',
        confirmPassword: 'a fresh secret',
        code,
      });
    },
    putV1Me: () => world.admin.put('/v1/me', { firstName: 'Con', lastName: 'Tract' }),
    putV1MePassword: async () => {
      const { client } = await signedInUser(world.server);
      return client.put('/v1/me/password', {
        currentPassword: PASSWORD,
        password: 'a fresh secret',
        confirmPassword: 'a fresh secret',
      });
    },
    getV1Users: () => world.admin.get('/v1/users'),
    getV1Tokens: async () => {
      await world.admin.post('/v1/tokens', { name: 'Listed', scopes: ['reports:read'] });
      return world.admin.get('/v1/tokens');
    },
    postV1Tokens: () => world.admin.post('/v1/tokens', { name: 'Contract', scopes: ['campaigns:read'] }),
    deleteV1Tokens: async () => {
      const made = await world.admin.post<{ id: string }>('/v1/tokens', {
        name: 'Revoked',
        scopes: ['reports:read'],
      });
      return world.admin.delete(`/v1/tokens?id=${made.body.data?.id}`);
    },
    postV1UsersInvite: () =>
      world.admin.post('/v1/users/invite', { emails: [uniqueEmail('partner.example')] }),
    getV1UsersInvitations: async () => {
      await world.admin.post('/v1/users/invite', { emails: [uniqueEmail('partner.example')] });
      return world.admin.get('/v1/users/invitations');
    },
    postV1UsersInviteResend: async () => {
      const email = uniqueEmail('partner.example');
      await world.admin.post('/v1/users/invite', { emails: [email] });
      return world.admin.post('/v1/users/invite/resend', { email });
    },
    putV1UsersRole: async () => world.admin.put('/v1/users/role', { id: await anotherUser(), role: 'admin' }),
    putV1UsersDisabled: async () =>
      world.admin.put('/v1/users/disabled', { id: await anotherUser(), disabled: true }),
    deleteV1Users: async () => world.admin.delete(`/v1/users?id=${await anotherUser()}`),
    deleteV1UsersInvite: async () => {
      const email = uniqueEmail('partner.example');
      await world.admin.post('/v1/users/invite', { emails: [email] });
      return world.admin.delete(`/v1/users/invite?email=${encodeURIComponent(email)}`);
    },
  };
}

/** The file manager. */
function fileCalls(world: ContractWorld): Calls {
  /** A PNG put into the file manager through its presigned URL; answers its path. */
  const managedFile = async () => {
    const name = `file-${uniqueEmail().split('@')[0]}.png`;
    const png = await demoAsset('banner.png');
    const ticket = await world.admin.post<{ url: string; headers: Record<string, string> }>(
      '/v1/files/upload',
      {
        name,
        size: png.length,
      },
    );
    const put = await fetch(new URL(ticket.body.data?.url ?? '', world.server.url), {
      method: 'PUT',
      headers: ticket.body.data?.headers ?? {},
      body: new Uint8Array(png),
    });
    if (put.status !== 200) throw new Error(`PUT ${put.status}`);
    return name;
  };
  return {
    getV1FilesBuckets: () => world.admin.get('/v1/files/buckets'),
    getV1Files: () => world.admin.get('/v1/files'),
    postV1FilesFolder: () =>
      world.admin.post('/v1/files/folder', { name: `folder-${uniqueEmail().split('@')[0]}` }),
    postV1FilesUpload: () => world.admin.post('/v1/files/upload', { name: 'contract.png', size: 3 }),
    getV1FilesUrl: async () => world.admin.get(`/v1/files/url?path=${await managedFile()}`),
    postV1FilesMove: async () =>
      world.admin.post('/v1/files/move', { from: await managedFile(), to: `moved-${Date.now()}.png` }),
    deleteV1Files: async () => world.admin.delete(`/v1/files?path=${await managedFile()}`),
    postV1FilesUse: async () =>
      world.admin.post('/v1/files/use', { path: await managedFile(), creativeID: world.creativeID }),
  };
}

/** Campaigns, creatives, their assets and live creatives, tag sheets. */
function campaignCalls(world: ContractWorld): Calls {
  /** The contract's creative as a PUT sends it back. */
  const theCreative = () => ({
    id: world.creativeID,
    campaignID: world.campaignID,
    name: 'Banner',
    type: 'VAST',
    width: 640,
    height: 360,
  });
  /** The smallest MP4 the asset checks take (its ftyp box), uploaded to the contract's creative. */
  const uploadMp4 = (name: string) => {
    const form = new FormData();
    form.append('creativeID', world.creativeID);
    form.append(
      'files[]',
      new Blob([new Uint8Array(Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42')]))]),
      name,
    );
    return world.admin.post<{ id: string }[]>('/v1/campaign/creatives/assets', form);
  };
  return {
    getV1CampaignGet: () => world.admin.get(`/v1/campaign/get?campaignID=${world.campaignID}`),
    postV1CampaignDuplicate: () =>
      world.admin.post('/v1/campaign/duplicate', { campaignID: world.campaignID }),
    postV1CampaignArchive: async () => {
      const made = await world.admin.post<{ id: string }>('/v1/campaign/new', { name: 'Archived' });
      return world.admin.post('/v1/campaign/archive', { campaignID: made.body.data?.id });
    },
    postV1CampaignUnarchive: async () => {
      const made = await world.admin.post<{ id: string }>('/v1/campaign/new', { name: 'Unarchived' });
      await world.admin.post('/v1/campaign/archive', { campaignID: made.body.data?.id });
      return world.admin.post('/v1/campaign/unarchive', { campaignID: made.body.data?.id });
    },
    getV1CampaignHistory: () => world.admin.get(`/v1/campaign/history?campaignID=${world.campaignID}`),
    getV1CampaignMine: () => world.admin.get('/v1/campaign/mine'),
    getV1CampaignAll: () => world.admin.get('/v1/campaign/all?paginate[page]=1'),
    postV1CampaignNew: () => world.admin.post('/v1/campaign/new', { name: 'Another' }),
    putV1CampaignUpdate: () =>
      world.admin.put('/v1/campaign/update', { id: world.campaignID, name: 'Contract' }),
    deleteV1CampaignDelete: async () => {
      const doomed = await world.admin.post<{ id: string }>('/v1/campaign/new', { name: 'Doomed' });
      return world.admin.delete(`/v1/campaign/delete?campaignID=${doomed.body.data?.id}`);
    },
    getV1CampaignCreative: () => world.admin.get(`/v1/campaign/creative?id=${world.creativeID}`),
    getV1CampaignCreatives: () => world.admin.get(`/v1/campaign/creatives?campaignID=${world.campaignID}`),
    postV1CampaignCreatives: () =>
      world.admin.post('/v1/campaign/creatives', {
        campaignID: world.campaignID,
        name: 'Second',
        type: 'Banner',
        width: 300,
        height: 250,
      }),
    putV1CampaignCreatives: () => world.admin.put('/v1/campaign/creatives', theCreative()),
    putV1CampaignCreativesHtml: () =>
      world.admin.put('/v1/campaign/creatives/html', { ...theCreative(), html: '<div></div>' }),
    putV1CampaignCreativesDuplicate: () => world.admin.put('/v1/campaign/creatives/duplicate', theCreative()),
    postV1CampaignCreativesPublish: async () => {
      const answer = await world.admin.post<{ liveCreatives: { id: string }[] }>(
        '/v1/campaign/creatives/publish',
        {
          id: world.creativeID,
        },
      );
      world.liveID = answer.body.data?.liveCreatives.at(-1)?.id ?? '';
      return answer;
    },
    deleteV1CampaignCreativesLive: async () => {
      const answer = await world.admin.post<{ liveCreatives: { id: string }[] }>(
        '/v1/campaign/creatives/publish',
        {
          id: world.creativeID,
        },
      );
      return world.admin.delete(
        `/v1/campaign/creatives/live?id=${answer.body.data?.liveCreatives.at(-1)?.id}`,
      );
    },
    deleteV1CampaignCreativesDelete: async () => {
      const doomed = await world.admin.post<{ id: string }>('/v1/campaign/creatives', {
        campaignID: world.campaignID,
        name: 'Doomed',
        type: 'Banner',
        width: 1,
        height: 1,
      });
      return world.admin.delete(`/v1/campaign/creatives/delete?id=${doomed.body.data?.id}`);
    },
    postV1CampaignCreativesAssets: async () => {
      const answer = await uploadMp4('main.mp4');
      world.assetID = answer.body.data?.[0]?.id ?? '';
      return answer;
    },
    deleteV1CampaignCreativesAssets: async () => {
      const spare = await uploadMp4('spare.mp4');
      return world.admin.delete(
        `/v1/campaign/creatives/assets?id=${spare.body.data?.[0]?.id}&creativeID=${world.creativeID}`,
      );
    },
    postV1CampaignTags: () =>
      world.admin.post('/v1/campaign/tags', { campaignID: world.campaignID, type: 'xlsx', tags: {} }),
  };
}

/** Placements and their A/B tests. */
function placementCalls(world: ContractWorld): Calls {
  /** A placement of the contract's creative. */
  const newPlacement = async () =>
    (
      await world.admin.post<{ id: string }>('/v1/campaign/placements', {
        campaignID: world.campaignID,
        name: 'Contract placement',
        items: [{ creativeId: world.creativeID }],
      })
    ).body.data?.id ?? '';
  /** A running A/B test of a new placement of two new VAST creatives; answers its id. */
  const newAbTest = async () => {
    const variants: string[] = [];
    for (const name of ['Variant A', 'Variant B'])
      variants.push(
        (
          await world.admin.post<{ id: string }>('/v1/campaign/creatives', {
            campaignID: world.campaignID,
            name,
            type: 'VAST',
            width: 640,
            height: 360,
          })
        ).body.data?.id ?? '',
      );
    const placementID =
      (
        await world.admin.post<{ id: string }>('/v1/campaign/placements', {
          campaignID: world.campaignID,
          name: 'A/B placement',
          items: variants.map((creativeId) => ({ creativeId })),
        })
      ).body.data?.id ?? '';
    const test = await world.admin.post<{ id: string }>('/v1/campaign/placements/abtest', {
      placementID,
      variants,
      control: variants[0],
      goal: 'completionRate',
      minimumDetectableEffect: 10,
      baselineRate: 50,
    });
    return { placementID, variants, test };
  };
  return {
    getV1CampaignPlacement: async () => world.admin.get(`/v1/campaign/placement?id=${await newPlacement()}`),
    getV1CampaignPlacementStats: async () =>
      world.admin.get(`/v1/campaign/placement/stats?id=${await newPlacement()}`),
    getV1CampaignPlacements: () => world.admin.get(`/v1/campaign/placements?campaignID=${world.campaignID}`),
    postV1CampaignPlacements: () =>
      world.admin.post('/v1/campaign/placements', {
        campaignID: world.campaignID,
        name: 'Pre-rolls',
        items: [{ creativeId: world.creativeID }],
      }),
    putV1CampaignPlacements: async () =>
      world.admin.put('/v1/campaign/placements', {
        id: await newPlacement(),
        mode: 'weighted',
        items: [{ creativeId: world.creativeID, weight: 3 }],
      }),
    deleteV1CampaignPlacements: async () =>
      world.admin.delete(`/v1/campaign/placements?id=${await newPlacement()}`),
    getV1CampaignPlacementsAbtest: async () =>
      world.admin.get(`/v1/campaign/placements/abtest?id=${(await newAbTest()).test.body.data?.id}`),
    getV1CampaignPlacementsAbtests: async () =>
      world.admin.get(`/v1/campaign/placements/abtests?placementID=${(await newAbTest()).placementID}`),
    postV1CampaignPlacementsAbtest: async () => (await newAbTest()).test,
    postV1CampaignPlacementsAbtestStop: async () =>
      world.admin.post('/v1/campaign/placements/abtest/stop', { id: (await newAbTest()).test.body.data?.id }),
    getV1CampaignPlacementsAbtestResults: async () =>
      world.admin.get(`/v1/campaign/placements/abtest/results?id=${(await newAbTest()).test.body.data?.id}`),
  };
}

/** Event import, the dashboard, reports, share links and scheduled reports. */
function reportCalls(world: ContractWorld): Calls {
  const dates = new URLSearchParams({ start_dt: '2026-03-01 00:00:00', end_dt: '2026-03-07 23:59:59' });
  let sharedToken: string | undefined;
  const shareToken = async () => {
    sharedToken ??=
      (await world.admin.post<{ token: string }>('/v1/campaign/newToken', { campaignID: world.campaignID }))
        .body.data?.token ?? '';
    return sharedToken;
  };
  const schedule = () => ({
    campaignID: world.campaignID,
    name: 'Contract schedule',
    frequency: 'Weekly',
    reportType: 'Summary',
    format: 'csv',
    timezone: 'UTC',
    recipients: [world.adminEmail],
  });
  return {
    postV1EventsImport: () =>
      world.admin.post('/v1/events/import', {
        events: [{ liveID: world.liveID, type: 'impression', at: '2026-03-01T10:00:00Z', count: 3 }],
      }),
    getV1Dashboard: () => world.admin.get(`/v1/dashboard?${dates}`),
    getV1CampaignReports: () =>
      world.admin.get(`/v1/campaign/reports?campaignID=${world.campaignID}&${dates}`),
    getV1CampaignEvents: () => world.admin.get(`/v1/campaign/events?campaignID=${world.campaignID}&${dates}`),
    getV1CampaignVideoData: () =>
      world.admin.get(`/v1/campaign/videoData?campaignID=${world.campaignID}&${dates}`),
    getShareReports: async () => world.admin.get(`/share/reports?sharedToken=${await shareToken()}&${dates}`),
    getShareEvents: async () => world.admin.get(`/share/events?sharedToken=${await shareToken()}&${dates}`),
    getShareVideoData: async () =>
      world.admin.get(`/share/videoData?sharedToken=${await shareToken()}&${dates}`),
    postV1CampaignNewToken: () => world.admin.post('/v1/campaign/newToken', { campaignID: world.campaignID }),
    deleteV1CampaignNewToken: async () => {
      const doomed = await world.admin.post<{ token: string }>('/v1/campaign/newToken', {
        campaignID: world.campaignID,
      });
      return world.admin.delete(`/v1/campaign/newToken?token=${doomed.body.data?.token}`);
    },
    postV1CampaignScheduledReport: () => world.admin.post('/v1/campaign/scheduledReport', schedule()),
    deleteV1CampaignScheduledReport: async () => {
      const doomed = await world.admin.post<{ id: string }>('/v1/campaign/scheduledReport', schedule());
      return world.admin.delete(`/v1/campaign/scheduledReport?id=${doomed.body.data?.id}`);
    },
    postV1CampaignScheduledReportSend: async () => {
      const created = await world.admin.post<{ id: string }>('/v1/campaign/scheduledReport', schedule());
      return world.admin.post('/v1/campaign/scheduledReport/send', { id: created.body.data?.id });
    },
  };
}

/** The ad builder's drafts and their export. */
function builderCalls(world: ContractWorld): Calls {
  const newDraft = async () =>
    (
      await world.admin.post<{ id: string }>('/v1/builder/drafts', {
        name: 'Contract draft',
        document: builderDocumentOf(defaultAdBuilderState()),
      })
    ).body.data?.id ?? '';
  return {
    getV1BuilderDrafts: () => world.admin.get('/v1/builder/drafts'),
    postV1BuilderDrafts: () =>
      world.admin.post('/v1/builder/drafts', {
        name: 'Draft',
        document: builderDocumentOf(defaultAdBuilderState()),
      }),
    putV1BuilderDrafts: async () =>
      world.admin.put('/v1/builder/drafts', {
        id: await newDraft(),
        name: 'Renamed',
        document: builderDocumentOf(defaultAdBuilderState()),
      }),
    deleteV1BuilderDrafts: async () => world.admin.delete(`/v1/builder/drafts?id=${await newDraft()}`),
    postV1BuilderCreative: async () =>
      world.admin.post('/v1/builder/creative', { id: await newDraft(), campaignID: world.campaignID }),
    postV1BuilderExport: async () =>
      world.admin.post('/v1/builder/export', { id: await newDraft(), campaignID: world.campaignID }),
  };
}

/** Alerts, their rules and webhook endpoints. */
function alertCalls(world: ContractWorld): Calls {
  /** An open alert of the contract's campaign (as the evaluation writes one), one rule each; its id. */
  const rules = ['delivery-drop', 'delivery-spike', 'no-delivery'] as const;
  let alerts = 0;
  const newAlert = () => openAlert(world.server, world.campaignID, rules[alerts++] ?? 'no-delivery');
  /** A webhook endpoint of the admin's (a public address: no DNS); answers its id. */
  const newWebhook = async () =>
    (await world.admin.post<{ id: string }>('/v1/webhooks', { url: 'https://93.184.215.14/hooks' })).body.data
      ?.id ?? '';
  /** An endpoint of another account (what the admin calls on endpoints act on): its id and its owner's. */
  const othersWebhook = async () => {
    const { client } = await signedInUser(world.server);
    const userID = (await client.get<{ user: { id: string } }>('/me')).body.data?.user.id ?? '';
    const made = await client.post<{ id: string }>('/v1/webhooks', { url: 'https://93.184.215.14/theirs' });
    return { userID, id: made.body.data?.id ?? '' };
  };
  return {
    getV1UsersWebhooks: async () =>
      world.admin.get(`/v1/users/webhooks?userID=${(await othersWebhook()).userID}`),
    putV1UsersWebhooks: async () =>
      world.admin.put('/v1/users/webhooks', { id: (await othersWebhook()).id, enabled: false }),
    deleteV1UsersWebhooks: async () =>
      world.admin.delete(`/v1/users/webhooks?id=${(await othersWebhook()).id}`),
    getV1Alerts: async () => {
      await newAlert();
      return world.admin.get(`/v1/alerts?campaignID=${world.campaignID}&status=open`);
    },
    postV1AlertsAcknowledge: async () => world.admin.post('/v1/alerts/acknowledge', { id: await newAlert() }),
    postV1AlertsMute: async () => world.admin.post('/v1/alerts/mute', { id: await newAlert(), hours: 24 }),
    getV1AlertsRules: () => world.admin.get(`/v1/alerts/rules?campaignID=${world.campaignID}`),
    putV1AlertsRules: () =>
      world.admin.put('/v1/alerts/rules', {
        campaignID: world.campaignID,
        settings: { 'delivery-drop': { percent: 40 }, quietHours: 6 },
        recipients: [world.adminEmail],
      }),
    getV1Webhooks: async () => {
      await newWebhook();
      return world.admin.get('/v1/webhooks');
    },
    postV1Webhooks: () =>
      world.admin.post('/v1/webhooks', { url: 'https://93.184.215.14/contract', description: 'Contract' }),
    putV1Webhooks: async () =>
      world.admin.put('/v1/webhooks', {
        id: await newWebhook(),
        url: 'https://93.184.215.14/moved',
        enabled: false,
      }),
    deleteV1Webhooks: async () => world.admin.delete(`/v1/webhooks?id=${await newWebhook()}`),
    postV1WebhooksRotate: async () => world.admin.post('/v1/webhooks/rotate', { id: await newWebhook() }),
    postV1WebhooksTest: async () => world.admin.post('/v1/webhooks/test', { id: await newWebhook() }),
    getV1WebhooksAllowed: () => world.admin.get('/v1/webhooks/allowed'),
    getV1WebhooksDeliveries: async () => {
      const id = await newWebhook();
      await world.admin.post('/v1/webhooks/test', { id });
      return world.admin.get(`/v1/webhooks/deliveries?endpointID=${id}`);
    },
  };
}

/** Every operation's call, by operationId. */
export function contractCalls(world: ContractWorld): Calls {
  return {
    ...accountCalls(world),
    ...fileCalls(world),
    ...campaignCalls(world),
    ...placementCalls(world),
    ...conversionActionCalls(() => world),
    ...deliveryRulesCalls(() => world),
    ...reportCalls(world),
    ...builderCalls(world),
    ...alertCalls(world),
  };
}
