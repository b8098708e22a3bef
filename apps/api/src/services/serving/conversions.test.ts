// Conversions, serving side (docs/conversions.md): the signed click id every counted click adds
// to the landing page, and the postback's counting rules, each test named after its rule, over real HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ConversionWorld,
  clickId,
  clickIdIn,
  clickOn,
  conversionWorld,
  ledgerOf,
  local,
  newAction,
  oneBrowser,
  postback,
} from '../../test/conversions-world';
import { testEventsKind, testStoresLabel } from '../../test/harness';
import { BROWSER_USER_AGENT } from '../../test/helpers';
import { parseClickId } from './signing';

const DAY = 24 * 60 * 60 * 1000;
const BOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

/** The click id with one field of its signed body changed (its signature kept). */
function tampered(id: string, change: (fields: string[]) => void): string {
  const [version, encoded, signature] = id.split('.');
  const parsed = parseClickId(id);
  if (!parsed) throw new Error(`not a click id: ${id}`);
  const fields = [
    parsed.liveId,
    parsed.campaignId,
    parsed.impressionId,
    parsed.clickedAt.toString(36),
    parsed.dims,
  ];
  change(fields);
  const body = fields.map((field) => `${field.length}:${field}`).join('|');
  expect(encoded).not.toBe(Buffer.from(body).toString('base64url'));
  return `${version}.${Buffer.from(body).toString('base64url')}.${signature}`;
}

