// The fourth security review's conversion findings (docs/security.md, "The fourth review"; docs/conversions.md,
// "Signed postbacks and caps"), each test named after its finding, over real HTTP: forged conversions
// counted instead of stored, the rate rule and the traffic classifier in front of /serve/conv, conversions
// per click capped, a maximum value, the postback key, one reason for repeated orders and clicks to
// unsigned senders, and the sweep of what is not counted and of the clicks' counts (S6-8, round 6).
import { IMPRESSION_LIFETIME_MS, LOOKBACK_DAYS, servedAdSchema } from '@adconsole/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ConversionWorld,
  clickId,
  clickIdIn,
  conversionWorld,
  keyOf,
  ledgerOf,
  local,
  newAction,
  oneBrowser,
  postback,
} from '../../test/conversions-world';
import { testEventsKind, testStoresLabel } from '../../test/harness';
import { BROWSER_USER_AGENT } from '../../test/helpers';
import {
  CLICK_COUNTS_KEPT_MS,
  CONVERSION_REFUSALS_KEPT_DAYS,
  sweepOldConversions,
} from '../conversions/sweep';
import { parseClickId } from './signing';

const DAY = 24 * 60 * 60 * 1000;
const CURL = 'curl/8.5.0';
/** The fetch metadata a browser sets on the tag's beacon from the advertiser's page (docs/conversions.md). */
const TAG_FETCH = { 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-Mode': 'no-cors', 'Sec-Fetch-Dest': 'empty' };
/** The conversion tag's call: a browser on the advertiser's page (src=tag, a beacon: a POST). */
const fromTag = { method: 'POST', headers: { 'User-Agent': BROWSER_USER_AGENT, ...TAG_FETCH } };
/** curl calling the tag's path with a browser's fetch metadata copied. */
const curlAsTag = { method: 'POST', headers: { 'User-Agent': CURL, ...TAG_FETCH } };
const signedWith = (key: string) => ({ headers: { Authorization: `Bearer ${key}` } });

describe(`conversion security (fourth review) on ${testStoresLabel()}`, () => {
  let world: ConversionWorld;
  beforeAll(async () => {
    // The rate rule at 5 a minute (the world's clock stands still: one window).
    world = await conversionWorld({ SERVE_RATE_LIMIT: '5' });
  });
  afterAll(() => world.close());

  const refusalsOf = (actionId: string) =>
    world.server.db.query<{ reason: string; count: string }>(
      'select reason, count from conversion_refusals where action_id = $1 order by reason',
      [actionId],
    );
  /** The events a conversion wrote (the main database's store only keeps them where the tests read). */
  const eventsOf = async (ids: readonly string[]) =>
    world.server.db.query<{ type: string; n: string }>(
      `select type, sum(count) as n from events where impression_id = any($1::text[]) group by type order by type`,
      [ids],
    );

  it('attack: forged conversions fill the database (200 forged postbacks and 50 made-up actions store no row: counted per action, reason and hour)', async () => {
    const action = await newAction(world, world.campaignA);
    const id = await clickId(world, world.liveA);
    const forged = `${id.slice(0, -1)}${id.endsWith('A') ? 'B' : 'A'}`;
    for (let round = 0; round < 10; round += 1) {
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => postback(world, action, { click: forged, value: '21474836.47' })),
      );
      for (const answer of answers) expect(answer.body.counted).toBe(false);
    }
    const madeUp = await Promise.all(
      Array.from({ length: 50 }, (_, index) => postback(world, `made-up-${index}`, { click: id })),
    );
    expect(madeUp.every((answer) => answer.body.reason === 'unknown-action')).toBe(true);
    expect(await ledgerOf(world, action)).toEqual([]);
    const [{ n } = { n: '0' }] = await world.server.db.query<{ n: string }>(
      "select count(*) as n from conversions where action_id like 'made-up-%'",
    );
    expect(Number(n)).toBe(0);
    // One client: the first 5 were judged forged, the rest met the rate rule first; both counted.
    expect((await refusalsOf(action)).map((row) => [row.reason, Number(row.count)])).toEqual([
      ['forged', 5],
      ['rate', 195],
    ]);
    // Made-up action ids are counted under no action: one row, however many ids.
    expect((await refusalsOf('')).map((row) => [row.reason, Number(row.count)])).toEqual([
      ['unknown-action', 50],
    ]);
  });

  it('attack: forged conversions fill the database (the traffic classifier and the rate rule run in front of /serve/conv; a signed postback passes both)', async () => {
    const action = await newAction(world, world.campaignA, { maxPerClick: 100 });
    const key = await keyOf(world, action);
    const id = await clickId(world, world.liveA);
    // curl calling the tag's path: a bot, refused and counted.
    const bot = await postback(world, action, { click: id, src: 'tag' }, curlAsTag);
    expect(bot.body).toMatchObject({ counted: false, reason: 'invalid-traffic' });
    // A browser: 5 a minute for this action, the rest over the rate rule.
    const tagged: unknown[] = [];
    for (let index = 0; index < 8; index += 1)
      tagged.push((await postback(world, action, { click: id, src: 'tag' }, fromTag)).body.reason);
    expect(tagged).toEqual([null, null, null, null, null, 'rate', 'rate', 'rate']);
    // The advertiser's server with its key, from the same address and a curl user agent: all count.
    for (let index = 0; index < 8; index += 1) {
      const answer = await postback(
        world,
        action,
        { click: id },
        {
          headers: { 'User-Agent': CURL, Authorization: `Bearer ${key}` },
        },
      );
      expect(answer.body).toMatchObject({ counted: true, signed: true });
    }
    const ledger = await ledgerOf(world, action);
    expect(ledger.filter((row) => row.reason === null)).toHaveLength(13);
    expect(ledger.filter((row) => row.reason !== null)).toEqual([]);
    expect((await refusalsOf(action)).map((row) => [row.reason, Number(row.count)])).toEqual([
      ['invalid-traffic', 1],
      ['rate', 3],
    ]);
  });

  it('an unsigned server postback meets the rate rule and not the classifier: curl from a server is what a postback looks like (docs/security.md, "Decision: the traffic classifier runs on the tag\'s path of /serve/conv only")', async () => {
    const action = await newAction(world, world.campaignA, { unsigned: 'counted', maxPerClick: 100 });
    const id = await clickId(world, world.liveA);
    const reasons: unknown[] = [];
    for (let index = 0; index < 8; index += 1)
      reasons.push(
        (await postback(world, action, { click: id }, { headers: { 'User-Agent': CURL } })).body.reason,
      );
    // Not invalid-traffic (the classifier would call curl a bot); 5 a minute, the rest over the rate rule.
    expect(reasons).toEqual([null, null, null, null, null, 'rate', 'rate', 'rate']);
    // The same client on the tag's path is classified: refused as a bot.
    expect((await postback(world, action, { click: id, src: 'tag' }, curlAsTag)).body.reason).toBe(
      'invalid-traffic',
    );
    expect((await refusalsOf(action)).map((row) => [row.reason, Number(row.count)])).toEqual([
      ['invalid-traffic', 1],
      ['rate', 3],
    ]);
  });

  /** The refused figure of a live creative (its totals: no raw event a refusal). */
  const refusedFigure = async (liveId: string) => {
    const [row] = await world.server.db.query<{ n: string }>(
      'select coalesce(sum(conversions_refused), 0) as n from event_totals where live_id = $1',
      [liveId],
    );
    return Number(row?.n ?? 0);
  };

  it("attack: one click, unlimited revenue (20 postbacks at once of one click count the action's 5; the rest are counted as click-cap, never counted as conversions)", async () => {
    const action = await newAction(world, world.campaignA);
    const key = await keyOf(world, action);
    const id = await clickId(world, world.liveA);
    const refusedBefore = testEventsKind() === 'main database' ? await refusedFigure(world.liveA) : 0;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        postback(world, action, { click: id, value: '10.00' }, signedWith(key)),
      ),
    );
    expect(answers.filter((answer) => answer.body.counted)).toHaveLength(5);
    expect(answers.filter((answer) => answer.body.reason === 'click-cap')).toHaveLength(15);
    const ledger = await ledgerOf(world, action);
    expect(ledger.filter((row) => row.reason === null)).toHaveLength(5);
    expect(ledger.filter((row) => row.reason !== null)).toEqual([]);
    expect((await refusalsOf(action)).map((row) => [row.reason, Number(row.count)])).toEqual([
      ['click-cap', 15],
    ]);
    // A new click converts again; one-per-click is the cap of 1.
    expect(
      (await postback(world, action, { click: await clickId(world, world.liveA) }, signedWith(key))).body,
    ).toMatchObject({ counted: true });
    if (testEventsKind() === 'main database') {
      // 5 conversions of USD 10.00 = 5,000 cents, all signed; 15 refused, in the figure without a raw event.
      expect(
        (await eventsOf(answers.map((answer) => answer.body.id))).map((row) => [row.type, Number(row.n)]),
      ).toEqual([
        ['conversion', 5],
        ['conversionSigned', 5],
        ['conversionValue', 5000],
      ]);
      expect((await refusedFigure(world.liveA)) - refusedBefore).toBe(15);
    }
  });

  it("attack: one click, unlimited revenue (a value over the action's maximum is counted as over-max-value, never counted as a conversion; the maximum itself counts)", async () => {
    const action = await newAction(world, world.campaignA, { maxValueMinor: 50_000 });
    const id = await clickId(world, world.liveA);
    const huge = await postback(world, action, { click: id, value: '21474836.47' });
    expect(huge.body).toMatchObject({ counted: false, reason: 'over-max-value' });
    expect((await postback(world, action, { click: id, value: '500.01' })).body.reason).toBe(
      'over-max-value',
    );
    expect((await postback(world, action, { click: id, value: '500.00' })).body.counted).toBe(true);
    const ledger = await ledgerOf(world, action);
    expect(ledger.map((row) => `${row.reason}:${Number(row.value_minor)}`)).toEqual(['null:50000']);
    expect((await refusalsOf(action)).map((row) => [row.reason, Number(row.count)])).toEqual([
      ['over-max-value', 2],
    ]);
  });

  it('attack: one click, unlimited revenue (postbacks must carry the key where the action says so; the tag stays keyless; a wrong key is 401 and stores nothing)', async () => {
    const tagOnly = await newAction(world, world.campaignA, { unsigned: 'tag-only' });
    const key = await keyOf(world, tagOnly);
    const id = await clickId(world, world.liveA);
    expect((await postback(world, tagOnly, { click: id, value: '5' })).body).toMatchObject({
      counted: false,
      reason: 'unsigned',
    });
    expect(
      (await postback(world, tagOnly, { click: id, value: '5', src: 'tag' }, fromTag)).body,
    ).toMatchObject({ counted: true, signed: false });
    expect((await postback(world, tagOnly, { click: id, value: '5' }, signedWith(key))).body).toMatchObject({
      counted: true,
      signed: true,
    });
    const wrong = await postback(world, tagOnly, { click: id, value: '5' }, signedWith(`${key}x`));
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toContain('Authorization');
    const ledger = await ledgerOf(world, tagOnly);
    // The world's clock stands still: compare them sorted.
    expect(ledger.map((row) => `${row.source}:${row.reason}`).sort()).toEqual(['postback:null', 'tag:null']);
    expect((await refusalsOf(tagOnly)).map((row) => [row.reason, Number(row.count)])).toEqual([
      ['unsigned', 1],
    ]);
    // Keyed postbacks only: the tag is off for the action.
    const keyedOnly = await newAction(world, world.campaignA, { unsigned: 'refused' });
    expect((await postback(world, keyedOnly, { click: id, src: 'tag' }, fromTag)).body.reason).toBe(
      'unsigned',
    );
    // A key sent to an action that has none is no signature either.
    expect((await postback(world, keyedOnly, { click: id }, signedWith(key))).status).toBe(401);
  });

  it('attack: the postback tells order numbers apart (unsigned senders read duplicate for a repeated order and a repeated click; the signed sender and the refusal counts the exact reason)', async () => {
    const action = await newAction(world, world.campaignA, { counting: 'one-per-click' });
    const key = await keyOf(world, action);
    const first = await clickId(world, world.liveA);
    expect((await postback(world, action, { click: first, order: 'A-1' })).body.counted).toBe(true);
    const order = await postback(world, action, { click: await clickId(world, world.liveA), order: 'A-1' });
    const click = await postback(world, action, { click: first, order: 'B-2' });
    expect([order.body.reason, click.body.reason]).toEqual(['duplicate', 'duplicate']);
    const signedOrder = await postback(
      world,
      action,
      { click: await clickId(world, world.liveA), order: 'A-1' },
      signedWith(key),
    );
    const signedClick = await postback(world, action, { click: first, order: 'C-3' }, signedWith(key));
    expect([signedOrder.body.reason, signedClick.body.reason]).toEqual([
      'duplicate-order',
      'duplicate-click',
    ]);
    expect((await refusalsOf(action)).map((row) => [row.reason, Number(row.count)])).toEqual([
      ['duplicate-click', 2],
      ['duplicate-order', 2],
    ]);
  });

  it('rows not counted and refusal counts are kept twice the longest lookback, then swept; counted rows stay; click counts go once no click id of their impression can convert', async () => {
    const now = world.clock.now;
    const old = new Date(now - (CONVERSION_REFUSALS_KEPT_DAYS + 1) * DAY);
    const kept = new Date(now - (CONVERSION_REFUSALS_KEPT_DAYS - 1) * DAY);
    const db = world.server.db;
    for (const [id, reason, at] of [
      ['sweep-old', 'expired', old],
      ['sweep-kept', 'expired', kept],
      ['sweep-counted', null, old],
    ] as const)
      await db.query(
        `insert into conversions (id, action_id, converted_at, reason, source) values ($1, 'sweep', $2, $3, 'postback')`,
        [id, at, reason],
      );
    await db.query(
      `insert into conversion_refusals (action_id, campaign_id, reason, bucket, count)
       values ('sweep', '', 'forged', $1, 3), ('sweep', '', 'forged', $2, 4)`,
      [old, kept],
    );
    await db.query(
      `insert into conversion_click_counts (action_id, click_impression_id, clicked_at, counted)
       values ('sweep', 'old-click', $1, 2), ('sweep', 'new-click', $2, 1)`,
      // 92 days: past the longest lookback of this click id, not of a later one of its impression (S6-8).
      [new Date(now - CLICK_COUNTS_KEPT_MS - DAY), new Date(now - 92 * DAY)],
    );
    expect(await sweepOldConversions(world.server.app.adconsole, now)).toMatchObject({
      rows: 1,
      refusals: 1,
      clicks: 1,
    });
    expect((await ledgerOf(world, 'sweep')).map((row) => row.id).sort()).toEqual([
      'sweep-counted',
      'sweep-kept',
    ]);
    expect((await refusalsOf('sweep')).map((row) => Number(row.count))).toEqual([4]);
    const clicks = await db.query<{ click_impression_id: string }>(
      "select click_impression_id from conversion_click_counts where action_id = 'sweep'",
    );
    expect(clicks.map((row) => row.click_impression_id)).toEqual(['new-click']);
  });

  it("S6-8: a later click id of one impression keeps its click's cap while it can convert, past 91 days of the first click id; then the count goes", async () => {
    const start = world.clock.now;
    try {
      const action = await newAction(world, world.campaignA, {
        lookbackDays: LOOKBACK_DAYS.max,
        maxPerClick: 1,
      });
      const key = await keyOf(world, action);
      const browser = oneBrowser();
      const ad = servedAdSchema.parse(
        await (await browser(`${world.server.url}/serve/ad/${world.liveA}.json`)).json(),
      );
      await browser(local(world, ad.events.impression ?? ''));
      /** The impression's click URL followed at `at`: the click id its landing page gets. */
      const clickedAt = async (at: number) => {
        world.clock.now = at;
        const answer = await browser(local(world, ad.clickUrl));
        expect(answer.status).toBe(302);
        return clickIdIn(answer.headers.get('location') ?? '');
      };
      const first = await clickedAt(start);
      // The same ad clicked again as late as its click URL verifies (the impression's lifetime): a
      // second click id of the impression, which converts for the lookback after its own time.
      const later = await clickedAt(start + IMPRESSION_LIFETIME_MS);
      expect(parseClickId(later)?.impressionId).toBe(parseClickId(first)?.impressionId);
      world.clock.now = start + DAY;
      const counted = await postback(world, action, { click: first, order: 'S6-8-1' }, signedWith(key));
      expect(counted.body).toMatchObject({ counted: true, reason: null });
      // The later click id's last moment (the lookback is inclusive), past 91 days of the first one's.
      const lastChance = start + IMPRESSION_LIFETIME_MS + LOOKBACK_DAYS.max * DAY;
      expect(lastChance).toBeGreaterThan(start + (LOOKBACK_DAYS.max + 1) * DAY);
      world.clock.now = lastChance;
      await sweepOldConversions(world.server.app.adconsole, lastChance);
      const again = await postback(world, action, { click: later, order: 'S6-8-2' }, signedWith(key));
      expect(again.body).toMatchObject({ counted: false, reason: 'click-cap' });
      // Once no click id of the impression can convert any more, its count is swept.
      const counts = () =>
        world.server.db.query('select 1 from conversion_click_counts where action_id = $1', [action]);
      expect(await counts()).toHaveLength(1);
      await sweepOldConversions(world.server.app.adconsole, lastChance + 2 * DAY);
      expect(await counts()).toHaveLength(0);
    } finally {
      world.clock.now = start;
    }
  });
});
