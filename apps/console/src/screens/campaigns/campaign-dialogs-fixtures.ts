// The API as the campaign dialogs' stories meet it (docs/console.md, "The inventory forecast"): the
// page's fetch answered in memory, no server. The forecast is the domain's own over forecast-fixtures'
// made-up account, the account's campaigns its contenders, the one being edited (`campaignID`) none of
// them and what it delivered counted, as the API does; a campaign's rules, a new campaign and its rules'
// call are answered from what the story gives, the advertisers from advertiser-fixtures.ts; every call
// is kept for the story to read.
import {
  type Campaign,
  campaignSchema,
  type DeliveryRules,
  type ForecastContender,
  forecastRequestSchema,
} from '@adconsole/domain';
import { advertisers, northwindOverview } from '../advertisers/advertiser-fixtures';
import { forecastAnswerOfRequest } from './forecast-fixtures';

export interface StoryCall {
  method: string;
  path: string;
  body: unknown;
}

export interface StoryApiOptions {
  /** The account's campaigns with their saved rules (each one's impressions: what it delivered). */
  campaigns?: readonly { campaign: Campaign; rules: DeliveryRules }[];
  /** The rules' call (PUT /v1/campaign/deliveryRules) refused with this status and message. */
  rulesRefused?: { status: number; message: string } | undefined;
}

/** The campaign a new campaign's call answers: what was sent, an id, nothing delivered. */
const NEW_CAMPAIGN_ID = 'cmp_new';

const answer = (data: unknown, status = 200) =>
  new Response(JSON.stringify(status < 400 ? { status, data } : data), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

const contenderOf = ({
  campaign,
  rules,
}: {
  campaign: Campaign;
  rules: DeliveryRules;
}): ForecastContender => ({
  id: campaign.id,
  name: campaign.name,
  rules,
  flight: {
    start: campaign.data.start?.date.slice(0, 10) ?? '',
    end: campaign.data.end?.date.slice(0, 10) ?? '',
    timezone: campaign.data.timezone ?? 'UTC',
  },
  goal: campaign.data.goal?.metric === 'impressions' ? campaign.data.goal.amount : null,
  deliveryMode: campaign.data.deliveryMode ?? 'asap',
  delivered: campaign.data.impressions,
});

/**
 * Answers the page's fetch as the API would until `restore` (a story's `beforeEach` returns it); `calls`
 * holds each call made, in order.
 */
export function answerLikeTheApi(options: StoryApiOptions = {}): { calls: StoryCall[]; restore: () => void } {
  const campaigns = options.campaigns ?? [];
  const calls: StoryCall[] = [];
  const realFetch = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    const url = new URL(String(input), 'http://console.example');
    const method = init?.method ?? 'GET';
    const path = url.pathname.replace(/^\/api/, '');
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ method, path, body });
    if (method === 'POST' && path === '/v1/forecast')
      return answer(forecastAnswerOfRequest(forecastRequestSchema.parse(body), campaigns.map(contenderOf)));
    // The advertisers the form offers, and Northwind's orders (advertiser-fixtures.ts).
    if (method === 'GET' && path === '/v1/advertiser/list') return answer({ advertisers });
    if (method === 'GET' && path === '/v1/advertiser/get') {
      const advertiserID = url.searchParams.get('id');
      const found = advertisers.find((advertiser) => advertiser.id === advertiserID);
      if (!found) return answer({ status: 404, code: 'not_found', message: 'Advertiser not found!' }, 404);
      return answer(
        advertiserID === northwindOverview.advertiser.id
          ? northwindOverview
          : { advertiser: found, insertionOrders: [], campaigns: [] },
      );
    }
    if (method === 'GET' && path === '/v1/campaign/deliveryRules') {
      const campaignID = url.searchParams.get('campaignID');
      const saved = campaigns.find(({ campaign }) => campaign.id === campaignID);
      return answer({
        campaignID,
        timezone: saved?.campaign.data.timezone ?? 'UTC',
        rules: saved?.rules ?? {},
        creatives: [],
      });
    }
    if (method === 'POST' && path === '/v1/campaign/new') {
      const sent = body as { name: string; data?: Record<string, unknown> };
      return answer(
        campaignSchema.parse({
          ...sent,
          id: NEW_CAMPAIGN_ID,
          name: sent.name,
          data: { ...sent.data, impressions: 0, engagement: 0, clicks: 0 },
        }),
      );
    }
    if (method === 'PUT' && path === '/v1/campaign/deliveryRules') {
      const refused = options.rulesRefused;
      if (refused)
        return answer(
          { status: refused.status, code: 'unavailable', message: refused.message },
          refused.status,
        );
      const sent = body as { campaignID: string; rules: DeliveryRules };
      return answer({ campaignID: sent.campaignID, timezone: 'UTC', rules: sent.rules, creatives: [] });
    }
    return answer({ status: 404, code: 'not_found', message: `Not found: ${method} ${path}` }, 404);
  };
  return {
    calls,
    restore: () => {
      globalThis.fetch = realFetch;
    },
  };
}
