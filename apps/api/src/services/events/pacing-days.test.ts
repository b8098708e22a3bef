// The alert evaluation's pacing read (queries/pacing-days.ts): many campaigns' goal counters by local day
// in one statement with one select per zone, each campaign from its own start; the same days as the
// campaign list's read (campaign-days.ts) gives campaign by campaign, on the store under test.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import {
  type FreshDatabase,
  freshEventStore,
  freshMigratedDatabase,
  testStoresLabel,
} from '../../test/harness';
import { readCampaignDays } from './queries/campaign-days';
import { type PacedCampaign, readPacingDays } from './queries/pacing-days';
import type { EventStore } from './store';
import type { TrackedEvent } from './tracked-event';

const event = (liveId: string, type: TrackedEvent['type'], iso: string, count: number): TrackedEvent => ({
  liveId,
  type,
  at: new Date(iso),
  count,
  impressionId: null,
});

const TO = new Date('2026-10-26T11:10:00Z');
const berlin = { iana: 'Europe/Berlin', offset: '+02:00' };
const campaigns: PacedCampaign[] = [
  // Both in Berlin (one select): the first from 24 October, the second from 25 October local.
  { campaignId: 'early', liveIds: ['early-live'], from: new Date('2026-10-23T22:00:00Z'), zone: berlin },
  { campaignId: 'late', liveIds: ['late-live'], from: new Date('2026-10-24T22:00:00Z'), zone: berlin },
  {
    campaignId: 'kathmandu',
    liveIds: ['kathmandu-live'],
    from: new Date('2026-10-23T18:15:00Z'),
    zone: { offset: '+05:45' },
  },
  { campaignId: 'empty', liveIds: [], from: new Date('2026-10-23T00:00:00Z'), zone: { offset: '+00:00' } },
];

describe(`the alert evaluation's pacing read on ${testStoresLabel()}`, () => {
  let fresh: FreshDatabase;
  let store: EventStore;
  let close: () => Promise<void>;
  beforeAll(async () => {
    fresh = await freshMigratedDatabase();
    await fresh.db.query(
      "insert into users (id, email, first_name, last_name, role) values ('pu', 'pacing@adconsole.test', 'P', 'P', 'user')",
    );
    // Every campaign has an advertiser (docs/product.md §3).
    await fresh.db.query(
      "insert into advertisers (id, owner_id, name, currency) values ('pu-advertiser', 'pu', 'Advertiser', 'USD') on conflict do nothing",
    );
    for (const campaign of ['early', 'late', 'kathmandu']) {
      await fresh.db.query(
        "insert into campaigns (id, owner_id, name, body, advertiser_id) values ($1, 'pu', $1, '{}', 'pu-advertiser')",
        [campaign],
      );
      await fresh.db.query(
        'insert into live_creatives (id, campaign_id, snapshot) values ($1, $2, $3::jsonb)',
        [`${campaign}-live`, campaign, JSON.stringify({ type: 'Banner' })],
      );
    }
    ({ store, close } = await freshEventStore(fresh.db));
    await store.writeBatch(
      ['early-live', 'late-live'].flatMap((live) => [
        event(live, 'impression', '2026-10-23T21:59:00Z', 1), // 23 Oct local: before both
        event(live, 'impression', '2026-10-23T22:00:00Z', 10), // 24 Oct 00:00: before the late one
        event(live, 'impression', '2026-10-25T00:30:00Z', 20), // 25 Oct 02:30 CEST
        event(live, 'impression', '2026-10-25T01:30:00Z', 30), // 25 Oct 02:30 CET (the repeated hour)
        event(live, 'click', '2026-10-25T22:59:00Z', 2), // 25 Oct 23:59 CET
        event(live, 'impression', '2026-10-26T11:05:00Z', 40), // 26 Oct 12:05: in
        event(live, 'impression', '2026-10-26T11:20:00Z', 50), // after `to`
      ]),
    );
    await store.writeBatch([
      event('kathmandu-live', 'impression', '2026-10-24T18:14:00Z', 5), // 24 Oct 23:59 local
      event('kathmandu-live', 'complete', '2026-10-24T18:15:00Z', 3), // 25 Oct 00:00 local
    ]);
  });
  afterAll(async () => {
    await close?.();
    await fresh?.drop();
  });

  it('each campaign by local day of its zone from its own start, the same as the list read campaign by campaign', async () => {
    const days = await readPacingDays(store, campaigns, TO);
    expect(days.get('early')).toEqual([
      { date: '2026-10-24', impressions: 10, clicks: 0, videoCompletes: 0 },
      { date: '2026-10-25', impressions: 50, clicks: 2, videoCompletes: 0 },
      { date: '2026-10-26', impressions: 40, clicks: 0, videoCompletes: 0 },
    ]);
    expect(days.get('late')).toEqual(days.get('early')?.slice(1));
    expect(days.get('kathmandu')).toEqual([
      { date: '2026-10-24', impressions: 5, clicks: 0, videoCompletes: 0 },
      { date: '2026-10-25', impressions: 0, clicks: 0, videoCompletes: 3 },
    ]);
    expect(days.get('empty')).toEqual([]);
    const one = await readCampaignDays(
      store,
      campaigns.map((campaign) => ({ ...campaign, to: TO })),
    );
    expect(days).toEqual(one);
  });

  it('one statement for every campaign, whatever their number', async () => {
    if (store.kind !== 'postgres') return;
    let statements = 0;
    const counted: Database = {
      ...fresh.db,
      query: (sql, params) => {
        statements += 1;
        return fresh.db.query(sql, params);
      },
    };
    await readPacingDays({ ...store, db: counted }, campaigns, TO);
    expect(statements).toBe(1);
  });
});
