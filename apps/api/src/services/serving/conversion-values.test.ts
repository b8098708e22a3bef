// Conversions, serving side (docs/conversions.md): values summed exactly in the action's currency's minor unit, the
// malformed conversions refused with nothing stored, and the ledger and the figures kept consistent (one
// transaction: a failed write leaves neither, the retry counts once).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ConversionWorld,
  clickId,
  conversionWorld,
  ledgerOf,
  newAction,
  postback,
} from '../../test/conversions-world';
import { testEventsKind, testStoresLabel } from '../../test/harness';

describe(`conversions: values, refusals and consistency, on ${testStoresLabel()}`, () => {
  let world: ConversionWorld;
  beforeAll(async () => {
    world = await conversionWorld();
  }, 60_000);
  afterAll(() => world.close());

  /** The event store's conversion counters of a live creative (the PostgreSQL store's totals). */
  const totals = async (liveId: string) => {
    const [row] = await world.server.db.query<{ conversions: string; conversion_value: string }>(
      'select conversions, conversion_value from event_totals where live_id = $1',
      [liveId],
    );
    return { conversions: Number(row?.conversions ?? 0), value: Number(row?.conversion_value ?? 0) };
  };

  it('value sums exact: 19.99 + 0.01 + 1234.56 USD = 1254.56, 125,456 cents in the ledger and the figures', async () => {
    const action = await newAction(world, world.campaignA);
    const before = await totals(world.liveA2);
    for (const value of ['19.99', '0.01', '1234.56']) {
      const id = await clickId(world, world.liveA2);
      expect((await postback(world, action, { click: id, value, currency: 'USD' })).body.counted).toBe(true);
    }
    const rows = await ledgerOf(world, action);
    expect(rows.reduce((sum, row) => sum + Number(row.value_minor), 0)).toBe(125_456);
    if (testEventsKind() === 'main database') {
      expect(await totals(world.liveA2)).toEqual({
        conversions: before.conversions + 3,
        value: before.value + 125_456,
      });
    }
  });

  it('a conversion of value 0 (or none) counts one conversion and writes no value event', async () => {
    const action = await newAction(world, world.campaignA, { counting: 'every' });
    const id = await clickId(world, world.liveA);
    const answer = await postback(world, action, { click: id });
    expect(answer.body.counted).toBe(true);
    if (testEventsKind() === 'main database') {
      const events = await world.server.db.query<{ type: string }>(
        'select type from events where impression_id = $1',
        [answer.body.id],
      );
      // The conversion and where it came from (a postback without the action's key), no value event.
      expect(events.map((event) => event.type).sort()).toEqual(['conversion', 'conversionUnsigned']);
    }
  });

  it('JPY has no minor unit: 1500 is 1,500; 1500.00 too; 1500.5 is refused', async () => {
    const action = await newAction(world, world.campaignA, { currency: 'JPY' });
    const id = await clickId(world, world.liveA);
    for (const value of ['1500', '1500.00']) {
      const answer = await postback(world, action, { click: id, value, currency: 'JPY' });
      expect(answer.body.counted).toBe(true);
    }
    const refused = await postback(world, action, { click: id, value: '1500.5' });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      status: 400,
      message: 'A JPY value is a whole number (the currency has no minor unit).',
    });
    const rows = await ledgerOf(world, action);
    expect(rows.map((row) => Number(row.value_minor))).toEqual([1500, 1500]);
  });

  it('KWD has three decimals: 12.345 is 12,345 fils; 1.2345 is refused', async () => {
    const action = await newAction(world, world.campaignA, { currency: 'KWD' });
    const id = await clickId(world, world.liveA);
    expect((await postback(world, action, { click: id, value: '12.345' })).body.counted).toBe(true);
    const refused = await postback(world, action, { click: id, value: '1.2345' });
    expect(refused.body.message).toBe('A KWD value has at most 3 decimals.');
    expect((await ledgerOf(world, action)).map((row) => Number(row.value_minor))).toEqual([12_345]);
  });

  it('bad input is refused (400 in the error envelope, its message) and nothing is stored', async () => {
    const action = await newAction(world, world.campaignA);
    const id = await clickId(world, world.liveA);
    const cases: [Record<string, string | string[] | undefined>, string][] = [
      [{}, 'Send the click id'],
      [{ click: '' }, 'Send the click id'],
      [{ click: 'not-a-click-id' }, 'The click id is not one'],
      [{ click: `${id}x.y` }, 'The click id is not one'],
      [{ click: Array.from({ length: 11 }, () => id) }, 'The click id is not one'],
      [{ click: id, value: '-5' }, 'The value cannot be negative.'],
      [{ click: id, value: '1,50' }, 'The value must be an amount'],
      [{ click: id, value: '1e3' }, 'The value must be an amount'],
      [{ click: id, value: '12.999' }, 'A USD value has at most 2 decimals.'],
      [{ click: id, value: '99999999999' }, 'The value is too large for one conversion.'],
      [{ click: id, value: '10', currency: 'EUR' }, 'This conversion action counts its value in USD'],
      [{ click: id, order: 'x'.repeat(129) }, 'The order id is at most 128 characters.'],
    ];
    for (const [fields, message] of cases) {
      const answer = await postback(world, action, fields);
      expect(answer.status, JSON.stringify(fields).slice(0, 80)).toBe(400);
      expect(answer.body).toMatchObject({ status: 400, code: expect.any(String) });
      expect(String(answer.body.message)).toContain(message);
    }
    expect(await ledgerOf(world, action)).toEqual([]);
    // An order id of exactly 128 characters and the action's currency in lower case are taken.
    const taken = await postback(world, action, { click: id, order: 'x'.repeat(128), currency: 'usd' });
    expect(taken.body.counted).toBe(true);
  });

  it("serves the conversion tag /serve/conv.js (the built ad runtime's conv.js), revalidated by its ETag", async () => {
    const answer = await fetch(`${world.server.url}/serve/conv.js`);
    expect(answer.status, 'build the packages first: pnpm build').toBe(200);
    expect(answer.headers.get('content-type')).toContain('javascript');
    expect(await answer.text()).toContain('adconsole_click');
    const etag = answer.headers.get('etag') ?? '';
    const again = await fetch(`${world.server.url}/serve/conv.js`, { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
  });

  it('the routes are in /api/openapi.json from the serving contract', async () => {
    const openapi = await (await fetch(`${world.server.url}/api/openapi.json`)).json();
    expect(Object.keys(openapi.paths)).toEqual(
      expect.arrayContaining(['/serve/conv/{action}', '/serve/conv.js']),
    );
    expect(Object.keys(openapi.paths['/serve/conv/{action}'])).toEqual(
      expect.arrayContaining(['get', 'post']),
    );
  });

  it.runIf(testEventsKind() === 'main database')(
    'nothing half-written: when the events cannot be written the ledger row is not either (500); the retry counts once',
    async () => {
      const action = await newAction(world, world.campaignA);
      const id = await clickId(world, world.liveA);
      const before = await totals(world.liveA);
      await world.server.db.exec(`
        create function refuse_conversion() returns trigger language plpgsql as $$
          begin raise exception 'the event store is down'; end $$;
        create trigger refuse_conversion before insert on events for each row
          when (new.type = 'conversion') execute function refuse_conversion();`);
      try {
        const failed = await postback(world, action, { click: id, value: '25.00', order: 'RETRY-1' });
        expect(failed.status).toBe(500);
        expect(await ledgerOf(world, action)).toEqual([]);
        expect(await totals(world.liveA)).toEqual(before);
      } finally {
        await world.server.db.exec(
          'drop trigger refuse_conversion on events; drop function refuse_conversion();',
        );
      }
      // The advertiser's server sends it again: counted once, and again only as a duplicate (under
      // "every" a sender without the action's key reads it as counted within the click's cap; the
      // counts keep 'duplicate-order').
      expect(
        (await postback(world, action, { click: id, value: '25.00', order: 'RETRY-1' })).body.counted,
      ).toBe(true);
      expect(
        (await postback(world, action, { click: id, value: '25.00', order: 'RETRY-1' })).body.reason,
      ).toBeNull();
      expect(await totals(world.liveA)).toEqual({
        conversions: before.conversions + 1,
        value: before.value + 2500,
      });
      expect((await ledgerOf(world, action)).map((row) => row.reason)).toEqual([null]);
      const [repeat] = await world.server.db.query<{ reason: string }>(
        'select reason from conversion_refusals where action_id = $1',
        [action],
      );
      expect(repeat?.reason).toBe('duplicate-order');
    },
  );
});
