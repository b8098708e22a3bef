// Personal API tokens in the domain: the contract is the one place that says which calls take a token
// and with which scope; the client sends a token as a bearer, without cookies or the CSRF header.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type LocalServer, startLocalServer } from '../../../test/local-server';
import { API_TOKEN_SCOPES } from '../../constants';
import { MESSAGES } from '../../validation/messages';
import type { CallContract } from '../call';
import { type CallName, callsWithScope, contract } from '../contract';
import { createHttp, type FetchLike } from '../http';
import { createApiTokenRequestSchema } from './requests';

let server: LocalServer;
beforeAll(async () => {
  server = await startLocalServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
});

describe('API token scopes, declared in the contract', () => {
  it('each scope covers exactly its calls: reports, campaign reads, campaign changes', () => {
    expect(callsWithScope('reports:read')).toEqual([
      'getAdvertiserStatement',
      'getAbTestResults',
      'dashboard',
      'campaignReport',
      'campaignEvents',
      'campaignVideoData',
      'listAlerts',
      'getAlertRules',
    ]);
    expect(callsWithScope('campaigns:read')).toEqual([
      'getCampaign',
      'listMyCampaigns',
      'campaignHistory',
      'listAdvertisers',
      'getAdvertiser',
      'getAdvertiserReport',
      'getInsertionOrder',
      'getCreative',
      'listCreatives',
      'campaignTagSheet',
      'getCreativeQa',
      'listPreviewLinks',
      'getPlacement',
      'getPlacementStats',
      'listPlacements',
      'getAbTest',
      'listAbTests',
      'getConversionAction',
      'listConversionActions',
      'getDeliveryRules',
      'estimateDelivery',
      'testDelivery',
      'forecastInventory',
    ]);
    expect(callsWithScope('campaigns:write')).toEqual([
      'createCampaign',
      'updateCampaign',
      'deleteCampaign',
      'duplicateCampaign',
      'archiveCampaign',
      'unarchiveCampaign',
      'pauseCampaign',
      'resumeCampaign',
      'createAdvertiser',
      'updateAdvertiser',
      'deleteAdvertiser',
      'createInsertionOrder',
      'updateInsertionOrder',
      'deleteInsertionOrder',
      'createCreative',
      'updateCreative',
      'updateCreativeHtml',
      'duplicateCreative',
      'publishCreative',
      'deleteLiveCreative',
      'deleteCreative',
      'bulkUploadCreatives',
      'runCreativeQa',
      'submitForReview',
      'decideReview',
      'createPreviewLink',
      'revokePreviewLink',
      'createPlacement',
      'updatePlacement',
      'deletePlacement',
      'createAbTest',
      'stopAbTest',
      'createConversionAction',
      'updateConversionAction',
      'archiveConversionAction',
      'unarchiveConversionAction',
      'rotatePostbackKey',
      'setCampaignDeliveryRules',
      'setCreativeDeliveryRules',
    ]);
  });

  it('account, token, admin and public calls name no scope, so no token is accepted there', () => {
    const never: CallName[] = [
      'signUp',
      'verify',
      'login',
      'me',
      'logout',
      'forgotPassword',
      'changePassword',
      'updateProfile',
      'changeOwnPassword',
      'listApiTokens',
      'createApiToken',
      'revokeApiToken',
      'listUsers',
      'inviteUsers',
      'revokeInvite',
      'importEvents',
      'listAllCampaigns',
      'shareReport',
      'newToken',
      'preview',
      'previewDecide',
    ];
    for (const name of never) expect((contract[name] as CallContract).scope, name).toBeUndefined();
    const scoped = API_TOKEN_SCOPES.flatMap(callsWithScope);
    expect(new Set(scoped).size).toBe(scoped.length);
  });

  it('a token request needs a name and at least one known scope, each once', () => {
    expect(
      createApiTokenRequestSchema.parse({ name: ' BI ', scopes: ['reports:read', 'reports:read'] }),
    ).toEqual({ name: 'BI', scopes: ['reports:read'] });
    const empty = createApiTokenRequestSchema.safeParse({ name: '', scopes: [] });
    expect(empty.error?.issues.map((issue) => issue.message)).toEqual([
      MESSAGES.apiTokenName,
      MESSAGES.apiTokenScopes,
    ]);
    const unknown = createApiTokenRequestSchema.safeParse({ name: 'x', scopes: ['users:write'] });
    expect(unknown.error?.issues[0]?.message).toBe(MESSAGES.apiTokenUnknownScope);
  });
});

describe('the client with a personal API token', () => {
  it('sends Authorization: Bearer, no cookies and no CSRF header', async () => {
    const seen: RequestInit[] = [];
    const fetch: FetchLike = (input, init) => {
      seen.push(init);
      return globalThis.fetch(input, init);
    };
    const http = createHttp({ baseUrl: server.url, fetch, token: 'adc_secret' });
    await http({ method: 'POST', path: '/v1/campaign/new', json: { name: 'x' } });
    expect(seen.map((init) => init.credentials)).toEqual(['omit']);
    expect(server.requests[0]?.headers.authorization).toBe('Bearer adc_secret');
    expect(server.requests[0]?.headers['x-requested-with']).toBeUndefined();
  });
});
