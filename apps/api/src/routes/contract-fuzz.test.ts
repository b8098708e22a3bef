// The contract fuzzer (test/contract-fuzz.ts) over every operation of /api/openapi.json, as an ordinary
// user with another owner's data beside its own: no 5xx, no answer slower than the bound (a stall
// catcher, generous for a loaded machine; the figures are the long run's, docs/testing.md), every error
// in the envelope, and nothing of the other owner changed. A fixed seed and sample here; `npm run
// test:fuzz` sends many more with a new seed (FUZZ_REQUESTS, FUZZ_SEED).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FuzzIds, operationsOf, runFuzz } from '../test/contract-fuzz';
import { type Client, startServer, type TestServer, testDatabaseKind } from '../test/harness';
import { demoAsset, publishedLive, signedInUser } from '../test/helpers';

const SEED = Number(process.env.FUZZ_SEED ?? 20261125);
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 600);
const BOUND_MS = Number(process.env.FUZZ_BOUND_MS ?? 5000);

/** What the other owner can see of its own things: what the fuzzing user must not be able to change. */
async function ownedBy(client: Client) {
  const campaigns = (await client.get<{ id: string }[]>('/v1/campaign/mine')).body.data ?? [];
  const details = await Promise.all(
    campaigns.map(async ({ id }) => {
      const campaign = (await client.get<Record<string, unknown>>(`/v1/campaign/get?campaignID=${id}`)).body
        .data as {
        name: string;
        data: unknown;
        creatives: {
          id: string;
          name: string;
          settings: unknown;
          trackers: unknown;
          liveCreatives: { id: string }[];
        }[];
        scheduledReports?: { id: string; name: string; recipients: string[] }[];
      };
      return {
        name: campaign.name,
        flight: campaign.data,
        creatives: campaign.creatives.map((creative) => ({
          id: creative.id,
          name: creative.name,
          settings: creative.settings,
          trackers: creative.trackers,
          live: creative.liveCreatives.map((live) => live.id),
        })),
        schedules: (campaign.scheduledReports ?? []).map((s) => ({
          id: s.id,
          name: s.name,
          recipients: s.recipients,
        })),
      };
    }),
  );
  const tokens = (await client.get<{ id: string; name: string; revokedAt?: unknown }[]>('/v1/tokens')).body
    .data;
  const files = (await client.get<{ entries: { name: string; size?: number }[] }>('/v1/files?directory='))
    .body.data?.entries;
  const me = (await client.get<{ user: unknown }>('/me')).body.data?.user;
  return { details, tokens, files, me };
}

describe(`the contract fuzzer over /api/openapi.json on ${testDatabaseKind()}`, () => {
  let server: TestServer;
  let fuzzing: Client;
  let other: Client;
  const ids: FuzzIds = { own: [], others: [] };

  beforeAll(async () => {
    server = await startServer({ COMPANY_DOMAIN: 'adconsole.test' });
    fuzzing = (await signedInUser(server)).client;
    other = (await signedInUser(server)).client;
    for (const [client, list] of [
      [fuzzing, ids.own],
      [other, ids.others],
    ] as const) {
      const campaignID =
        (await client.post<{ id: string }>('/v1/campaign/new', { name: 'Fuzzed' })).body.data?.id ?? '';
      const live = await publishedLive(
        client,
        campaignID,
        { name: 'Banner', type: 'Banner', width: 300, height: 250 },
        [{ name: 'banner.png', bytes: await demoAsset('banner.png') }],
      );
      const campaign = (
        await client.get<{ creatives: { id: string }[] }>(`/v1/campaign/get?campaignID=${campaignID}`)
      ).body.data;
      const share = (await client.post<{ token: string }>('/v1/campaign/newToken', { campaignID })).body.data;
      const schedule = (
        await client.post<{ id: string }>('/v1/campaign/scheduledReport', {
          campaignID,
          name: 'Weekly',
          frequency: 'Weekly',
          reportType: 'Summary',
          format: 'csv',
          timezone: 'UTC',
          recipients: ['team@adconsole.test'],
          withVideo: false,
        })
      ).body.data;
      const token = (
        await client.post<{ id: string }>('/v1/tokens', { name: 'CI', scopes: ['reports:read'] })
      ).body.data;
      await client.post('/v1/files/folder', { directory: '', name: 'kept' });
      list.push(
        campaignID,
        live,
        ...(campaign?.creatives.map((creative) => creative.id) ?? []),
        share?.token ?? '',
        schedule?.id ?? '',
        token?.id ?? '',
        'kept/',
      );
    }
  });
  afterAll(() => server.close());

  const timeout = Number(process.env.FUZZ_TIMEOUT_MS ?? 60_000);
  it(`${REQUESTS} requests (seed ${SEED}) over every operation: no 5xx, no stall, errors in the envelope, the other owner's data untouched`, {
    timeout,
  }, async () => {
    const document = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    // Signing out would only end the fuzzing user's own session for the rest of the run.
    const operations = operationsOf(document).filter((operation) => operation.path !== '/api/logout');
    expect(operations.length).toBeGreaterThan(60);
    const before = await ownedBy(other);
    const result = await runFuzz({
      origin: server.url,
      operations,
      ids,
      cookie: fuzzing.cookie ?? '',
      seed: SEED,
      count: Math.max(REQUESTS, operations.length),
      boundMs: BOUND_MS,
    });
    if (process.env.FUZZ_REPORT)
      console.log(
        `contract fuzz: ${result.sent} requests over ${operations.length} operations, seed ${SEED}; by status ${JSON.stringify(result.byStatus)}; slowest ${Math.round(result.slowestMs)} ms (${result.slowest})`,
      );
    expect(result.failures).toEqual([]);
    expect(await ownedBy(other)).toEqual(before);
  });
});
