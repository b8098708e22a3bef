// The grains of the PostgreSQL store's figures (grains.ts): a zone whose offsets are whole hours reads
// hourly rows (UTC days by day), +05:45 and +05:30 read quarter hours, and either way the figures equal
// the 15-minute rollups' exactly, edges off the hour included; the migration sums the stored 15-minute
// rows into both grains; a batch lands in every grain in one transaction or in none. The campaign
// rollups (migration 0018) give a whole campaign's series and hour-of-week grid exactly as its live
// creatives' rows do, measurable impressions by each creative's type included.
import { type ReportZone, reportUtcRange } from '@adconsole/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { migrate } from '../../db/migrate';
import { migrations } from '../../migrations/index';
import {
  type FreshDatabase,
  freshDatabase,
  freshMigratedDatabase,
  testDatabaseKind,
} from '../../test/harness';
import { grainRowsSql, planGrains } from './grains';
import { readPeriods } from './queries/periods';
import { readRangeTotals } from './queries/range-totals';
import { readSeries } from './queries/series';
import { readTotals } from './queries/totals';
import { readWeekHours } from './queries/week-hours';
import { createPostgresEventStore, type EventStore } from './store';
import type { TrackedEvent } from './tracked-event';

const at = (iso: string) => new Date(iso);
const imported = (liveId: string, type: TrackedEvent['type'], iso: string, count: number): TrackedEvent => ({
  liveId,
  type,
  at: at(iso),
  count,
  impressionId: null,
});
/** A user and campaigns with live creatives of the given types, as publishing makes them. */
async function seedLives(db: Database, campaigns: Record<string, Record<string, 'Banner' | 'VAST'>>) {
  await db.query(
    "insert into users (id, email, first_name, last_name, role) values ('gu', 'grains@adconsole.test', 'G', 'G', 'admin') on conflict do nothing",
  );
  // Every campaign has an advertiser (docs/product.md §3), once the database has them (a test of an
  // earlier migration seeds before it).
  const [{ migrated } = { migrated: false }] = await db.query<{ migrated: boolean }>(
    "select to_regclass('advertisers') is not null as migrated",
  );
  if (migrated)
    await db.query(
      "insert into advertisers (id, owner_id, name, currency) values ('gu-advertiser', 'gu', 'Advertiser', 'USD') on conflict do nothing",
    );
  for (const [campaign, lives] of Object.entries(campaigns)) {
    await db.query(
      migrated
        ? "insert into campaigns (id, owner_id, name, body, advertiser_id) values ($1, 'gu', $1, '{}', 'gu-advertiser')"
        : "insert into campaigns (id, owner_id, name, body) values ($1, 'gu', $1, '{}')",
      [campaign],
    );
    for (const [live, type] of Object.entries(lives))
      await db.query('insert into live_creatives (id, campaign_id, snapshot) values ($1, $2, $3::jsonb)', [
        live,
        campaign,
        JSON.stringify({ id: live, name: live, type }),
      ]);
  }
}

const plan = (zone: ReportZone, from: string, to: string, unit: 'day' | 'hour') =>
  planGrains(zone, at(from), at(to), unit).map(
    (part) => `${part.grain} ${part.from.toISOString()} ${part.to.toISOString()}`,
  );

