// The gate's order (docs/serving.md, "The gate"), read from GATE_STEPS, the one place it is written: a
// request that every step would refuse gets the first step's reason; with that step passed, the next
// one's; and so on to the ad. Invalid traffic goes past the consent, the caps, the throttle and the budget (it reads
// no device state and spends no budget) and is counted `servedInvalid`; so does a request over the rate
// rule. The parts around the gate are stand-ins here (a counter that records (outcomes, reach and the
// forecast's history), a jar with a verdict, a throttle with a verdict, a rate rule with a verdict): the gate's
// decisions are what is tested, against its real code; the suites over HTTP hold the parts themselves.
// The tag tester's dry run (gate-dry-run.ts) is held to the same steps: it judges each one of GATE_STEPS,
// refuses with the gate's own reason or says why a step is not judged here, and counts and writes nothing.
import {
  compileDeliveryRules,
  type DeliveryTestVerdict,
  INVALID_TRAFFIC_LABELS,
  type RequestOutcome,
  type TagCaps,
  UNKNOWN_FACTS,
} from '@adconsole/domain';
import { describe, expect, it } from 'vitest';
import type { Context } from '../../context';
import type { CapJar } from './frequency-jar';
import { GATE_STEPS, type GateStep, type GateTag, passGate } from './gate';
import { DRY_STEPS, dryRunGate } from './gate-dry-run';
import type { LiveCreative } from './live-creatives';
import type { TrafficClient } from './traffic-quality';

const NOW = Date.UTC(2026, 10, 23, 12);
const CAPS = {
  levels: [],
  zone: 'UTC',
  flightStart: null,
  uncappable: 'skip',
  counted: null,
} as unknown as TagCaps;
const GERMANY_ONLY = compileDeliveryRules({ countries: { mode: 'include', values: ['DE'] } }, 'UTC');

/** Which steps a request breaks: each one that would refuse it. */
type Broken = ReadonlySet<GateStep>;

const BROWSER = { kind: 'browser', hash: '00000000000000b1' };

function world(broken: Broken, overRate = false) {
  const counted: RequestOutcome[] = [];
  /** The served ads counted toward reach: campaign, live creative, identity. */
  const reached: unknown[][] = [];
  /** The outcomes added to the forecast's history. */
  const forecast: RequestOutcome[] = [];
  const live = { id: 'l1', flight: {} } as LiveCreative;
  /** Every call that counts or spends something outside the requests' counter (the dry run makes none). */
  const spent: string[] = [];
  const ctx = {
    clock: () => NOW,
    events: {
      requests: {
        add: (_key: string, outcome: RequestOutcome) => counted.push(outcome),
        addRank() {},
        addReach: (campaignId: string, liveId: string, identity: unknown) =>
          reached.push([campaignId, liveId, identity]),
      },
      // The forecast's history (its own test: services/forecast/forecast.test.ts).
      requestFacts: {
        add: (_key: string, _request: unknown, outcome: RequestOutcome) => forecast.push(outcome),
      },
    },
    liveCreatives: { get: async () => (broken.has('noCreative') ? undefined : live) },
    throttles: {
      admit: async () => {
        spent.push('throttle');
        return !broken.has('throttle');
      },
      current: () => undefined,
    },
    // The budget's allowance; what the campaign's budget still pays for, as this process last read it.
    budgets: {
      admit: () => {
        spent.push('budget');
        return !broken.has('budget');
      },
      current: () => ({ left: broken.has('budget') ? 0 : 10 }),
    },
    // The rate rule's verdict (counted as it is asked): the client's own reason, else `rate` when asked to be over it.
    traffic: {
      adRequestReason: (client: TrafficClient) => {
        spent.push('rate');
        return client.reason ?? (overRate ? 'rate' : null);
      },
    },
  } as unknown as Context;
  const tag: GateTag = {
    campaign: {
      pausedOrArchived: broken.has('paused'),
      liveAt: () => !broken.has('flight'),
      delivery: broken.has('rules') ? GERMANY_ONLY : null,
      even: { id: 'c1', goal: { metric: 'impressions', amount: 1 }, flight: {} },
      budget: {
        id: 'c1',
        budget: { lifetime: 10 },
        rate: { model: 'CPM', amount: 5, currency: 'USD' },
        zone: 'UTC',
      },
    },
    items: [
      {
        liveId: 'l1',
        paused: false,
        rules: null,
        caps: CAPS,
        euCreative: broken.has('consent'),
        countKey: 'c1\t\tl1',
      },
    ],
    choose: () => 0,
    noCreativeKey: 'c1\t\tl1',
    rateKey: 'l1',
  };
  const client: TrafficClient = {
    reason: broken.has('invalid') ? 'bot' : null,
    showsAd: true,
    rateKey: () => 1,
    rateAddressKey: () => 2,
    dimensions: () => ({ site: '', device: '', os: '', browser: '', country: 'GB' }),
    facts: () => ({ ...UNKNOWN_FACTS, country: 'GB' }),
    siteMismatch: () => false,
    addressKey: () => 7,
  };
  const jar = {
    notes: [],
    deviceShareKey: undefined,
    prepare: () => {
      spent.push('device read');
    },
    judge: () => (broken.has('consent') ? 'noConsent' : broken.has('caps') ? 'frequency' : null),
    commit: async () => {
      spent.push('device row');
      return { served: true, rank: null };
    },
    servedAs: () => 'served',
    reachIdentity: () => BROWSER,
  } as unknown as CapJar;
  const answerable = () => !broken.has('noCreative');
  return { ctx, tag, client, jar, answerable, counted, reached, forecast, spent };
}

