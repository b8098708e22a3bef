// The alert evaluation's reads (queries/alert-windows.ts) on the store under test: impressions, invalid
// ad requests and VAST errors by code in each campaign's windows, and each campaign's last impression,
// all campaigns in one statement per read; a window's figure counts only its own campaign's creatives.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import {
  type FreshDatabase,
  freshEventStore,
  freshMigratedDatabase,
  testStoresLabel,
} from '../../test/harness';
import {
  type AlertWindow,
  readLastImpressions,
  readWindowErrors,
  readWindowImpressions,
  readWindowInvalid,
} from './queries/alert-windows';
import type { EventStore } from './store';
import type { TrackedEvent } from './tracked-event';

const event = (
  liveId: string,
  type: TrackedEvent['type'],
  iso: string,
  count: number,
  reason: TrackedEvent['reason'] = null,
): TrackedEvent => ({ liveId, type, at: new Date(iso), count, impressionId: null, reason });

const HOUR = 3_600_000;
const at = (iso: string) => new Date(iso);
const window = (campaignId: string, liveIds: string[], from: string, hours = 1): AlertWindow => ({
  campaignId,
  liveIds,
  from: at(from),
  to: new Date(at(from).getTime() + hours * HOUR),
});

describe(`the alert evaluation's reads on ${testStoresLabel()}`, () => {
  let fresh: FreshDatabase;
  let store: EventStore;
  let close: () => Promise<void>;
  // Campaign one has two creatives; Kathmandu's hour starts at a quarter past (+05:45).
  const windows = [
    window('one', ['one-a', 'one-b'], '2026-03-31T11:00:00Z'),
    window('one', ['one-a', 'one-b'], '2026-03-24T12:00:00Z'),
    window('ktm', ['ktm-a'], '2026-03-31T10:15:00Z'),
    window('none', [], '2026-03-31T11:00:00Z'),
  ];
  beforeAll(async () => {
    fresh = await freshMigratedDatabase();
    await fresh.db.query(
      "insert into users (id, email, first_name, last_name, role) values ('au', 'alerts@adconsole.test', 'A', 'A', 'user')",
    );
    // Every campaign has an advertiser (docs/product.md §3).
    await fresh.db.query(
      "insert into advertisers (id, owner_id, name, currency) values ('au-advertiser', 'au', 'Advertiser', 'USD') on conflict do nothing",
    );
    for (const [campaign, lives] of [
      ['one', ['one-a', 'one-b']],
      ['ktm', ['ktm-a']],
    ] as const) {
      await fresh.db.query(
        "insert into campaigns (id, owner_id, name, body, advertiser_id) values ($1, 'au', $1, '{}', 'au-advertiser')",
        [campaign],
      );
      for (const live of lives)
        await fresh.db.query(
          'insert into live_creatives (id, campaign_id, snapshot) values ($1, $2, $3::jsonb)',
          [live, campaign, JSON.stringify({ type: 'Banner' })],
        );
    }
    ({ store, close } = await freshEventStore(fresh.db));
    await store.writeBatch([
      event('one-a', 'impression', '2026-03-31T11:05:00Z', 300),
      event('one-b', 'impression', '2026-03-31T11:50:00Z', 100),
      event('one-a', 'impression', '2026-03-31T12:00:00Z', 999), // after the window
      event('one-a', 'impression', '2026-03-24T12:30:00Z', 1_000),
      event('one-a', 'impression', '2026-03-31T11:10:00Z', 40, 'bot'),
      event('one-b', 'impression', '2026-03-31T11:20:00Z', 10, 'data-centre'),
      event('one-a', 'error:405', '2026-03-31T11:30:00Z', 7),
      event('one-b', 'error:405', '2026-03-31T11:31:00Z', 3),
      event('one-b', 'error:402', '2026-03-31T11:40:00Z', 2),
      event('ktm-a', 'impression', '2026-03-31T10:10:00Z', 50), // before its window (10:15)
      event('ktm-a', 'impression', '2026-03-31T10:15:00Z', 60),
      event('ktm-a', 'impression', '2026-03-31T11:14:00Z', 70),
      event('ktm-a', 'error:901', '2026-03-31T11:00:00Z', 4),
    ]);
  });
  afterAll(async () => {
    await close?.();
    await fresh?.drop();
  });

  it("each window's impressions, invalid ad requests and VAST errors, in the windows' order", async () => {
    expect(await readWindowImpressions(store, windows)).toEqual([400, 1_000, 130, 0]);
    expect(await readWindowInvalid(store, windows)).toEqual([50, 0, 0, 0]);
    expect(await readWindowErrors(store, windows)).toEqual([
      [
        { code: 402, count: 2 },
        { code: 405, count: 10 },
      ],
      [],
      [{ code: 901, count: 4 }],
      [],
    ]);
  });

  it("each campaign's latest bucket with an impression since a time", async () => {
    const last = await readLastImpressions(
      store,
      [
        { campaignId: 'one', liveIds: ['one-a', 'one-b'] },
        { campaignId: 'ktm', liveIds: ['ktm-a'] },
        { campaignId: 'none', liveIds: [] },
      ],
      at('2026-03-25T00:00:00Z'),
    );
    expect(last).toEqual(
      new Map([
        ['one', at('2026-03-31T12:00:00Z')],
        ['ktm', at('2026-03-31T11:00:00Z')],
      ]),
    );
  });

  it('one statement a read, whatever the number of campaigns', async () => {
    if (store.kind !== 'postgres') return;
    let statements = 0;
    const counted: Database = {
      ...fresh.db,
      query: (sql, params) => {
        statements += 1;
        return fresh.db.query(sql, params);
      },
    };
    const countedStore = { ...store, db: counted };
    await readWindowImpressions(countedStore, windows);
    await readWindowInvalid(countedStore, windows);
    await readWindowErrors(countedStore, windows);
    await readLastImpressions(
      countedStore,
      [{ campaignId: 'one', liveIds: ['one-a'] }],
      at('2026-03-25T00:00:00Z'),
    );
    expect(statements).toBe(4);
  });
});