describe('the grains a read takes', () => {
  it('a whole-hour zone reads hours, across daylight saving too (America/New_York, 8 March 2026)', () => {
    const zone = { iana: 'America/New_York', offset: '-05:00' };
    expect(plan(zone, '2026-03-01T05:00:00Z', '2026-03-15T04:00:00Z', 'day')).toEqual([
      'hour 2026-03-01T05:00:00.000Z 2026-03-15T04:00:00.000Z',
    ]);
    expect(plan({ offset: '+01:00' }, '2026-03-01T23:00:00Z', '2026-03-02T23:00:00Z', 'hour')).toEqual([
      'hour 2026-03-01T23:00:00.000Z 2026-03-02T23:00:00.000Z',
    ]);
  });

  it('UTC by day reads UTC days, and hours or quarter hours only for edges off the day or the hour', () => {
    const utc = { offset: '+00:00' };
    expect(plan(utc, '2026-03-01T00:00:00Z', '2026-03-31T00:00:00Z', 'day')).toEqual([
      'day 2026-03-01T00:00:00.000Z 2026-03-31T00:00:00.000Z',
    ]);
    expect(plan(utc, '2026-03-01T10:15:00Z', '2026-03-04T22:40:00Z', 'day')).toEqual([
      'quarter 2026-03-01T10:15:00.000Z 2026-03-01T11:00:00.000Z',
      'hour 2026-03-01T11:00:00.000Z 2026-03-02T00:00:00.000Z',
      'day 2026-03-02T00:00:00.000Z 2026-03-04T00:00:00.000Z',
      'hour 2026-03-04T00:00:00.000Z 2026-03-04T22:00:00.000Z',
      'quarter 2026-03-04T22:00:00.000Z 2026-03-04T22:40:00.000Z',
    ]);
    // By hour (and the hour-of-week grid) a UTC day is no coarser than its hours.
    expect(plan(utc, '2026-03-01T00:00:00Z', '2026-03-03T00:00:00Z', 'hour')).toEqual([
      'hour 2026-03-01T00:00:00.000Z 2026-03-03T00:00:00.000Z',
    ]);
    expect(plan(utc, '2026-03-01T10:15:00Z', '2026-03-01T10:45:00Z', 'day')).toEqual([
      'quarter 2026-03-01T10:15:00.000Z 2026-03-01T10:45:00.000Z',
    ]);
  });

  it('+05:45, India (+05:30) and Lord Howe across its half-hour change read quarter hours', () => {
    const from = '2026-03-01T00:00:00Z';
    const to = '2026-04-30T00:00:00Z';
    for (const zone of [
      { offset: '+05:45' },
      { iana: 'Asia/Kathmandu', offset: '+05:45' },
      { iana: 'Asia/Kolkata', offset: '+05:30' },
      // +11:00 until 5 April 2026, then +10:30.
      { iana: 'Australia/Lord_Howe', offset: '+11:00' },
    ]) {
      expect(plan(zone, from, to, 'day')).toEqual([
        `quarter ${at(from).toISOString()} ${at(to).toISOString()}`,
      ]);
    }
    // Lord Howe's summer alone is a whole number of hours.
    expect(
      plan(
        { iana: 'Australia/Lord_Howe', offset: '+11:00' },
        '2026-01-01T13:00:00Z',
        '2026-02-01T13:00:00Z',
        'day',
      ),
    ).toEqual(['hour 2026-01-01T13:00:00.000Z 2026-02-01T13:00:00.000Z']);
  });
});

