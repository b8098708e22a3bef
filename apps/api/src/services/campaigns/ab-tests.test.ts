// A/B tests of a placement (docs/reports.md "A/B tests"): the calls under
// /v1/campaign/placements/abtest, the even rotation a running test sets (and the rotation put back when
// it stops), the results counted from the event store over the test's window with the verdict, the
// refusals, access (another owner: 404; a reports:read token reads results) and the audit entries.
import {
  type AbTestResults,
  abTestPlannedSample,
  abTestVariantNotInPlacementMessage,
  MESSAGES,
  type Placement,
  type PlacementAbTest,
} from '@adconsole/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, startServer, type TestServer, testDatabaseKind } from '../../test/harness';
import { demoAsset, publishedLive, signedInAdmin, signedInUser } from '../../test/helpers';

describe(`A/B tests of placements on ${testDatabaseKind()}`, () => {
  let server: TestServer;
  let owner: Client;
  let admin: Client;
  let stranger: Client;
  let campaignID: string;
  const banners: { creativeId: string; liveId: string }[] = [];

  const published = async (name: string, image: Buffer) => {
    const liveId = await publishedLive(owner, campaignID, { name, type: 'Banner', width: 300, height: 250 }, [
      { name: 'banner.png', bytes: image },
    ]);
    const [row] = await server.db.query<{ creative_id: string }>(
      'select creative_id from live_creatives where id = $1',
      [liveId],
    );
    return { creativeId: row?.creative_id ?? '', liveId };
  };

  const placement = async (mode = 'weighted') => {
    const [a, b, c] = banners as [(typeof banners)[0], (typeof banners)[0], (typeof banners)[0]];
    const made = await owner.post<Placement>('/v1/campaign/placements', {
      campaignID,
      name: 'Sidebar',
      mode,
      items: [
        { creativeId: a.creativeId, weight: 1 },
        { creativeId: b.creativeId, weight: 3 },
        { creativeId: c.creativeId, weight: 2 },
      ],
    });
    expect(made.httpStatus, JSON.stringify(made.body)).toBe(200);
    return made.body.data as Placement;
  };

  /** A test of banners A (control) and B on the CTR. */
  const definition = (placementID: string, plan: Record<string, unknown> = {}) => ({
    placementID,
    variants: [banners[0]?.creativeId, banners[1]?.creativeId],
    control: banners[0]?.creativeId,
    goal: 'ctr',
    minimumDetectableEffect: 50,
    baselineRate: 1,
    ...plan,
  });

  beforeAll(async () => {
    server = await startServer();
    owner = (await signedInUser(server)).client;
    stranger = (await signedInUser(server)).client;
    admin = (await signedInAdmin(server)).client;
    campaignID =
      (await owner.post<{ id: string }>('/v1/campaign/new', { name: 'Tests' })).body.data?.id ?? '';
    const image = await demoAsset('banner.png');
    for (const name of ['Banner A', 'Banner B', 'Banner C']) banners.push(await published(name, image));
  });
  afterAll(() => server.close());

  /**
   * A test started 15 minutes earlier than it was, so that now is past the first whole 15-minute bucket
   * after its start, where its window begins (docs/reports.md, "A/B tests").
   */
  const startedEarlier = (testId: string) =>
    server.db.query("update ab_tests set started_at = started_at - interval '15 minutes' where id = $1", [
      testId,
    ]);

  /** Imports counted events for a live creative now (inside the running tests' windows). */
  const importEvents = async (liveID: string, impressions: number, clicks: number) => {
    const at = new Date().toISOString();
    const answer = await admin.post('/v1/events/import', {
      events: [
        { liveID, type: 'impression', at, count: impressions },
        { liveID, type: 'click', at, count: clicks },
      ],
    });
    expect(answer.httpStatus, JSON.stringify(answer.body)).toBe(200);
  };

  it('starts a test with its planned sample, rotates the placement evenly over the variants, reads the verdict, and stops it (rotation back)', async () => {
    const { id: placementID, items } = await placement();
    const started = await owner.post<PlacementAbTest>(
      '/v1/campaign/placements/abtest',
      definition(placementID),
    );
    expect(started.httpStatus, JSON.stringify(started.body)).toBe(200);
    const test = started.body.data as PlacementAbTest;
    await startedEarlier(test.id);
    const planned = abTestPlannedSample({
      variants: test.variants,
      minimumDetectableEffect: 50,
      significance: 95,
      power: 80,
      baselineRate: 1,
    });
    expect(test).toMatchObject({ placementID, campaignID, status: 'running', goal: 'ctr', endedAt: null });
    expect(test.plannedSample).toBe(planned);
    expect(planned).toBeLessThan(10_000);

    // The placement now rotates evenly over A and B; C waits, paused.
    const during = (await owner.get<Placement>(`/v1/campaign/placement?id=${placementID}`)).body.data;
    expect(during?.mode).toBe('even');
    expect(during?.items.map((item) => item.paused)).toEqual([false, false, true]);
    // ...and cannot be changed while the test runs; a rename can.
    const changed = await owner.put('/v1/campaign/placements', { id: placementID, mode: 'sequential' });
    expect(changed.httpStatus).toBe(409);
    expect(changed.body.message).toBe(MESSAGES.placementRotationInTest);
    expect(
      (await owner.put('/v1/campaign/placements', { id: placementID, name: 'Renamed' })).httpStatus,
    ).toBe(200);
    // Served: only A and B answer the placement's tag now (40 requests: C's chance to be missed if it
    // were still in an even rotation of three is (2/3)^40, under one in 10^7).
    const served = new Set<string>();
    for (let request = 0; request < 40; request += 1) {
      const response = await fetch(`${server.url}/serve/ad/p/${placementID}.json`, {
        headers: { 'User-Agent': 'Mozilla/5.0 Chrome/126.0.0.0 Safari/537.36' },
      });
      served.add(((await response.json()) as { liveID: string }).liveID);
    }
    expect([...served].sort()).toEqual([banners[0]?.liveId, banners[1]?.liveId].sort());

    // The figures: A 10,000 impressions / 100 clicks, B 10,000 / 150; C's events do not count.
    const [a, b, c] = banners as [(typeof banners)[0], (typeof banners)[0], (typeof banners)[0]];
    await importEvents(a.liveId, 10_000, 100);
    await importEvents(b.liveId, 10_000, 150);
    await importEvents(c.liveId, 10_000, 900);
    const read = await owner.get<AbTestResults>(`/v1/campaign/placements/abtest/results?id=${test.id}`);
    expect(read.httpStatus, JSON.stringify(read.body)).toBe(200);
    const results = read.body.data as AbTestResults;
    const [control, variant] = results.variants as [
      AbTestResults['variants'][0],
      AbTestResults['variants'][0],
    ];
    expect(control).toMatchObject({
      id: a.creativeId,
      name: 'Banner A',
      control: true,
      trials: 10_000,
      successes: 100,
    });
    expect(control.rate).toBeCloseTo(0.01, 10);
    expect(control.interval.lower).toBeCloseTo(0.00823, 5);
    expect(control.interval.upper).toBeCloseTo(0.01215, 5);
    expect(variant).toMatchObject({
      id: b.creativeId,
      trials: 10_000,
      successes: 150,
      test: 'two-proportion-z',
    });
    expect(variant.z).toBeCloseTo(3.18, 2);
    expect(variant.pValue).toBeCloseTo(0.0015, 4);
    expect(variant.lift?.value).toBeCloseTo(0.5, 10);
    expect(variant.decision).toBe('variant-wins');
    expect(results).toMatchObject({
      decision: 'variant-wins',
      winnerId: b.creativeId,
      label: 'Banner B wins',
      plannedSample: planned,
      progress: 1,
    });

    // Stopped: the window closes, the rotation the placement had comes back.
    const stopped = await owner.post<PlacementAbTest>('/v1/campaign/placements/abtest/stop', { id: test.id });
    expect(stopped.httpStatus, JSON.stringify(stopped.body)).toBe(200);
    expect(stopped.body.data?.status).toBe('ended');
    expect(stopped.body.data?.endedAt).not.toBeNull();
    const after = (await owner.get<Placement>(`/v1/campaign/placement?id=${placementID}`)).body.data;
    expect(after).toMatchObject({ mode: 'weighted', items, name: 'Renamed' });
    const again = await owner.post('/v1/campaign/placements/abtest/stop', { id: test.id });
    expect(again.httpStatus).toBe(409);
    expect(again.body.message).toBe(MESSAGES.abTestAlreadyEnded);
    const ended = await owner.get<AbTestResults>(`/v1/campaign/placements/abtest/results?id=${test.id}`);
    expect(ended.body.data?.label).toBe('Banner B wins');

    const entries = await server.db.query<{ entity: string; action: string; campaign_id: string }>(
      'select entity, action, campaign_id from audit_log where entity_id = $1 order by id',
      [test.id],
    );
    expect(entries).toEqual([
      { entity: 'abTest', action: 'create', campaign_id: campaignID },
      { entity: 'abTest', action: 'update', campaign_id: campaignID },
    ]);
    const listed = await owner.get<PlacementAbTest[]>(
      `/v1/campaign/placements/abtests?placementID=${placementID}`,
    );
    expect(listed.body.data?.map((t) => t.id)).toEqual([test.id]);
  });

  it('says not enough data under the planned sample, whatever the p-value', async () => {
    const { id: placementID } = await placement('even');
    // A 10 % effect on a 1 % rate needs far more than 10,000 impressions a variant.
    const started = await owner.post<PlacementAbTest>(
      '/v1/campaign/placements/abtest',
      definition(placementID, { minimumDetectableEffect: 10 }),
    );
    expect(started.httpStatus, JSON.stringify(started.body)).toBe(200);
    const test = started.body.data as PlacementAbTest;
    await startedEarlier(test.id);
    expect(test.plannedSample).toBeGreaterThan(10_000);
    const [a, b] = banners as [(typeof banners)[0], (typeof banners)[0]];
    await importEvents(a.liveId, 10_000, 100);
    await importEvents(b.liveId, 10_000, 150);
    const results = (await owner.get<AbTestResults>(`/v1/campaign/placements/abtest/results?id=${test.id}`))
      .body.data as AbTestResults;
    const variant = results.variants[1];
    expect(variant?.pValue).toBeLessThan(0.05);
    expect(variant?.decision).toBe('not-enough-data');
    expect(results).toMatchObject({ decision: 'not-enough-data', winnerId: null, label: 'Not enough data' });
    expect(results.progress).toBeLessThan(1);

    // One running test per placement.
    const second = await owner.post('/v1/campaign/placements/abtest', definition(placementID));
    expect(second.httpStatus).toBe(409);
    expect(second.body.message).toBe(MESSAGES.abTestAlreadyRunning);
  });

  it('a test on the conversion rate compares conversions per click, each conversion counted for the creative its click was on', async () => {
    // Two banners of their own: the others' events of this quarter hour would be in the window.
    const image = await demoAsset('banner.png');
    const a = await published('Banner D', image);
    const b = await published('Banner E', image);
    const made = await owner.post<Placement>('/v1/campaign/placements', {
      campaignID,
      name: 'Checkout',
      mode: 'weighted',
      items: [
        { creativeId: a.creativeId, weight: 1 },
        { creativeId: b.creativeId, weight: 1 },
      ],
    });
    const started = await owner.post<PlacementAbTest>('/v1/campaign/placements/abtest', {
      ...definition(made.body.data?.id ?? ''),
      variants: [a.creativeId, b.creativeId],
      control: a.creativeId,
      goal: 'conversionRate',
      baselineRate: 5,
    });
    expect(started.httpStatus, JSON.stringify(started.body)).toBe(200);
    const test = started.body.data as PlacementAbTest;
    await startedEarlier(test.id);
    await importEvents(a.liveId, 20_000, 1_000);
    await importEvents(b.liveId, 20_000, 1_000);
    // Counted conversions reach the event store as the server's `conversion` events (docs/conversions.md).
    const writer = server.app.adconsole.events.writer;
    const convert = (liveId: string, count: number) =>
      writer.record({
        liveId,
        type: 'conversion',
        at: new Date(),
        count,
        impressionId: `conversion.${liveId}.${count}`,
        reason: null,
      });
    await Promise.all([convert(a.liveId, 50), convert(b.liveId, 80)]);
    const read = await owner.get<AbTestResults>(`/v1/campaign/placements/abtest/results?id=${test.id}`);
    expect(read.httpStatus, JSON.stringify(read.body)).toBe(200);
    const [control, variant] = (read.body.data as AbTestResults).variants as [
      AbTestResults['variants'][0],
      AbTestResults['variants'][0],
    ];
    expect(control).toMatchObject({ id: a.creativeId, trials: 1_000, successes: 50 });
    expect(variant).toMatchObject({ id: b.creativeId, trials: 1_000, successes: 80 });
    // By hand: pooled p = 130 / 2,000 = 0.065; SE = sqrt(0.065 × 0.935 × (1/1,000 + 1/1,000)) = 0.0110250;
    // z = (0.08 − 0.05) / 0.0110250 = 2.7211; two-sided p = 0.0065.
    expect(variant.z).toBeCloseTo(2.721, 3);
    expect(variant.pValue).toBeCloseTo(0.0065, 4);
    expect(variant.lift?.value).toBeCloseTo(0.6, 10);
    await owner.post('/v1/campaign/placements/abtest/stop', { id: test.id });
  });

  it('refuses what cannot be tested, with the message saying why', async () => {
    const { id: placementID } = await placement();
    const outsider = (
      await owner.post<{ id: string }>('/v1/campaign/creatives', {
        campaignID,
        name: 'Not in the placement',
        type: 'Banner',
        width: 300,
        height: 250,
      })
    ).body.data?.id;
    const refusals: [Record<string, unknown>, string][] = [
      [
        { variants: [banners[0]?.creativeId, outsider], control: banners[0]?.creativeId },
        abTestVariantNotInPlacementMessage(outsider ?? ''),
      ],
      [{ variants: [banners[0]?.creativeId] }, MESSAGES.abTestVariants],
      [{ control: banners[2]?.creativeId }, MESSAGES.abTestControl],
      [{ goal: 'revenue' }, MESSAGES.abTestGoal],
      [{ minimumDetectableEffect: 0 }, MESSAGES.abTestMinimumDetectableEffect],
      [{ significance: 80 }, MESSAGES.abTestSignificance],
    ];
    for (const [plan, message] of refusals) {
      const answer = await owner.post('/v1/campaign/placements/abtest', definition(placementID, plan));
      expect(answer.httpStatus, JSON.stringify(plan)).toBe(400);
      expect(JSON.stringify(answer.body), JSON.stringify(plan)).toContain(message);
    }
    // Nothing started: the placement kept its rotation.
    const kept = (await owner.get<Placement>(`/v1/campaign/placement?id=${placementID}`)).body.data;
    expect(kept?.mode).toBe('weighted');
  });

  it("plans on the control's rate so far when no baseline is given, and refuses a control without one", async () => {
    const image = await demoAsset('banner.png');
    const [d, e] = [await published('Banner D', image), await published('Banner E', image)];
    // D's history before the test: 2 % CTR.
    const past = '2026-01-05T10:00:00Z';
    const imported = await admin.post('/v1/events/import', {
      events: [
        { liveID: d.liveId, type: 'impression', at: past, count: 5_000 },
        { liveID: d.liveId, type: 'click', at: past, count: 100 },
      ],
    });
    expect(imported.httpStatus).toBe(200);
    const slot = async () =>
      (
        await owner.post<Placement>('/v1/campaign/placements', {
          campaignID,
          name: 'Footer',
          items: [{ creativeId: d.creativeId }, { creativeId: e.creativeId }],
        })
      ).body.data?.id ?? '';
    const plan = {
      variants: [d.creativeId, e.creativeId],
      minimumDetectableEffect: 20,
      baselineRate: undefined,
    };
    const started = await owner.post<PlacementAbTest>(
      '/v1/campaign/placements/abtest',
      definition(await slot(), { ...plan, control: d.creativeId }),
    );
    expect(started.httpStatus, JSON.stringify(started.body)).toBe(200);
    expect(started.body.data?.baselineRate).toBeCloseTo(2, 10);
    expect(started.body.data?.plannedSample).toBe(
      abTestPlannedSample({ ...plan, significance: 95, power: 80 }, 2),
    );
    const refused = await owner.post(
      '/v1/campaign/placements/abtest',
      definition(await slot(), { ...plan, control: e.creativeId }),
    );
    expect(refused.httpStatus).toBe(400);
    expect(refused.body.message).toBe(MESSAGES.abTestBaselineRequired);
  });

  it("answers 404 for another owner's placement or test; a reports:read token reads the results", async () => {
    const { id: placementID } = await placement();
    const started = await owner.post<PlacementAbTest>(
      '/v1/campaign/placements/abtest',
      definition(placementID),
    );
    const id = started.body.data?.id ?? '';
    const tries = [
      await stranger.post('/v1/campaign/placements/abtest', definition(placementID)),
      await stranger.get(`/v1/campaign/placements/abtest?id=${id}`),
      await stranger.get(`/v1/campaign/placements/abtests?placementID=${placementID}`),
      await stranger.get(`/v1/campaign/placements/abtest/results?id=${id}`),
      await stranger.post('/v1/campaign/placements/abtest/stop', { id }),
    ];
    expect(tries.map((answer) => answer.httpStatus)).toEqual([404, 404, 404, 404, 404]);
    expect(tries.map((answer) => answer.body.message)).toEqual([
      MESSAGES.placementNotFound,
      MESSAGES.abTestNotFound,
      MESSAGES.placementNotFound,
      MESSAGES.abTestNotFound,
      MESSAGES.abTestNotFound,
    ]);
    expect((await admin.get(`/v1/campaign/placements/abtest?id=${id}`)).httpStatus).toBe(200);

    const token = await owner.post<{ secret: string }>('/v1/tokens', {
      name: 'Looker',
      scopes: ['reports:read'],
    });
    const bearer = (pathname: string) =>
      fetch(`${server.url}/api${pathname}`, {
        headers: { Authorization: `Bearer ${token.body.data?.secret}` },
      });
    expect((await bearer(`/v1/campaign/placements/abtest/results?id=${id}`)).status).toBe(200);
    expect((await bearer(`/v1/campaign/placements/abtest?id=${id}`)).status).toBe(403);
  });

  it('counts from the first whole 15-minute bucket after the start: impressions just before it are left out, those at it counted', async () => {
    const { id: placementID } = await placement('even');
    const started = await owner.post<PlacementAbTest>(
      '/v1/campaign/placements/abtest',
      definition(placementID),
    );
    expect(started.httpStatus, JSON.stringify(started.body)).toBe(200);
    const id = started.body.data?.id ?? '';
    expect((await owner.post('/v1/campaign/placements/abtest/stop', { id })).httpStatus).toBe(200);
    // Started at 12:05 and ended at 12:50 on 2 March 2026: the window is 12:15 to 13:00.
    await server.db.query(
      "update ab_tests set started_at = '2026-03-02T12:05:00Z', ended_at = '2026-03-02T12:50:00Z' where id = $1",
      [id],
    );
    const [a, b] = banners as [(typeof banners)[0], (typeof banners)[0]];
    const at = (liveID: string, time: string, impressions: number, clicks: number) => [
      { liveID, type: 'impression', at: time, count: impressions },
      { liveID, type: 'click', at: time, count: clicks },
    ];
    const imported = await admin.post('/v1/events/import', {
      events: [
        // In the bucket the start fell in (12:00-12:15), before and after the start: not counted.
        ...at(a.liveId, '2026-03-02T12:02:00Z', 700, 70),
        ...at(a.liveId, '2026-03-02T12:14:59Z', 500, 50),
        ...at(b.liveId, '2026-03-02T12:14:59Z', 500, 5),
        // From 12:15:00, the first whole bucket after the start: counted.
        ...at(a.liveId, '2026-03-02T12:15:00Z', 1_000, 10),
        ...at(b.liveId, '2026-03-02T12:15:00Z', 1_000, 12),
        ...at(b.liveId, '2026-03-02T12:59:59Z', 200, 3),
        // After the end's bucket (13:00 on): not counted.
        ...at(a.liveId, '2026-03-02T13:00:00Z', 900, 90),
      ],
    });
    expect(imported.httpStatus, JSON.stringify(imported.body)).toBe(200);
    const results = (await owner.get<AbTestResults>(`/v1/campaign/placements/abtest/results?id=${id}`)).body
      .data as AbTestResults;
    expect(results.window).toEqual({ from: '2026-03-02T12:15:00.000Z', to: '2026-03-02T13:00:00.000Z' });
    expect(results.variants.map((variant) => [variant.trials, variant.successes])).toEqual([
      [1_000, 10],
      [1_200, 15],
    ]);
  });
});