/** The reason each step refuses with (invalid traffic refuses nothing: it changes the path). */
const REASON: Readonly<Record<Exclude<GateStep, 'invalid'>, RequestOutcome>> = {
  paused: 'paused',
  flight: 'flight',
  rules: 'country',
  consent: 'noConsent',
  caps: 'frequency',
  noCreative: 'noCreative',
  throttle: 'throttled',
  budget: 'budget',
};

describe('the gate', () => {
  it('its steps are written once, in this order', () => {
    expect(GATE_STEPS).toEqual([
      'paused',
      'flight',
      'invalid',
      'rules',
      'consent',
      'caps',
      'noCreative',
      'throttle',
      'budget',
    ]);
  });

  it("refuses for the first step a request fails, in GATE_STEPS' order: each step passed, the next one's reason", async () => {
    const valid = GATE_STEPS.filter((step): step is Exclude<GateStep, 'invalid'> => step !== 'invalid');
    for (const [index, step] of valid.entries()) {
      const { ctx, tag, client, jar, answerable, counted, reached } = world(new Set(valid.slice(index)));
      expect(await passGate(ctx, tag, { client, jar, answerable }), step).toBeUndefined();
      expect(counted, step).toEqual([REASON[step]]);
      expect(reached, step).toEqual([]);
    }
    const { ctx, tag, client, jar, answerable, counted, reached } = world(new Set());
    expect(await passGate(ctx, tag, { client, jar, answerable })).toMatchObject({ position: 0 });
    expect(counted).toEqual(['served']);
    // The served ad counts toward reach, under the jar's identity (docs/reports.md, "Reach").
    expect(reached).toEqual([['c1', 'l1', BROWSER]]);
  });

  it('invalid traffic reads no consent, cap or throttle: refused by the rules as anyone, else served and counted apart', async () => {
    const afterInvalid: GateStep[] = ['invalid', 'consent', 'caps', 'throttle', 'budget'];
    const served = world(new Set(afterInvalid));
    expect(await passGate(served.ctx, served.tag, served)).toMatchObject({ position: 0 });
    expect(served.counted).toEqual(['servedInvalid']);
    // Invalid traffic reaches no one.
    expect(served.reached).toEqual([]);
    const refused = world(new Set([...afterInvalid, 'rules']));
    expect(await passGate(refused.ctx, refused.tag, refused)).toBeUndefined();
    expect(refused.counted).toEqual(['country']);
  });

  it('a request over the rate rule is invalid traffic at the gate: no consent, cap or throttle, no reach, no forecast history; its impression carries `rate`', async () => {
    // Each of these steps would refuse a valid request: the one over the rate never meets them.
    const served = world(new Set<GateStep>(['consent', 'caps', 'throttle', 'budget']), true);
    expect(await passGate(served.ctx, served.tag, served)).toMatchObject({ position: 0, reason: 'rate' });
    expect(served.counted).toEqual(['servedInvalid']);
    expect(served.reached).toEqual([]);
    expect(served.forecast).toEqual([]);
    // Refused by the rules or out of its flight as anyone, and still no forecast history.
    for (const step of ['rules', 'flight'] as const) {
      const refused = world(new Set<GateStep>([step]), true);
      expect(await passGate(refused.ctx, refused.tag, refused)).toBeUndefined();
      expect(refused.counted).toEqual([REASON[step]]);
      expect(refused.forecast).toEqual([]);
    }
    // A valid request adds its outcome to the forecast's history.
    const valid = world(new Set());
    expect(await passGate(valid.ctx, valid.tag, valid)).toMatchObject({ reason: null });
    expect(valid.forecast).toEqual(['served']);
  });

  it('an EU creative without a valid TC string where GDPR applies leaves the rotation: another creative serves; none left is "no consent"', async () => {
    const { ctx, client, answerable } = world(new Set());
    const chosen: (readonly boolean[] | undefined)[] = [];
    const item = (liveId: string, euCreative: boolean) => ({
      liveId,
      paused: false,
      rules: null,
      caps: null,
      euCreative,
      countKey: liveId,
    });
    const tag = (items: GateTag['items']): GateTag => ({
      campaign: { pausedOrArchived: false, liveAt: () => true, delivery: null, even: null, budget: null },
      items,
      choose: (eligible) => {
        chosen.push(eligible);
        return eligible?.indexOf(true) ?? 0;
      },
      noCreativeKey: 'placement',
      rateKey: 'p|placement',
    });
    const noValidString = {
      consent: { euCreativeServes: () => false },
      notes: [],
      servedAs: () => 'served',
      commit: async () => ({ served: true, rank: null }),
      reachIdentity: () => undefined,
    };
    const jar = noValidString as unknown as CapJar;
    expect(
      await passGate(ctx, tag([item('eu', true), item('anyone', false)]), { client, jar, answerable }),
    ).toMatchObject({ position: 1 });
    expect(chosen.at(-1)).toEqual([false, true]);
    const { ctx: alone, counted } = world(new Set());
    expect(
      await passGate(alone, tag([item('eu', true), item('eu2', true)]), { client, jar, answerable }),
    ).toBeUndefined();
    expect(counted).toEqual(['noConsent']);
  });
});

