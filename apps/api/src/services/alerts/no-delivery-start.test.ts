// "No delivery" counts from when delivery could start (docs/alerts.md, "The rules"): the latest of the
// flight's start, the campaign's creation and its first live creative. A campaign made today whose flight
// started two days ago raises no alert in its first hour, and fires two hours after its creative went
// live with nothing served, saying since when. The clock is pinned relative to the database's own time,
// which stamps the campaign's creation and its publication.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAlertEvaluation } from '../../test/alerts';
import { type Client, startServer, type TestServer, testDatabaseKind } from '../../test/harness';
import { signedInUser } from '../../test/helpers';
import { publish } from '../../test/reports-world';

interface AlertAnswer {
  rule: string;
  status: string;
  message: string;
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

describe(`no delivery counts from when delivery could start, on ${testDatabaseKind()}`, () => {
  let now = Date.now();
  let server: TestServer;
  let owner: Client;
  let campaignID = '';
  let publishedAt = 0;

  const noDeliveryAlerts = async () =>
    ((await owner.get<AlertAnswer[]>(`/v1/alerts?campaignID=${campaignID}`)).body.data ?? []).filter(
      (alert) => alert.rule === 'no-delivery',
    );

  beforeAll(async () => {
    server = await startServer({ JOB_POLL_SECONDS: '0' }, { clock: () => now });
    ({ client: owner } = await signedInUser(server));
    // The flight began at midnight UTC two days ago and runs a month.
    const start = new Date(Date.now() - 2 * DAY).toISOString().slice(0, 10);
    const end = new Date(Date.now() + 30 * DAY).toISOString().slice(0, 10);
    const made = await owner.post<{ id: string }>('/v1/campaign/new', {
      name: 'Made today',
      data: { start: { date: start }, end: { date: end }, timezone: 'UTC' },
    });
    expect(made.httpStatus, JSON.stringify(made.body)).toBe(200);
    campaignID = made.body.data?.id ?? '';
    await publish(owner, campaignID, { name: 'Made today banner', type: 'Banner' });
    const [row] = await server.db.query<{ at: Date }>(
      'select min(created_at) as at from live_creatives where campaign_id = $1',
      [campaignID],
    );
    publishedAt = new Date(row?.at ?? Date.now()).getTime();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('made today with a flight that started two days ago: no "No delivery" alert in its first hour', async () => {
    now = publishedAt + 50 * MINUTE;
    await runAlertEvaluation(server);
    expect(await noDeliveryAlerts()).toEqual([]);
  });

  it('two hours after its first creative went live with nothing served, it fires and says since when', async () => {
    now = publishedAt + 125 * MINUTE;
    await runAlertEvaluation(server);
    const alerts = await noDeliveryAlerts();
    expect(alerts.map((alert) => alert.status)).toEqual(['open']);
    expect(alerts[0]?.message).toMatch(/^No impressions for 2\.\d+ hours since its first creative went live/);
  });
});
