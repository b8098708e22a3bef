// A campaign whose flight has begun but whose tags have not served yet (docs/reports.md, "Pacing"): its
// pacing reads "not started" in the campaign's answer, and the pacing alert does not fire
// (docs/alerts.md, "The rules") until the first impression or the end of the flight's first whole local
// day. The clock is pinned; the campaign runs in New York.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAlertEvaluation } from '../../test/alerts';
import { type Client, startServer, type TestServer, testDatabaseKind } from '../../test/harness';
import { signedInAdmin, signedInUser } from '../../test/helpers';
import { publish } from '../../test/reports-world';

interface CampaignAnswer {
  pacing: { status: string; delivered: number } | null;
}

interface AlertAnswer {
  rule: string;
  status: string;
}

/** The flight starts at 00:00 on 1 December 2026 in New York (EST, UTC-5): 05:00Z. */
const START = Date.parse('2026-12-01T05:00:00Z');
const MINUTE = 60_000;

describe(`pacing before the first impression on ${testDatabaseKind()}`, () => {
  let now = START + MINUTE;
  let server: TestServer;
  let owner: Client;
  let admin: Client;
  const campaigns: Record<string, { id: string; live: string }> = {};

  async function campaign(name: string) {
    const made = await owner.post<{ id: string }>('/v1/campaign/new', {
      name,
      data: {
        start: { date: '2026-12-01' },
        end: { date: '2026-12-30' },
        timezone: 'America/New_York',
        goal: { metric: 'impressions', amount: 300_000 },
      },
    });
    expect(made.httpStatus, JSON.stringify(made.body)).toBe(200);
    const id = made.body.data?.id ?? '';
    const live = await publish(owner, id, { name: `${name} banner`, type: 'Banner' });
    // Only the pacing alert is watched: no delivery would fire on a campaign with nothing served.
    const rules = await owner.put('/v1/alerts/rules', {
      campaignID: id,
      settings: { 'no-delivery': { enabled: false } },
    });
    expect(rules.httpStatus, JSON.stringify(rules.body)).toBe(200);
    return { id, live };
  }

  async function evaluate(at: number) {
    now = at;
    await runAlertEvaluation(server);
  }

  const statusOf = async (key: string) =>
    (await owner.get<CampaignAnswer>(`/v1/campaign/get?campaignID=${campaigns[key]?.id}`)).body.data?.pacing
      ?.status;
  const alertsOf = async (key: string) =>
    (await owner.get<AlertAnswer[]>(`/v1/alerts?campaignID=${campaigns[key]?.id}`)).body.data?.map(
      (alert) => alert.rule,
    ) ?? [];

  beforeAll(async () => {
    server = await startServer({ JOB_POLL_SECONDS: '0' }, { clock: () => now });
    ({ client: owner } = await signedInUser(server));
    ({ client: admin } = await signedInAdmin(server));
    campaigns.quiet = await campaign('Quiet');
    campaigns.served = await campaign('Served');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('a campaign a minute into its flight with nothing served reads not started and sends no pacing alert', async () => {
    // 300,000 over 30 days plans 6.94 by 00:01; nothing served would project 0: at risk by the plain rule.
    await evaluate(START + MINUTE);
    expect(await statusOf('quiet')).toBe('not-started');
    expect(await alertsOf('quiet')).toEqual([]);
  });

  it('the first impression starts it: a slow first hour is at risk and the pacing alert fires', async () => {
    const imported = await admin.post('/v1/events/import', {
      events: [{ liveID: campaigns.served?.live, type: 'impression', at: '2026-12-01T05:10:00Z', count: 10 }],
    });
    expect(imported.httpStatus, JSON.stringify(imported.body)).toBe(200);
    // 10 in the first hour is 240 a day: projected about 7,200 of 300,000.
    await evaluate(START + 60 * MINUTE);
    expect(await statusOf('served')).toBe('at-risk');
    expect(await alertsOf('served')).toEqual(['pacing-behind']);
    expect(await statusOf('quiet')).toBe('not-started');
    expect(await alertsOf('quiet')).toEqual([]);
  });

  it('with nothing served through the first whole local day, the normal rule applies at its end', async () => {
    // 23:59 on 1 December in New York: still waiting.
    await evaluate(START + 24 * 60 * MINUTE - MINUTE);
    expect(await alertsOf('quiet')).toEqual([]);
    // 00:15 on 2 December: a day elapsed with nothing delivered, projected 0: at risk, the alert fires.
    await evaluate(START + 24 * 60 * MINUTE + 15 * MINUTE);
    expect(await statusOf('quiet')).toBe('at-risk');
    expect(await alertsOf('quiet')).toEqual(['pacing-behind']);
  });
});