describe(`the grains of the figures' rollups (${testDatabaseKind()})`, () => {
  let fresh: FreshDatabase;
  let coarsest: EventStore;
  let quarters: EventStore;
  const lives = ['g1', 'g2', 'g3'];
  const types: TrackedEvent['type'][] = [
    'impression',
    'impression',
    'viewable',
    'click',
    'start',
    'complete',
  ];
  const start = at('2026-02-20T00:00:00Z').getTime();
  const seconds = 50 * 86_400;
  let written = 0;

  beforeAll(async () => {
    fresh = await freshMigratedDatabase();
    coarsest = createPostgresEventStore(fresh.db);
    quarters = createPostgresEventStore(fresh.db, { grains: 'quarter' });
    // g3 is a video: its measurable impressions are its viewable and not viewable ones. 'other' is
    // another campaign's live creative, written in the same batches.
    await seedLives(fresh.db, {
      gc: { g1: 'Banner', g2: 'Banner', g3: 'VAST' },
      'gc-other': { other: 'Banner' },
      'gc-atomic': { atomic: 'Banner' },
    });
    // 3,000 imported events over 50 days (8 March New York, 29 March Berlin, 5 April Lord Howe and
    // Chatham change offsets), at every minute of the hour.
    const events = Array.from({ length: 3000 }, (_, n) => {
      written += 1 + (n % 5);
      return imported(
        lives[n % 3] as string,
        types[(n * 7) % types.length] as TrackedEvent['type'],
        new Date(start + ((n * 7919 * 13) % seconds) * 1000).toISOString(),
        1 + (n % 5),
      );
    });
    // Another campaign's events in the same batches: a campaign's rollups hold its own only.
    const others = events.slice(0, 300).map((event) => ({ ...event, liveId: 'other' }));
    for (let offset = 0; offset < events.length; offset += 1000)
      await coarsest.writeBatch([
        ...events.slice(offset, offset + 1000),
        ...others.slice(offset / 10, offset / 10 + 100),
      ]);
  });
  afterAll(async () => {
    await fresh?.drop();
  });

  const zones: ReportZone[] = [
    { offset: '+00:00' },
    { iana: 'America/New_York', offset: '-05:00' },
    { iana: 'Europe/Berlin', offset: '+01:00' },
    { offset: '+05:45' },
    { iana: 'Asia/Kolkata', offset: '+05:30' },
    { offset: '-03:30' },
    { iana: 'Pacific/Chatham', offset: '+13:45' },
    { iana: 'Australia/Lord_Howe', offset: '+11:00' },
    { offset: '+14:00' },
  ];
  const byKey = <T extends object>(rows: T[]) => rows.map((row) => JSON.stringify(row)).sort();

  it("an empty plan of grains (a range split into no parts) is SQL that reads no rows, never 'from ()'", async () => {
    const param = (_value: unknown, type: string) => `null::${type}`;
    for (const source of [{ liveIdsParam: '$1::text[]' }, { campaignIdParam: '$1::text' }] as const) {
      const sql = grainRowsSql([], ['impressions', 'clicks'], source, param);
      const params = ['liveIdsParam' in source ? lives : 'gc'];
      expect(await fresh.db.query(`select * from (${sql}) as grains`, params)).toEqual([]);
    }
  });

  it('a read of an empty range (its start at or after its end) answers no rows, never malformed SQL', async () => {
    const from = at('2026-03-02T00:00:00Z');
    const before = at('2026-03-01T00:00:00Z');
    const zone = { iana: 'Europe/Berlin', offset: '+01:00' };
    for (const [start, end] of [
      [from, from],
      [from, before],
    ] as const) {
      for (const store of [coarsest, quarters]) {
        expect(await readSeries(store, lives, start, end, zone, 'day', { bannerIds: ['g1', 'g2'] })).toEqual(
          [],
        );
        expect(
          await readSeries(store, lives, start, end, zone, 'hour', { bannerIds: [], campaignId: 'gc' }),
        ).toEqual([]);
        expect(await readWeekHours(store, lives, start, end, zone)).toEqual([]);
        expect(await readPeriods(store, lives, start, end, zone, 'day')).toEqual([]);
      }
    }
  });

  it('every zone, by day and by hour, edges off the hour included: the same figures as the 15-minute rollups', async () => {
    let compared = 0;
    for (const zone of zones) {
      const ranges = [
        reportUtcRange({ start: '2026-02-21', end: '2026-04-08' }, zone),
        { from: at('2026-02-20T00:00:00Z'), to: at('2026-04-11T00:00:00Z') },
        { from: at('2026-02-21T10:15:00Z'), to: at('2026-04-08T17:45:00Z') },
        { from: at('2026-03-07T23:00:00Z'), to: at('2026-03-09T05:00:00Z') },
        { from: at('2026-03-01T10:15:00Z'), to: at('2026-03-01T10:45:00Z') },
      ];
      for (const { from, to } of ranges) {
        for (const unit of ['day', 'hour'] as const) {
          const expected = await readPeriods(quarters, lives, from, to, zone, unit);
          expect(byKey(await readPeriods(coarsest, lives, from, to, zone, unit))).toEqual(byKey(expected));
          compared += expected.length;
        }
        const cells = await readWeekHours(quarters, lives, from, to, zone);
        expect(byKey(await readWeekHours(coarsest, lives, from, to, zone))).toEqual(byKey(cells));
      }
      // The whole range holds every event written.
      const all = await readPeriods(
        coarsest,
        lives,
        at('2026-02-19T00:00:00Z'),
        at('2026-04-12T00:00:00Z'),
        zone,
        'day',
      );
      const counted = all.reduce(
        (sum, row) =>
          sum + row.impressions + row.viewable + row.clicks + row.videoStarts + row.videoCompletes,
        0,
      );
      expect(counted).toBe(written);
    }
    expect(compared).toBeGreaterThan(10_000);
  });

  it("a whole campaign's series and hour-of-week grid from its own rollups: the same as its live creatives' rows, in five kinds of zone, by day and by hour", async () => {
    const bannerIds = ['g1', 'g2'];
    const seriesKey = (rows: { period: string }[]) =>
      rows.map((row) => JSON.stringify(Object.entries({ ...row, liveId: '' }).sort())).sort();
    let compared = 0;
    // A whole-hour zone across its spring change, a fixed quarter-hour one, half-hour and quarter-hour
    // daylight saving, UTC (its daily rows); the long ranges cross New York's and Lord Howe's changes.
    const campaignZones = zones.filter((zone) =>
      ['+00:00', '+05:45', 'America/New_York', 'Australia/Lord_Howe', 'Pacific/Chatham'].includes(
        zone.iana ?? zone.offset,
      ),
    );
    expect(campaignZones).toHaveLength(5);
    for (const zone of campaignZones) {
      for (const { from, to } of [
        reportUtcRange({ start: '2026-02-21', end: '2026-04-08' }, zone),
        { from: at('2026-02-21T10:15:00Z'), to: at('2026-04-08T17:45:00Z') },
      ]) {
        for (const unit of ['day', 'hour'] as const) {
          const campaign = await readSeries(coarsest, lives, from, to, zone, unit, {
            bannerIds,
            campaignId: 'gc',
          });
          // The reference: the 15-minute rows of the live creatives, summed by period here.
          const byPeriod = new Map<string, Record<string, number>>();
          for (const row of await readPeriods(quarters, lives, from, to, zone, unit)) {
            const { liveId, period, ...counters } = row;
            const sum = byPeriod.get(period) ?? { measurable: 0 };
            for (const [key, value] of Object.entries(counters)) sum[key] = (sum[key] ?? 0) + value;
            sum.measurable =
              (sum.measurable ?? 0) +
              (bannerIds.includes(liveId) ? row.impressions : row.viewable + row.notViewable);
            byPeriod.set(period, sum);
          }
          const expected = [...byPeriod].map(([period, sum]) => ({ liveId: '', period, ...sum }));
          expect(seriesKey(campaign)).toEqual(seriesKey(expected));
          // The live creatives' rows read without the campaign give the same.
          expect(seriesKey(await readSeries(coarsest, lives, from, to, zone, unit, { bannerIds }))).toEqual(
            seriesKey(expected),
          );
          compared += campaign.length;
        }
        expect(byKey(await readWeekHours(coarsest, lives, from, to, zone, 'gc'))).toEqual(
          byKey(await readWeekHours(quarters, lives, from, to, zone)),
        );
      }
    }
    expect(compared).toBeGreaterThan(2_000);
  });

  it("each live creative's totals over a range, edges off the hour included, are its 15-minute rows' sums", async () => {
    for (const { from, to } of [
      { from: at('2026-02-20T00:00:00Z'), to: at('2026-04-11T00:00:00Z') },
      { from: at('2026-02-21T10:15:00Z'), to: at('2026-04-08T17:45:00Z') },
      { from: at('2026-03-01T10:15:00Z'), to: at('2026-03-01T10:45:00Z') },
    ]) {
      const expected = new Map<string, Record<string, number>>();
      for (const { liveId, period: _period, ...counters } of await readPeriods(
        quarters,
        lives,
        from,
        to,
        { offset: '+00:00' },
        'hour',
      )) {
        const sum = expected.get(liveId) ?? {};
        for (const [key, value] of Object.entries(counters)) sum[key] = (sum[key] ?? 0) + value;
        expected.set(liveId, sum);
      }
      expect(await readRangeTotals(coarsest, lives, from, to)).toEqual(expected);
    }
  });

  it('a whole-hour zone reads the hourly rows, +05:45 the 15-minute ones, a UTC day the daily ones', async () => {
    await coarsest.writeBatch([
      imported('tamper', 'impression', '2026-03-10T10:20:00Z', 1),
      imported('tamper', 'impression', '2026-03-10T10:50:00Z', 2),
    ]);
    const from = at('2026-03-10T00:00:00Z');
    const to = at('2026-03-11T00:00:00Z');
    const impressions = async (store: EventStore, zone: ReportZone, unit: 'day' | 'hour') =>
      (await readPeriods(store, ['tamper'], from, to, zone, unit)).reduce(
        (sum, row) => sum + row.impressions,
        0,
      );
    // Each grain's rows told apart: the 15-minute rows say 3 + 100, the hourly ones 3 + 10, the daily 3.
    await fresh.db.query("update event_rollups set impressions = impressions + 50 where live_id = 'tamper'");
    await fresh.db.query(
      "update event_hour_rollups set impressions = impressions + 10 where live_id = 'tamper'",
    );
    expect(await impressions(quarters, { iana: 'Europe/Berlin', offset: '+01:00' }, 'day')).toBe(103);
    expect(await impressions(coarsest, { iana: 'Europe/Berlin', offset: '+01:00' }, 'day')).toBe(13);
    expect(await impressions(coarsest, { offset: '+00:00' }, 'hour')).toBe(13);
    expect(await impressions(coarsest, { offset: '+00:00' }, 'day')).toBe(3);
    expect(await impressions(coarsest, { offset: '+05:45' }, 'day')).toBe(103);
    expect(await impressions(coarsest, { iana: 'Asia/Kolkata', offset: '+05:30' }, 'hour')).toBe(103);
    const cells = await readWeekHours(coarsest, ['tamper'], from, to, {
      iana: 'Europe/Berlin',
      offset: '+01:00',
    });
    expect(cells).toEqual([{ weekday: 1, hour: 11, impressions: 13, clicks: 0 }]);
  });

  it("a whole campaign's series reads the campaign's rows, a part of it its live creatives' rows", async () => {
    await seedLives(fresh.db, { 'gc-tamper': { t1: 'Banner', t2: 'Banner' } });
    await coarsest.writeBatch([
      imported('t1', 'impression', '2026-03-10T10:20:00Z', 1),
      imported('t2', 'impression', '2026-03-10T10:50:00Z', 2),
    ]);
    await fresh.db.query(
      "update event_campaign_hour_rollups set impressions = impressions + 100 where campaign_id = 'gc-tamper'",
    );
    const from = at('2026-03-10T00:00:00Z');
    const to = at('2026-03-11T00:00:00Z');
    const berlin = { iana: 'Europe/Berlin', offset: '+01:00' };
    const series = (ids: string[], campaignId?: string) =>
      readSeries(coarsest, ids, from, to, berlin, 'day', { bannerIds: ids, campaignId });
    expect((await series(['t1', 't2'], 'gc-tamper'))[0]).toMatchObject({ impressions: 103 });
    expect((await series(['t1', 't2']))[0]).toMatchObject({ impressions: 3, measurable: 3 });
    expect((await series(['t1']))[0]).toMatchObject({ impressions: 1 });
    expect(await readWeekHours(coarsest, ['t1', 't2'], from, to, berlin, 'gc-tamper')).toEqual([
      { weekday: 1, hour: 11, impressions: 103, clicks: 0 },
    ]);
    // The 15-minute reference never reads the campaign's rows.
    expect(
      (
        await readSeries(quarters, ['t1', 't2'], from, to, berlin, 'day', {
          bannerIds: [],
          campaignId: 'gc-tamper',
        })
      )[0],
    ).toMatchObject({ impressions: 3 });
  });

  it('a batch lands in the 15-minute, hourly and daily rollups, by live creative and by campaign, together, or in none of them', async () => {
    const rows = async () =>
      Promise.all(
        [
          'event_rollups',
          'event_hour_rollups',
          'event_day_rollups',
          'event_campaign_rollups',
          'event_campaign_hour_rollups',
          'event_campaign_day_rollups',
        ].map((table) =>
          fresh.db.query<{ bucket: Date; impressions: string; clicks: string }>(
            `select bucket, impressions::text, clicks::text from ${table}
              where ${table.includes('campaign') ? "campaign_id = 'gc-atomic'" : "live_id = 'atomic'"} order by bucket`,
          ),
        ),
      );
    await coarsest.writeBatch([
      imported('atomic', 'impression', '2026-05-01T10:05:00Z', 2),
      imported('atomic', 'impression', '2026-05-01T10:35:00Z', 3),
      imported('atomic', 'click', '2026-05-01T23:59:00Z', 1),
    ]);
    const after = await rows();
    const shown = after.map((table) =>
      table.map((row) => `${new Date(row.bucket).toISOString()} ${row.impressions} ${row.clicks}`),
    );
    const grains = [
      ['2026-05-01T10:00:00.000Z 2 0', '2026-05-01T10:30:00.000Z 3 0', '2026-05-01T23:45:00.000Z 0 1'],
      ['2026-05-01T10:00:00.000Z 5 0', '2026-05-01T23:00:00.000Z 0 1'],
      ['2026-05-01T00:00:00.000Z 5 1'],
    ];
    // By live creative, then the same by its campaign.
    expect(shown).toEqual([...grains, ...grains]);
    // The campaign's daily grain (the statement's last insert) refuses the next batch: nothing of it is
    // kept, in any grain, nor its raw events.
    const [{ count: eventsBefore } = { count: '' }] = await fresh.db.query<{ count: string }>(
      "select count(*)::text as count from events where live_id = 'atomic'",
    );
    await fresh.db.exec(
      'alter table event_campaign_day_rollups add constraint test_refuses check (impressions < 1000)',
    );
    try {
      await expect(
        coarsest.writeBatch([
          imported('atomic', 'impression', '2026-05-01T11:00:00Z', 1),
          imported('atomic', 'impression', '2026-05-02T11:00:00Z', 1000),
        ]),
      ).rejects.toThrow(/test_refuses/);
    } finally {
      await fresh.db.exec('alter table event_campaign_day_rollups drop constraint test_refuses');
    }
    expect(await rows()).toEqual(after);
    const [{ count: eventsAfter } = { count: '' }] = await fresh.db.query<{ count: string }>(
      "select count(*)::text as count from events where live_id = 'atomic'",
    );
    expect(eventsAfter).toBe(eventsBefore);
    expect((await readTotals(coarsest, ['atomic'])).get('atomic')).toMatchObject({
      impressions: 5,
      clicks: 1,
    });
  });
});

