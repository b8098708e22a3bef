// The read pacing takes (queries/campaign-days.ts): several campaigns' impressions, clicks and completed
// views by local day, each in its own zone and range, in one statement; the same from the campaign
// rollups' coarsest grain as from the 15-minute rows by live creative, on the store under test.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import {
  type FreshDatabase,
  freshEventStore,
  freshMigratedDatabase,
  testStoresLabel,
} from '../../test/harness';
import { type CampaignDaysRange, readCampaignDays } from './queries/campaign-days';
import { createPostgresEventStore, type EventStore } from './store';
import type { TrackedEvent } from './tracked-event';

const event = (liveId: string, type: TrackedEvent['type'], iso: string, count: number): TrackedEvent => ({
  liveId,
  type,
  at: new Date(iso),
  count,
  impressionId: null,
});

async function seed(db: Database) {
  await db.query(
    "insert into users (id, email, first_name, last_name, role) values ('pu', 'pacing@adconsole.test', 'P', 'P', 'user')",
  );
  // Every campaign has an advertiser (docs/product.md §3).
  await db.query(
    "insert into advertisers (id, owner_id, name, currency) values ('pu-advertiser', 'pu', 'Advertiser', 'USD') on conflict do nothing",
  );
  for (const [campaign, live, type] of [
    ['berlin', 'berlin-live', 'Banner'],
    ['kathmandu', 'kathmandu-live', 'VAST'],
  ] as const) {
    await db.query(
      "insert into campaigns (id, owner_id, name, body, advertiser_id) values ($1, 'pu', $1, '{}', 'pu-advertiser')",
      [campaign],
    );
    await db.query('insert into live_creatives (id, campaign_id, snapshot) values ($1, $2, $3::jsonb)', [
      live,
      campaign,
      JSON.stringify({ id: live, name: live, type }),
    ]);
  }
}

describe(`pacing's read of campaigns by local day on ${testStoresLabel()}`, () => {
  let fresh: FreshDatabase;
  let store: EventStore;
  let close: () => Promise<void>;
  const ranges: CampaignDaysRange[] = [
    {
      campaignId: 'berlin',
      liveIds: ['berlin-live'],
      // Berlin's 24 to 26 October 2026 (the 25th has 25 hours), until 12:10 local on the 26th.
      from: new Date('2026-10-23T22:00:00Z'),
      to: new Date('2026-10-26T11:10:00Z'),
      zone: { iana: 'Europe/Berlin', offset: '+02:00' },
    },
    {
      campaignId: 'kathmandu',
      liveIds: ['kathmandu-live'],
      from: new Date('2026-10-23T18:15:00Z'),
      to: new Date('2026-10-26T18:15:00Z'),
      zone: { offset: '+05:45' },
    },
    // No live creatives: nothing read, an empty list answered.
    {
      campaignId: 'empty',
      liveIds: [],
      from: new Date('2026-10-23T00:00:00Z'),
      to: new Date('2026-10-26T00:00:00Z'),
      zone: { offset: '+00:00' },
    },
  ];

  beforeAll(async () => {
    fresh = await freshMigratedDatabase();
    await seed(fresh.db);
    ({ store, close } = await freshEventStore(fresh.db));
    await store.writeBatch([
      event('berlin-live', 'impression', '2026-10-23T21:59:00Z', 1), // 23 Oct local: before the range
      event('berlin-live', 'impression', '2026-10-23T22:00:00Z', 10), // 24 Oct 00:00 local
      event('berlin-live', 'impression', '2026-10-25T00:30:00Z', 20), // 25 Oct 02:30 CEST
      event('berlin-live', 'impression', '2026-10-25T01:30:00Z', 30), // 25 Oct 02:30 CET (the repeated hour)
      event('berlin-live', 'click', '2026-10-25T22:59:00Z', 2), // 25 Oct 23:59 CET
      event('berlin-live', 'impression', '2026-10-26T11:05:00Z', 40), // 26 Oct 12:05: in
      event('berlin-live', 'impression', '2026-10-26T11:20:00Z', 50), // after `to`
      event('kathmandu-live', 'impression', '2026-10-24T18:14:00Z', 5), // 24 Oct 23:59 local
      event('kathmandu-live', 'complete', '2026-10-24T18:15:00Z', 3), // 25 Oct 00:00 local
    ]);
  });
  afterAll(async () => {
    await close?.();
    await fresh?.drop();
  });

  it('each campaign by local day of its own zone, the 25-hour day whole, nothing outside its range', async () => {
    const days = await readCampaignDays(store, ranges);
    expect(days.get('berlin')).toEqual([
      { date: '2026-10-24', impressions: 10, clicks: 0, videoCompletes: 0 },
      { date: '2026-10-25', impressions: 50, clicks: 2, videoCompletes: 0 },
      { date: '2026-10-26', impressions: 40, clicks: 0, videoCompletes: 0 },
    ]);
    expect(days.get('kathmandu')).toEqual([
      { date: '2026-10-24', impressions: 5, clicks: 0, videoCompletes: 0 },
      { date: '2026-10-25', impressions: 0, clicks: 0, videoCompletes: 3 },
    ]);
    expect(days.get('empty')).toEqual([]);
  });

  it('one statement for every campaign of a list, whatever their number', async () => {
    if (store.kind !== 'postgres') return;
    let statements = 0;
    const counted: Database = {
      ...fresh.db,
      query: (sql, params) => {
        statements += 1;
        return fresh.db.query(sql, params);
      },
    };
    await readCampaignDays({ ...store, db: counted }, ranges);
    expect(statements).toBe(1);
  });

  it("the campaign rollups' coarsest grain gives what the 15-minute rows by live creative give", async () => {
    if (store.kind !== 'postgres') return;
    const finest = createPostgresEventStore(fresh.db, { grains: 'quarter' });
    expect(await readCampaignDays(finest, ranges)).toEqual(await readCampaignDays(store, ranges));
  });
});
