// The typed client for every call of docs/product.md §7.
import { DOWNLOAD_PATH_PREFIX } from '../constants';
import { advertiserCalls } from './advertisers/client';
import { apiTokenCalls } from './api-tokens/client';
import { authCalls } from './auth/client';
import { builderCalls } from './builder/client';
import { campaignCalls } from './campaigns/client';
import { creativeCalls } from './creatives/client';
import { eventCalls } from './events/client';
import { fileCalls } from './files/client';
import { createHttp, type HttpOptions } from './http';
import { reportCalls } from './reports/client';
import { userCalls } from './users/client';

export interface ApiClientOptions extends HttpOptions {
  /** The company domain sign-up is limited to (e.g. 'example.com'). */
  companyDomain?: string | undefined;
}

/** The download URL of a generated file: the API host under /uploads/. */
export function downloadUrl(baseUrl: string, file: string): string {
  // A server that already answers a full URL (e.g. a signed storage link) is taken at its word.
  if (/^https?:\/\//i.test(file)) return file;
  const path = file
    .replace(/^\/+/, '')
    .replace(/^uploads\//, '')
    .split('/')
    .map(encodeURIComponent)
    .join('/');
  return `${baseUrl.replace(/\/+$/, '')}${DOWNLOAD_PATH_PREFIX}${path}`;
}

export function createApiClient(options: ApiClientOptions) {
  const http = createHttp(options);
  const fileUrl = (file: string) => downloadUrl(options.baseUrl, file);
  const campaigns = campaignCalls(http);
  return {
    ...authCalls(http, options.companyDomain),
    ...campaigns,
    ...advertiserCalls(http),
    ...creativeCalls(http, fileUrl, campaigns.getCampaign),
    ...reportCalls(http, fileUrl),
    ...userCalls(http),
    ...eventCalls(http),
    ...fileCalls(http),
    ...builderCalls(http),
    ...apiTokenCalls(http),
    fileUrl,
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