describe(`migration 0017 (${testDatabaseKind()})`, () => {
  it('sums the 15-minute rollups already stored into hours and UTC days', async () => {
    const fresh = await freshDatabase();
    try {
      const before = migrations.filter((migration) => migration.name < '0017');
      // The data migrated here is what stood before 0017; every later migration runs on top of it.
      expect(migrations[before.length]?.name).toBe('0017_rollup_grains');
      await migrate(fresh.db, before);
      await fresh.db.exec(`
        insert into event_rollups (live_id, bucket, impressions, clicks, loads) values
          ('m1', '2026-06-01T09:45:00Z', 1, 0, 0),
          ('m1', '2026-06-01T10:00:00Z', 2, 1, 0),
          ('m1', '2026-06-01T10:15:00Z', 4, 0, 7),
          ('m1', '2026-06-01T10:45:00Z', 8, 2, 0),
          ('m1', '2026-06-01T23:45:00Z', 16, 0, 0),
          ('m1', '2026-06-02T00:00:00Z', 32, 0, 0),
          ('m2', '2026-06-01T10:30:00Z', 64, 4, 0);
      `);
      await migrate(fresh.db);
      const read = (table: string) =>
        fresh.db.query<{ live_id: string; bucket: Date; impressions: string; clicks: string; loads: string }>(
          `select live_id, bucket, impressions::text, clicks::text, loads::text from ${table} order by live_id, bucket`,
        );
      const shown = (rows: Awaited<ReturnType<typeof read>>) =>
        rows.map(
          (r) => `${r.live_id} ${new Date(r.bucket).toISOString()} ${r.impressions} ${r.clicks} ${r.loads}`,
        );
      expect(shown(await read('event_hour_rollups'))).toEqual([
        'm1 2026-06-01T09:00:00.000Z 1 0 0',
        'm1 2026-06-01T10:00:00.000Z 14 3 7',
        'm1 2026-06-01T23:00:00.000Z 16 0 0',
        'm1 2026-06-02T00:00:00.000Z 32 0 0',
        'm2 2026-06-01T10:00:00.000Z 64 4 0',
      ]);
      expect(shown(await read('event_day_rollups'))).toEqual([
        'm1 2026-06-01T00:00:00.000Z 31 3 7',
        'm1 2026-06-02T00:00:00.000Z 32 0 0',
        'm2 2026-06-01T00:00:00.000Z 64 4 0',
      ]);
      // The same sums by SQL over the 15-minute rows, every counter.
      const [mismatch] = await fresh.db.query<{ count: string }>(`
        select count(*)::text as count from (
          select live_id, date_bin('1 hour', bucket, timestamptz '2000-01-01 00:00:00+00') as bucket,
                 sum(impressions) i, sum(clicks) c, sum(loads) l from event_rollups group by 1, 2
        ) q full join event_hour_rollups h using (live_id, bucket)
        where q.i is distinct from h.impressions or q.c is distinct from h.clicks or q.l is distinct from h.loads`);
      expect(mismatch?.count).toBe('0');
    } finally {
      await fresh.drop();
    }
  });
});