/** How the dry run judges each step a request breaks alone (the world's tag: capped, evenly delivered). */
const DRY: Readonly<
  Record<Exclude<GateStep, 'invalid'>, { verdict: DeliveryTestVerdict; reasons: RequestOutcome[] }>
> = {
  paused: { verdict: 'refused', reasons: ['paused'] },
  flight: { verdict: 'refused', reasons: ['flight'] },
  rules: { verdict: 'refused', reasons: ['country'] },
  consent: { verdict: 'notJudged', reasons: [] },
  caps: { verdict: 'notJudged', reasons: [] },
  noCreative: { verdict: 'refused', reasons: ['noCreative'] },
  throttle: { verdict: 'notJudged', reasons: [] },
  budget: { verdict: 'refused', reasons: ['budget'] },
};

describe("the gate's dry run (the tag tester's judgement: gate-dry-run.ts)", () => {
  const valid = GATE_STEPS.filter((step): step is Exclude<GateStep, 'invalid'> => step !== 'invalid');
  const dryRun = async (broken: Broken) => {
    const judged = world(broken);
    const { ctx, tag, client } = judged;
    return {
      ...judged,
      ...(await dryRunGate(ctx, tag, { facts: client.facts(), invalid: client.reason, now: NOW })),
    };
  };

  it('judges every step of GATE_STEPS, in its order: a step of the gate the dry run does not judge fails here', async () => {
    expect(Object.keys(DRY_STEPS).sort()).toEqual([...GATE_STEPS].sort());
    const { steps, reasons } = await dryRun(new Set());
    expect(steps.map((step) => step.step)).toEqual([...GATE_STEPS]);
    expect(reasons).toEqual([]);
  });

  it("refuses for each step the gate refuses for with the gate's own reason, or says the step is not judged here and why", async () => {
    for (const step of valid) {
      const { steps, reasons } = await dryRun(new Set([step]));
      const judged = steps.find((each) => each.step === step);
      expect(judged, step).toMatchObject(DRY[step]);
      if (DRY[step].verdict === 'notJudged') expect(judged?.note, step).toMatch(/\w/);
      else {
        // The first reason is the one serving counts for the same request.
        const served = world(new Set([step]));
        expect(await passGate(served.ctx, served.tag, served), step).toBeUndefined();
        expect(reasons[0], step).toBe(served.counted[0]);
      }
    }
    // Every step broken: every reason judged here, in the gate's order.
    const all = await dryRun(new Set(valid));
    expect(all.reasons).toEqual(['paused', 'flight', 'country', 'noCreative', 'budget']);
  });

  it('counts and writes nothing: no outcome, forecast history, reach, rate count, device row, throttle draw or budget spent', async () => {
    for (const broken of [new Set<GateStep>(), new Set<GateStep>(valid), new Set<GateStep>(['invalid'])]) {
      const { counted, forecast, reached, spent } = await dryRun(broken);
      expect([counted, forecast, reached, spent]).toEqual([[], [], [], []]);
    }
    // The same requests through the gate do count (the recorders see them).
    const { ctx, tag, client, jar, answerable, counted, spent } = world(new Set());
    await passGate(ctx, tag, { client, jar, answerable });
    expect(counted).toEqual(['served']);
    expect(spent).toEqual(['rate', 'device read', 'throttle', 'budget', 'device row']);
  });

  it("invalid traffic: judged by the rules and an EU creative's consent as anyone, the steps it never reaches skipped, served as the gate serves it", async () => {
    const broken = new Set<GateStep>(['invalid', 'consent', 'throttle', 'budget']);
    const { steps, reasons } = await dryRun(broken);
    expect(reasons).toEqual([]);
    expect(steps.find((step) => step.step === 'invalid')?.note).toContain(INVALID_TRAFFIC_LABELS.bot);
    // An EU creative's TC string is read for anyone: not judged here, as for a valid request.
    expect(steps.find((step) => step.step === 'consent')?.verdict).toBe('notJudged');
    expect(steps.filter((step) => step.verdict === 'skipped').map((step) => step.step)).toEqual([
      'caps',
      'throttle',
      'budget',
    ]);
    const served = world(broken);
    expect(await passGate(served.ctx, served.tag, served)).toMatchObject({ position: 0 });
    expect(served.counted).toEqual(['servedInvalid']);
    const refused = await dryRun(new Set([...broken, 'rules']));
    expect(refused.reasons).toEqual(['country']);
  });
});
