// The advertisers migration (docs/product.md §3, "Advertiser"): the free text campaigns named as their
// advertiser becomes one record per owner and name (trimmed, case-insensitive), the campaigns that named
// none share their owner's 'Unassigned' one, every campaign is linked and nothing else of it changes.
import { describe, expect, it } from 'vitest';
import { migrate } from '../db/migrate';
import { freshDatabase, testDatabaseKind } from '../test/harness';
import { migrations } from './index';

const upTo0048 = migrations.slice(
  0,
  migrations.findIndex((m) => m.name === '0049_advertisers'),
);

describe(`the advertisers migration on ${testDatabaseKind()}`, () => {
  it('makes one advertiser per owner and name, an unnamed one per owner, links every campaign and keeps the rest', async () => {
    const fresh = await freshDatabase();
    const db = fresh.db;
    try {
      await migrate(db, upTo0048);
      for (const id of ['owner-a', 'owner-b'])
        await db.query('insert into users (id, email) values ($1, $2)', [id, `${id}@adconsole.test`]);
      const campaign = (id: string, owner: string, advertiser: string | undefined, currency?: string) =>
        db.query('insert into campaigns (id, owner_id, name, body, created_at) values ($1, $2, $3, $4, $5)', [
          id,
          owner,
          `Campaign ${id}`,
          {
            data: {
              start: { date: '2026-01-01' },
              ...(advertiser === undefined ? {} : { advertiser }),
              ...(currency ? { rate: { model: 'CPM', amount: 5, currency } } : {}),
            },
          },
          new Date(Date.UTC(2026, 0, 1, 0, Number(id.slice(1)))),
        ]);
      await campaign('c1', 'owner-a', 'Acme', 'EUR');
      await campaign('c2', 'owner-a', 'acme ', 'EUR');
      await campaign('c3', 'owner-a', 'Beta');
      await campaign('c4', 'owner-a', undefined, 'GBP');
      await campaign('c5', 'owner-a', '  ');
      await campaign('c6', 'owner-b', 'ACME', 'USD');
      await campaign('c7', 'owner-b', undefined);
      await db.query(
        `insert into event_campaign_day_rollups (campaign_id, bucket, impressions, clicks)
         values ('c1', '2026-01-02T00:00:00Z', 1234, 7)`,
      );
      const before = await db.query('select * from event_campaign_day_rollups order by campaign_id');

      await migrate(db, migrations);

      const advertisers = await db.query<{
        owner_id: string;
        name: string;
        currency: string;
        unnamed: boolean;
      }>('select owner_id, name, currency, unnamed from advertisers order by owner_id, name');
      expect(advertisers).toEqual([
        { owner_id: 'owner-a', name: 'Acme', currency: 'EUR', unnamed: false },
        { owner_id: 'owner-a', name: 'Beta', currency: 'USD', unnamed: false },
        { owner_id: 'owner-a', name: 'Unassigned', currency: 'USD', unnamed: true },
        { owner_id: 'owner-b', name: 'ACME', currency: 'USD', unnamed: false },
        { owner_id: 'owner-b', name: 'Unassigned', currency: 'USD', unnamed: true },
      ]);
      const linked = await db.query<{ id: string; owner: string; advertiser: string; body: unknown }>(
        `select campaigns.id, campaigns.owner_id as owner, advertisers.name as advertiser, campaigns.body
           from campaigns join advertisers on advertisers.id = campaigns.advertiser_id
          where advertisers.owner_id = campaigns.owner_id order by campaigns.id`,
      );
      expect(linked.map((row) => [row.id, row.advertiser])).toEqual([
        ['c1', 'Acme'],
        ['c2', 'Acme'],
        ['c3', 'Beta'],
        ['c4', 'Unassigned'],
        ['c5', 'Unassigned'],
        ['c6', 'ACME'],
        ['c7', 'Unassigned'],
      ]);
      // The name lives in the advertiser now; the rest of the body (flight, rate) is as it was.
      expect(linked[0]?.body).toEqual({
        data: { start: { date: '2026-01-01' }, rate: { model: 'CPM', amount: 5, currency: 'EUR' } },
      });
      expect(await db.query('select * from event_campaign_day_rollups order by campaign_id')).toEqual(before);
      await expect(db.query("update campaigns set advertiser_id = null where id = 'c1'")).rejects.toThrow();
    } finally {
      await fresh.drop();
    }
  });
});