describe(`migration 0018 (${testDatabaseKind()})`, () => {
  it("sums the rollups already stored by campaign, every grain, measurable impressions by each live creative's type", async () => {
    const fresh = await freshDatabase();
    try {
      await migrate(
        fresh.db,
        migrations.filter((migration) => migration.name < '0018'),
      );
      await seedLives(fresh.db, { m: { m1: 'Banner', m2: 'VAST' }, n: { n1: 'Banner' } });
      await fresh.db.exec(`
        insert into event_rollups (live_id, bucket, impressions, viewable, not_viewable, clicks) values
          ('m1', '2026-06-01T09:45:00Z', 1, 1, 0, 0),
          ('m1', '2026-06-01T10:15:00Z', 2, 0, 1, 1),
          ('m2', '2026-06-01T10:30:00Z', 4, 1, 1, 0),
          ('m2', '2026-06-02T00:00:00Z', 8, 3, 0, 2),
          ('n1', '2026-06-01T10:30:00Z', 16, 0, 0, 0),
          ('gone', '2026-06-01T10:30:00Z', 32, 0, 0, 0);
      `);
      await migrate(fresh.db);
      const read = (table: string) =>
        fresh.db.query<{
          campaign_id: string;
          bucket: Date;
          impressions: string;
          clicks: string;
          measurable: string;
        }>(
          `select campaign_id, bucket, impressions::text, clicks::text, measurable::text from ${table} order by campaign_id, bucket`,
        );
      const shown = (rows: Awaited<ReturnType<typeof read>>) =>
        rows.map(
          (r) =>
            `${r.campaign_id} ${new Date(r.bucket).toISOString()} ${r.impressions} ${r.clicks} ${r.measurable}`,
        );
      // m2 is a video: 4 impressions of which 2 measurable, then 8 of which 3.
      expect(shown(await read('event_campaign_rollups'))).toEqual([
        'm 2026-06-01T09:45:00.000Z 1 0 1',
        'm 2026-06-01T10:15:00.000Z 2 1 2',
        'm 2026-06-01T10:30:00.000Z 4 0 2',
        'm 2026-06-02T00:00:00.000Z 8 2 3',
        'n 2026-06-01T10:30:00.000Z 16 0 16',
      ]);
      expect(shown(await read('event_campaign_hour_rollups'))).toEqual([
        'm 2026-06-01T09:00:00.000Z 1 0 1',
        'm 2026-06-01T10:00:00.000Z 6 1 4',
        'm 2026-06-02T00:00:00.000Z 8 2 3',
        'n 2026-06-01T10:00:00.000Z 16 0 16',
      ]);
      expect(shown(await read('event_campaign_day_rollups'))).toEqual([
        'm 2026-06-01T00:00:00.000Z 7 1 5',
        'm 2026-06-02T00:00:00.000Z 8 2 3',
        'n 2026-06-01T00:00:00.000Z 16 0 16',
      ]);
    } finally {
      await fresh.drop();
    }
  });
});