describe(`conversions: click ids and counting, on ${testStoresLabel()}`, () => {
  let world: ConversionWorld;
  beforeAll(async () => {
    world = await conversionWorld();
  }, 60_000);
  afterAll(() => world.close());

  describe('the click id on the landing page', () => {
    it('a counted click redirects to the landing page with a signed click id, its UTM parameters and fragment kept, a stale adc_click replaced', async () => {
      const location = await clickOn(world, world.liveA);
      const id = clickIdIn(location);
      expect(location).toBe(
        `https://advertiser.example/landing?utm_source=adconsole&utm_medium=display&adc_click=${id}#offer`,
      );
      expect(id).toMatch(/^c1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{22}$/);
      expect(parseClickId(id)).toMatchObject({
        liveId: world.liveA,
        campaignId: world.campaignA,
        clickedAt: world.clock.now,
      });
    });

    it("the campaign's click parameter names it (campaigns.click_param), the rest of the landing URL as written", async () => {
      const location = await clickOn(world, world.liveB);
      const url = new URL(location);
      expect(url.searchParams.get('ref_click')).toMatch(/^c1\./);
      expect(url.searchParams.get('adc_click')).toBe('stale');
      expect(url.searchParams.get('utm_source')).toBe('adconsole');
    });

    it("through the platform's click prefix, the landing page it passes on carries the click id", async () => {
      const prefix = 'https://adclick.g.doubleclick.net/pcs/click?xai=AKAOj&adurl=';
      const location = await clickOn(world, world.liveA, { prefix });
      expect(location.startsWith(prefix)).toBe(true);
      const landing = decodeURIComponent(location.slice(prefix.length));
      expect(landing).toMatch(
        /^https:\/\/advertiser\.example\/landing\?utm_source=adconsole&utm_medium=display&adc_click=c1\.[^&#]+#offer$/,
      );
      expect(parseClickId(clickIdIn(landing))?.liveId).toBe(world.liveA);
    });

    it('VAST: the ClickThrough goes through our click redirect, so a video click gets a click id too', async () => {
      const browser = oneBrowser();
      const xml = await (await browser(`${world.server.url}/serve/vast/${world.vastA}.xml`)).text();
      const cdata = (element: string) =>
        [
          ...xml.matchAll(new RegExp(`<${element}(?: [^>]*)?><!\\[CDATA\\[(.*?)\\]\\]></${element}>`, 'g')),
        ].map((match) => match[1] ?? '');
      const [clickThrough = ''] = cdata('ClickThrough');
      expect(clickThrough).toContain(`/serve/click/${world.vastA}?`);
      for (const url of cdata('Impression').slice(0, 1)) await browser(local(world, url));
      const answer = await browser(local(world, clickThrough));
      expect(answer.status).toBe(302);
      expect(parseClickId(clickIdIn(answer.headers.get('location') ?? ''))?.liveId).toBe(world.vastA);
    });
  });

  describe('the rules, each with its ledger row', () => {
    let action = '';
    beforeAll(async () => {
      action = await newAction(world, world.campaignA);
    });

    it('id verifies: a click id of a counted click converts: counted, in the ledger with its click, and as events', async () => {
      const id = await clickId(world, world.liveA);
      const answer = await postback(world, action, { click: id, value: '49.99', order: 'A-1001' });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ id: expect.any(String), counted: true, reason: null, signed: false });
      const [row] = await world.server.db.query<Record<string, unknown>>(
        'select * from conversions where id = $1',
        [answer.body.id],
      );
      expect(row).toMatchObject({
        action_id: action,
        campaign_id: world.campaignA,
        live_id: world.liveA,
        reason: null,
        currency: 'USD',
        source: 'postback',
      });
      expect(Number(row?.value_minor)).toBe(4999);
      expect(row?.creative_id).toEqual(expect.any(String));
      expect(new Date(row?.clicked_at as Date).getTime()).toBe(world.clock.now);
      // Privacy: the order id only as an HMAC; no address, no user agent anywhere in the row.
      expect(row?.order_hash).not.toContain('A-1001');
      expect(Object.keys(row ?? {})).not.toEqual(expect.arrayContaining(['ip']));
      if (testEventsKind() === 'main database') {
        const events = await world.server.db.query<{ type: string; count: number; live_id: string }>(
          'select type, count, live_id from events where impression_id = $1 order by type',
          [answer.body.id],
        );
        expect(events).toEqual([
          { type: 'conversion', count: 1, live_id: world.liveA },
          { type: 'conversionUnsigned', count: 1, live_id: world.liveA },
          { type: 'conversionValue', count: 4999, live_id: world.liveA },
        ]);
      }
    });

    it('forged: a click id whose signature is not ours is refused as forged, never counted', async () => {
      const id = await clickId(world, world.liveA);
      const forged = `${id.slice(0, -1)}${id.endsWith('A') ? 'B' : 'A'}`;
      expect((await postback(world, action, { click: forged })).body).toMatchObject({
        counted: false,
        reason: 'forged',
      });
    });

    it('forged: a click id with a field changed (its time, its live creative) does not verify', async () => {
      const id = await clickId(world, world.liveA);
      const earlier = tampered(id, (fields) => {
        fields[3] = (Number.parseInt(fields[3] ?? '0', 36) + DAY).toString(36);
      });
      const moved = tampered(id, (fields) => {
        fields[0] = world.liveA2;
      });
      for (const click of [earlier, moved]) {
        expect((await postback(world, action, { click })).body).toMatchObject({
          counted: false,
          reason: 'forged',
        });
      }
    });

    it("wrong-campaign: a click id moved to another campaign's action is not counted; moving the campaign inside it breaks the signature", async () => {
      const idB = clickIdIn(await clickOn(world, world.liveB), 'ref_click');
      expect((await postback(world, action, { click: idB })).body).toMatchObject({
        reason: 'wrong-campaign',
      });
      const rewritten = tampered(idB, (fields) => {
        fields[1] = world.campaignA;
      });
      expect((await postback(world, action, { click: rewritten })).body).toMatchObject({ reason: 'forged' });
    });

    it('invalid-click: a click by a bot carries an id that never attributes', async () => {
      const id = await clickId(world, world.liveA, { clickAs: BOT });
      expect((await postback(world, action, { click: id })).body).toMatchObject({ reason: 'invalid-click' });
    });

    it('invalid-click: a click the event store judged invalid (no impression before it) never attributes', async () => {
      const id = await clickId(world, world.liveA, { impression: false });
      expect((await postback(world, action, { click: id })).body).toMatchObject({ reason: 'invalid-click' });
    });

    it('unknown-action: an action that does not exist, or is archived, counts nothing', async () => {
      const id = await clickId(world, world.liveA);
      expect((await postback(world, 'no-such-action', { click: id })).body).toMatchObject({
        reason: 'unknown-action',
      });
      const archived = await newAction(world, world.campaignA);
      await world.server.db.query('update conversion_actions set archived_at = now() where id = $1', [
        archived,
      ]);
      expect((await postback(world, archived, { click: id })).body).toMatchObject({
        reason: 'unknown-action',
      });
    });

    it('duplicate-order: an order counts once per action, whichever click brings it again (the counts keep duplicate-order; under "every" an unsigned sender within the click\'s cap reads a repeat as counted)', async () => {
      const first = await clickId(world, world.liveA);
      const second = await clickId(world, world.liveA2);
      expect((await postback(world, action, { click: first, order: 'ORD-7' })).body.counted).toBe(true);
      expect((await postback(world, action, { click: first, order: 'ORD-7' })).body).toMatchObject({
        counted: true,
        reason: null,
      });
      const again = await postback(world, action, { click: second, order: 'ORD-7' });
      expect(again.body).toMatchObject({ counted: true, reason: null });
      const ledger = await ledgerOf(world, action);
      expect(ledger.filter((row) => row.order_hash !== null && row.reason === null)).toHaveLength(
        new Set(ledger.flatMap((row) => (row.order_hash === null ? [] : [row.order_hash]))).size,
      );
      const [counted] = await world.server.db.query<{ n: string }>(
        "select sum(count) as n from conversion_refusals where action_id = $1 and reason = 'duplicate-order'",
        [action],
      );
      expect(Number(counted?.n)).toBe(2);
      // Another action counts the same order id for itself.
      const other = await newAction(world, world.campaignA);
      expect((await postback(world, other, { click: first, order: 'ORD-7' })).body.counted).toBe(true);
    });

    it('duplicate-order: the same order sent twice at once counts once (one batch, the unique index decides)', async () => {
      const id = await clickId(world, world.liveA);
      const answers = await Promise.all(
        [1, 2, 3].map(() => postback(world, action, { click: id, order: 'ORD-RACE', value: '10' })),
      );
      const ledger = await ledgerOf(world, action);
      expect(ledger.filter((row) => answers.some((answer) => answer.body.id === row.id))).toHaveLength(1);
      // Under "every", an unsigned sender within the click's cap reads all three alike.
      expect(answers.map((answer) => answer.body.counted)).toEqual([true, true, true]);
    });

    it("one-per-click: under 'one-per-click' a click converts once per action (duplicate-click); under 'every' each conversion counts", async () => {
      const once = await newAction(world, world.campaignA, { counting: 'one-per-click' });
      const every = await newAction(world, world.campaignA, { counting: 'every' });
      const id = await clickId(world, world.liveA);
      expect((await postback(world, once, { click: id })).body.counted).toBe(true);
      expect((await postback(world, once, { click: id, order: 'other-order' })).body).toMatchObject({
        reason: 'duplicate',
      });
      expect((await postback(world, every, { click: id })).body.counted).toBe(true);
      expect((await postback(world, every, { click: id })).body.counted).toBe(true);
      // A new click of the same ad converts again under one per click.
      expect((await postback(world, once, { click: await clickId(world, world.liveA) })).body.counted).toBe(
        true,
      );
    });

    it('last click wins: of several click ids the newest that verifies is the one credited', async () => {
      const older = await clickId(world, world.liveA);
      world.clock.now += 60_000;
      const newer = await clickId(world, world.liveA2);
      world.clock.now += 60_000;
      const newestForged = tampered(await clickId(world, world.liveA), (fields) => {
        // Another last character (one signature in 64 already ends in x: then x would change nothing).
        const signature = fields[2] ?? '';
        fields[2] = `${signature.slice(0, -1)}${signature.endsWith('x') ? 'y' : 'x'}`;
      });
      const answer = await postback(world, action, { click: [newer, older, newestForged] });
      expect(answer.body.counted).toBe(true);
      const [row] = await world.server.db.query<{ live_id: string }>(
        'select live_id from conversions where id = $1',
        [answer.body.id],
      );
      expect(row?.live_id).toBe(world.liveA2);
    });

    it('a HEAD of the conversion pixel stores nothing, and the conversion sent after it counts', async () => {
      const id = await clickId(world, world.liveA);
      const before = (await ledgerOf(world, action)).length;
      const query = new URLSearchParams({ click: id, order: 'HEAD-1', value: '10' });
      const head = await fetch(`${world.server.url}/serve/conv/${action}?${query}`, { method: 'HEAD' });
      expect(head.status).toBe(200);
      expect(head.headers.get('cache-control')).toBe('no-store');
      expect(head.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(await ledgerOf(world, action)).toHaveLength(before);
      const answer = await postback(world, action, { click: id, order: 'HEAD-1', value: '10' });
      expect(answer.body).toMatchObject({ counted: true, reason: null });
      expect(await ledgerOf(world, action)).toHaveLength(before + 1);
    });

    it('no ledger row for any invalid reason: every refusal counted per action, live creative, reason and hour, none of them in the figures', async () => {
      const rows = await world.server.db.query<{ reason: string | null }>(
        'select distinct reason from conversions where reason is not null',
      );
      expect(rows).toEqual([]);
      const counted = await world.server.db.query<{ reason: string }>(
        'select distinct reason from conversion_refusals order by reason',
      );
      // expired has its own tests below (the clock moves there), the caps theirs (conversion-security.test.ts).
      expect(counted.map((row) => row.reason)).toEqual([
        'duplicate-click',
        'duplicate-order',
        'forged',
        'invalid-click',
        'unknown-action',
        'wrong-campaign',
      ]);
      const ledger = await ledgerOf(world, action);
      if (testEventsKind() === 'main database') {
        const [events] = await world.server.db.query<{ n: string }>(
          `select count(*) as n from events where type = 'conversion' and impression_id = any($1::text[])`,
          [ledger.map((row) => row.id)],
        );
        expect(Number(events?.n)).toBe(ledger.filter((row) => row.reason === null).length);
      }
    });
  });

  describe('the lookback window: click time + lookback_days × 24 hours, inclusive', () => {
    it('expired: a conversion exactly lookback_days × 24 h after its click counts; one millisecond later it is expired', async () => {
      const action = await newAction(world, world.campaignA, { lookbackDays: 7 });
      const clickedAt = world.clock.now;
      const onEdge = await clickId(world, world.liveA);
      const pastEdge = await clickId(world, world.liveA);
      world.clock.now = clickedAt + 7 * DAY;
      expect((await postback(world, action, { click: onEdge })).body.counted).toBe(true);
      world.clock.now = clickedAt + 7 * DAY + 1;
      expect((await postback(world, action, { click: pastEdge })).body).toMatchObject({ reason: 'expired' });
      expect((await ledgerOf(world, action)).map((row) => row.reason)).toEqual([null]);
      const [expired] = await world.server.db.query<{ n: string }>(
        "select sum(count) as n from conversion_refusals where action_id = $1 and reason = 'expired'",
        [action],
      );
      expect(Number(expired?.n)).toBe(1);
    });

    it('a lookback spanning a change to summer time is still N × 24 hours (Paris, 29 March 2026: the wall clock says 13:00)', async () => {
      world.clock.now = Date.parse('2026-03-28T12:00:00.000Z');
      const action = await newAction(world, world.campaignA, { lookbackDays: 2 });
      const first = await clickId(world, world.liveA);
      const second = await clickId(world, world.liveA);
      world.clock.now = Date.parse('2026-03-30T12:00:00.000Z');
      expect((await postback(world, action, { click: first })).body.counted).toBe(true);
      world.clock.now += 1;
      expect((await postback(world, action, { click: second })).body).toMatchObject({ reason: 'expired' });
    });
  });

  it('CORS is open as on every serving route: the tag posts from the advertiser’s origin', async () => {
    const action = await newAction(world, world.campaignA);
    const id = await clickId(world, world.liveA);
    const answer = await fetch(`${world.server.url}/serve/conv/${action}?click=${id}&src=tag`, {
      method: 'POST',
      headers: {
        Origin: 'https://shop.example',
        'Content-Type': 'text/plain;charset=UTF-8',
        'User-Agent': BROWSER_USER_AGENT,
        // What a browser sets on the tag's beacon from the advertiser's page (docs/conversions.md).
        'Sec-Fetch-Site': 'cross-site',
        'Sec-Fetch-Mode': 'no-cors',
        'Sec-Fetch-Dest': 'empty',
      },
      body: '',
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('access-control-allow-origin')).toBe('https://shop.example');
    const body = await answer.json();
    expect(body.counted).toBe(true);
    const [row] = await world.server.db.query<{ source: string }>(
      'select source from conversions where id = $1',
      [body.id],
    );
    expect(row?.source).toBe('tag');
  });

  it('a postback may POST its fields as a form, click ids repeated', async () => {
    const action = await newAction(world, world.campaignA);
    const id = await clickId(world, world.liveA);
    const form = new URLSearchParams([
      ['click', id],
      [
        'click',
        tampered(id, (fields) => {
          fields[0] = world.liveB;
        }),
      ],
      ['value', '5.00'],
      ['order', 'FORM-1'],
    ]);
    const answer = await fetch(`${world.server.url}/serve/conv/${action}`, { method: 'POST', body: form });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ counted: true });
  });
});
