// The fifth security review's conversion findings (docs/security.md, "Round 5: conversions"; docs/conversions.md,
// "What is stored, and for how long" and "Signed postbacks and caps"), each test named after its finding,
// over real HTTP on PGlite and PostgreSQL: refusals through a real click counted, never a row each; the
// unsigned rate rule per address beside per address and user agent; an "every" action's repeats within
// the click's cap answered as counted.
import { reportDataSchema } from '@adconsole/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ConversionWorld,
  clickId,
  conversionWorld,
  keyOf,
  ledgerOf,
  newAction,
  postback,
} from '../../test/conversions-world';
import { testEventsKind, testStoresLabel } from '../../test/harness';

/** A browser's user agent, new for each n: no bot, a new key of the rate rule per address and user agent. */
const browserAgent = (n: number) =>
  `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.${n}.0 Safari/537.36`;

describe(`conversion security (fifth review) on ${testStoresLabel()}`, () => {
  let world: ConversionWorld;
  beforeAll(async () => {
    // The default rate rule: 10 a minute per address and user agent, 100 per address (the clock stands still).
    world = await conversionWorld({ SERVE_RATE_LIMIT: '10' });
  });
  afterAll(() => world.close());

  /** Every row of every table of the main database (what a flood could grow). */
  const allRows = async () => {
    const tables = await world.server.db.query<{ table_name: string }>(
      `select table_name from information_schema.tables
        where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`,
    );
    const [row] = await world.server.db.query<{ n: string }>(
      `select ${tables.map(({ table_name }) => `(select count(*) from "${table_name}")`).join(' + ')} as n`,
    );
    return Number(row?.n ?? 0);
  };
  const refusalsOf = async (actionId: string) =>
    (
      await world.server.db.query<{ reason: string; count: string }>(
        'select reason, sum(count) as count from conversion_refusals where action_id = $1 group by reason order by reason',
        [actionId],
      )
    ).map((row) => [row.reason, Number(row.count)]);

  it('S5-7 attack: one real click, then 3,000 refused conversions each with a new user agent: the database grows by a few counter rows, the report counts all 3,000 by reason, `rate` answers appear', async () => {
    const action = await newAction(world, world.campaignA, { unsigned: 'counted' });
    const id = await clickId(world, world.liveA);
    // The click's 5 conversions (its cap), each from a new user agent.
    for (let n = 0; n < 5; n += 1) {
      const answer = await postback(
        world,
        action,
        { click: id, value: '10.00' },
        {
          headers: { 'User-Agent': browserAgent(n) },
        },
      );
      expect(answer.body.counted).toBe(true);
    }
    // The click's ad request wrote its counts (requests, reach) in the background: written now, before counting.
    await world.server.app.adconsole.events.requests.flush();
    const before = await allRows();
    const reasons = new Map<unknown, number>();
    for (let round = 0; round < 150; round += 1) {
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          postback(
            world,
            action,
            { click: id, value: '10.00' },
            {
              headers: { 'User-Agent': browserAgent(1000 + round * 20 + index) },
            },
          ),
        ),
      );
      for (const { status, body } of answers) {
        expect(status).toBe(200);
        expect(body.counted).toBe(false);
        reasons.set(body.reason, (reasons.get(body.reason) ?? 0) + 1);
      }
    }
    // The address's 100 a minute, whatever its user agents: 95 more met the click's cap, the rest the rate rule.
    expect(Object.fromEntries(reasons)).toEqual({ 'click-cap': 95, rate: 2905 });
    expect((await ledgerOf(world, action)).filter((row) => row.reason !== null)).toEqual([]);
    // click-cap under the click's live creative, rate under none: two rows, and the rollups the
    // conversions had already made.
    expect((await allRows()) - before).toBeLessThanOrEqual(4);
    expect(await refusalsOf(action)).toEqual([
      ['click-cap', 95],
      ['rate', 2905],
    ]);
    const day = new Date(world.clock.now).toISOString().slice(0, 10);
    const answer = await world.owner.get(
      `/v1/campaign/reports?${new URLSearchParams({ campaignID: world.campaignA, start_dt: `${day} 00:00:00`, end_dt: `${day} 23:59:59`, tzOffset: '+00:00', timezone: 'UTC' })}`,
    );
    expect(answer.httpStatus).toBe(200);
    const report = reportDataSchema.parse(answer.body.data);
    const byReason = Object.fromEntries(
      report.invalidConversions.byReason.map((row) => [row.reason, row.conversions]),
    );
    expect(byReason['click-cap']).toBeGreaterThanOrEqual(95);
    expect(byReason.rate).toBeGreaterThanOrEqual(2905);
    // The creative's own report lists the refusals through its click (the rate rule's name no creative).
    const creative = reportDataSchema.parse(
      (
        await world.owner.get(
          `/v1/campaign/reports?${new URLSearchParams({ liveIDs: world.liveA, start_dt: `${day} 00:00:00`, end_dt: `${day} 23:59:59`, tzOffset: '+00:00', timezone: 'UTC' })}`,
        )
      ).body.data,
    );
    expect(
      creative.invalidConversions.byReason.find((row) => row.reason === 'click-cap')?.conversions,
    ).toBeGreaterThanOrEqual(95);
    if (testEventsKind() === 'main database') {
      // The refused figure counts them without a raw event each.
      const [raw] = await world.server.db.query<{ n: string }>(
        "select count(*) as n from events where type = 'conversionRefused'",
      );
      expect(Number(raw?.n)).toBe(0);
    }
    // The refused figure counts them (the main database's rollups, or ClickHouse's sums).
    expect(report.totals.conversionsRefused).toBeGreaterThanOrEqual(95);
  });

  it('S5-7: the unsigned rate rule counts the address alone too (10 times SERVE_RATE_LIMIT), and a signed postback meets neither', async () => {
    const action = await newAction(world, world.campaignA, { unsigned: 'counted', maxPerClick: 100 });
    const key = await keyOf(world, action);
    const answers: unknown[] = [];
    for (let n = 0; n < 101; n += 1) {
      const id = await clickId(world, world.liveA);
      answers.push(
        (
          await postback(
            world,
            action,
            { click: id },
            {
              headers: { 'User-Agent': browserAgent(5000 + n), 'X-Forwarded-For': '85.214.132.117' },
            },
          )
        ).body.reason,
      );
    }
    expect(answers.filter((reason) => reason === null)).toHaveLength(100);
    expect(answers.at(-1)).toBe('rate');
    // The same address spelt as an IPv4-mapped IPv6 address is the same client.
    const mapped = await postback(
      world,
      action,
      { click: await clickId(world, world.liveA) },
      {
        headers: { 'User-Agent': browserAgent(9999), 'X-Forwarded-For': '::ffff:55d6:8475' },
      },
    );
    expect(mapped.body.reason).toBe('rate');
    // Another address keeps its own allowance; the advertiser's key passes the rate rule.
    const other = await postback(
      world,
      action,
      { click: await clickId(world, world.liveA) },
      {
        headers: { 'User-Agent': browserAgent(1), 'X-Forwarded-For': '85.214.132.118' },
      },
    );
    expect(other.body.counted).toBe(true);
    const signed = await postback(
      world,
      action,
      { click: await clickId(world, world.liveA) },
      {
        headers: { Authorization: `Bearer ${key}`, 'X-Forwarded-For': '85.214.132.117' },
      },
    );
    expect(signed.body).toMatchObject({ counted: true, signed: true });
  });

  it('S4-5 residual: on an "every" action a click under its cap reads a repeated order as counted (the counts keep duplicate-order; the repeat spends the cap as a conversion does)', async () => {
    const action = await newAction(world, world.campaignA, { unsigned: 'counted', maxPerClick: 3 });
    const key = await keyOf(world, action);
    // The advertiser's order A-1 is counted (signed, another click).
    const known = await postback(
      world,
      action,
      { click: await clickId(world, world.liveA), order: 'A-1' },
      {
        headers: { Authorization: `Bearer ${key}` },
      },
    );
    expect(known.body.counted).toBe(true);
    // One click guesses orders: a known one and unknown ones read the same, and the cap falls after 3
    // guesses whichever they were.
    const id = await clickId(world, world.liveA);
    const guesses = [];
    for (const order of ['A-1', 'Z-1', 'Z-2', 'Z-3'])
      guesses.push((await postback(world, action, { click: id, order })).body);
    expect(guesses.map(({ counted, reason }) => [counted, reason])).toEqual([
      [true, null],
      [true, null],
      [true, null],
      [false, 'click-cap'],
    ]);
    // The same guesses in another order from another click: the same answers.
    const other = await clickId(world, world.liveA);
    const again = [];
    for (const order of ['Z-9', 'A-1', 'Z-8', 'Z-7'])
      again.push((await postback(world, action, { click: other, order })).body);
    expect(again.map(({ counted, reason }) => [counted, reason])).toEqual(
      guesses.map(({ counted, reason }) => [counted, reason]),
    );
    // Only the counts tell: A-1 twice a duplicate-order, never counted twice.
    expect(await refusalsOf(action)).toEqual([
      ['click-cap', 2],
      ['duplicate-order', 2],
    ]);
    const counted = (await ledgerOf(world, action)).filter((row) => row.reason === null);
    expect(counted).toHaveLength(5);
    // The signed sender still reads the exact reason.
    const signedRepeat = await postback(
      world,
      action,
      { click: await clickId(world, world.liveA), order: 'A-1' },
      {
        headers: { Authorization: `Bearer ${key}` },
      },
    );
    expect(signedRepeat.body).toMatchObject({ counted: false, reason: 'duplicate-order' });
  });

  /** The tag's beacon as a browser sends it from the advertiser's page: a POST with its fetch metadata. */
  const asTag = (userAgent = browserAgent(1)) => ({
    method: 'POST',
    headers: {
      'User-Agent': userAgent,
      'Sec-Fetch-Site': 'cross-site',
      'Sec-Fetch-Mode': 'no-cors',
      'Sec-Fetch-Dest': 'empty',
    },
  });

  it('S5-8 attack: a new action with the defaults: a tag-path GET without the browser binding counts nothing; 21,474,836.47 is refused as over the default maximum (100,000.00), 3 a click', async () => {
    const made = await world.owner.post<{
      id: string;
      maxValue: string | null;
      maxPerClick: number;
      unsigned: string;
    }>('/v1/campaign/conversionActions', { campaignID: world.campaignA, name: 'Checkout', type: 'purchase' });
    expect(made.httpStatus, JSON.stringify(made.body)).toBe(200);
    const action = made.body.data;
    expect(action).toMatchObject({ maxValue: '100000.00', maxPerClick: 3, unsigned: 'tag-only' });
    const id = await clickId(world, world.liveA);
    // A script with a browser's user agent claiming to be the tag: a GET, no fetch metadata.
    const plain = await postback(
      world,
      action?.id ?? '',
      { click: id, value: '49.99', src: 'tag' },
      {
        headers: { 'User-Agent': browserAgent(2) },
      },
    );
    expect(plain.body).toMatchObject({ counted: false, reason: 'unsigned' });
    // A POST claiming the tag without the browser's fetch metadata: the same.
    const bare = await postback(
      world,
      action?.id ?? '',
      { click: id, value: '49.99', src: 'tag' },
      {
        method: 'POST',
        headers: { 'User-Agent': browserAgent(2) },
      },
    );
    expect(bare.body).toMatchObject({ counted: false, reason: 'unsigned' });
    const huge = await postback(
      world,
      action?.id ?? '',
      { click: id, value: '21474836.47', src: 'tag' },
      asTag(),
    );
    expect(huge.body).toMatchObject({ counted: false, reason: 'over-max-value' });
    const answers = [];
    for (let n = 0; n < 4; n += 1)
      answers.push(
        (await postback(world, action?.id ?? '', { click: id, value: '49.99', src: 'tag' }, asTag())).body,
      );
    expect(answers.map((answer) => answer.reason)).toEqual([null, null, null, 'click-cap']);
    expect(await refusalsOf(action?.id ?? '')).toEqual([
      ['click-cap', 1],
      ['over-max-value', 1],
      ['unsigned', 2],
    ]);
    // Editable: no maximum when asked for.
    const none = await world.owner.post<{ maxValue: string | null }>('/v1/campaign/conversionActions', {
      campaignID: world.campaignA,
      name: 'Unbounded',
      type: 'purchase',
      maxValue: null,
    });
    expect(none.body.data?.maxValue).toBeNull();
  });

  it("S5-8: values far above the action's history are implausible (over 100 times the median of its last 50 counted values, once it has 20); a signed postback meets only the maximum", async () => {
    const action = await newAction(world, world.campaignA, { unsigned: 'counted', maxPerClick: 100 });
    const key = await keyOf(world, action);
    const signed = { headers: { Authorization: `Bearer ${key}` } };
    const id = await clickId(world, world.liveA);
    for (let n = 0; n < 19; n += 1)
      expect((await postback(world, action, { click: id, value: '50.00' }, signed)).body.counted).toBe(true);
    // 19 values: too few to judge.
    expect(
      (await postback(world, action, { click: id, value: '6000.00' }, asTag(browserAgent(70)))).body.counted,
    ).toBe(true);
    // 20 and more (median 50.00): 5,000.01 is over 100 times it, 5,000.00 is not.
    expect(
      (await postback(world, action, { click: id, value: '5000.01' }, asTag(browserAgent(71)))).body,
    ).toMatchObject({
      counted: false,
      reason: 'implausible',
    });
    expect(
      (await postback(world, action, { click: id, value: '5000.00' }, asTag(browserAgent(72)))).body.counted,
    ).toBe(true);
    expect((await postback(world, action, { click: id, value: '9000.00' }, signed)).body.counted).toBe(true);
    expect(await refusalsOf(action)).toEqual([['implausible', 1]]);
  });
});
