// The gate's dry run (docs/serving.md, "The gate"; the tag tester's judgement): every step of GATE_STEPS
// judged for one request to a tag, in the gate's order, and nothing counted or written: no request
// outcome, no forecast history, no rate rule's count, no device row, no throttle draw, no budget
// allowance spent. Written beside the gate, not in it, so serving's path does no more work than before:
// `DRY_STEPS` holds one judgement for each step, typed over GateStep, so a step added to the gate does not
// compile until the dry run judges it (and gate-dry-run.test.ts walks GATE_STEPS). A step that depends on
// the requester's own stored state (its cap history, its consent string) or on a draw (the throttle) is
// answered "not judged here" with why; one invalid traffic never reaches is "skipped".
import {
  type CampaignFlight,
  type DeliveryFacts,
  type DeliveryTestVerdict,
  eventsLeft,
  flightInstants,
  INVALID_TRAFFIC_LABELS,
  type NotServedReason,
} from '@adconsole/domain';
import type { Context } from '../../context';
import { readBudgetCounters } from './budgets';
import { GATE_STEPS, type GateStep, type GateTag } from './gate';
import type { TrafficClient } from './traffic-quality';

/** One step as the dry run judged it. */
interface DryStep {
  step: GateStep;
  verdict: DeliveryTestVerdict;
  /** Why it refuses (the gate's reasons, first the one it counts); none unless refused. */
  reasons: NotServedReason[];
  /** Words for a step not judged or skipped, or passed with something to say; null otherwise. */
  note: string | null;
}

/** What a dry run judges: the request's facts, its verdict as classified (no rate rule) and the instant. */
interface DryRequest {
  facts: DeliveryFacts;
  /** The classifier's verdict (traffic-quality.ts): non-null is invalid traffic at the gate. */
  invalid: TrafficClient['reason'];
  now: number;
}

/** The dry run's answer: each step, every reason in the gate's order, and the creative it would serve. */
interface DryRun {
  steps: DryStep[];
  reasons: NotServedReason[];
  /** The live creative the request would get (a placement's rotation drawn as serving draws it); null: none. */
  liveId: string | null;
}

interface DryState {
  ctx: Context;
  tag: GateTag;
  request: DryRequest;
  /** The creatives still eligible (after the rules; undefined before). */
  eligible: boolean[] | undefined;
  liveId: string | null;
}

type Judged = Omit<DryStep, 'step'>;
const passed = (note: string | null = null): Judged => ({ verdict: 'passed', reasons: [], note });
const refused = (...reasons: NotServedReason[]): Judged => ({ verdict: 'refused', reasons, note: null });
const notJudged = (note: string): Judged => ({ verdict: 'notJudged', reasons: [], note });
const SKIPPED_INVALID: Judged = {
  verdict: 'skipped',
  reasons: [],
  note: 'Invalid traffic never reaches this step: it is served as the rules let it, counted apart.',
};

/** Whether `now` is inside a flight's dates (none: always), as live-creatives.ts reads them. */
function inFlight(flight: CampaignFlight, now: number): boolean {
  const { from, until } = flightInstants(flight);
  return (from === undefined || now >= from.getTime()) && (until === undefined || now < until.getTime());
}

/** The items still eligible (every one not paused, before the rules judged). */
const eligibleItems = (state: DryState) =>
  state.tag.items.filter((item, index) => !item.paused && state.eligible?.[index] !== false);

/** Each step's judgement without counting or writing anything (a Record: one for every step of the gate). */
export const DRY_STEPS: { readonly [S in GateStep]: (state: DryState) => Judged | Promise<Judged> } = {
  paused: ({ tag }) => (tag.campaign.pausedOrArchived ? refused('paused') : passed()),
  // A live creative's `liveAt` folds its campaign's pause in (the gate judges the pause first, so serving
  // never tells): its flight is read from its dates here, so a paused campaign is not also "out of flight".
  flight: ({ tag, request }) =>
    (tag.live ? inFlight(tag.live.flight, request.now) : tag.campaign.liveAt(request.now))
      ? passed()
      : refused('flight'),
  invalid: ({ request }) =>
    request.invalid === null
      ? passed(
          "The rate rule counts the requester's own ad requests a minute: not judged here (the tester sends one).",
        )
      : passed(
          `Invalid traffic (${INVALID_TRAFFIC_LABELS[request.invalid]}): judged by the rules as anyone, then served without caps, throttle or budget and counted apart.`,
        ),
  // The campaign's rules (every reason), then each creative's own: none eligible names theirs.
  rules: (state) => {
    const { tag, request } = state;
    const reasons: NotServedReason[] = [...(tag.campaign.delivery?.every(request.facts, request.now) ?? [])];
    const { items } = tag;
    state.eligible = items.map(
      (item) => !item.paused && (item.rules?.(request.facts, request.now) ?? null) === null,
    );
    if (items.every((item) => item.paused)) reasons.push('paused');
    else if (!state.eligible.some(Boolean)) {
      const own = items.flatMap((item) =>
        item.paused ? [] : (item.rules?.every(request.facts, request.now) ?? []),
      );
      reasons.push(...(own.length > 0 ? own : ['noCreative' as const]));
    }
    return reasons.length > 0 ? refused(...new Set(reasons)) : passed();
  },
  // Invalid traffic too: an EU creative's TC string is the request's own, read for anyone (gate.ts).
  consent: (state) => {
    if (!eligibleItems(state).some((item) => item.euCreative)) return passed();
    return notJudged(
      "An EU creative serves only with a valid TC string where GDPR applies: the tag's consent parameters, which the tester does not send.",
    );
  },
  caps: (state) => {
    if (state.request.invalid !== null) return SKIPPED_INVALID;
    if (!eligibleItems(state).some((item) => item.caps !== null)) return passed();
    return notJudged(
      "Frequency caps count each browser's or device's own history: the tester is a new browser without one.",
    );
  },
  noCreative: async (state) => {
    const { tag, ctx } = state;
    if (state.eligible !== undefined && !state.eligible.some(Boolean))
      return { verdict: 'skipped', reasons: [], note: 'No creative is left to choose after the rules.' };
    const position = tag.items.length === 1 ? 0 : tag.choose(state.eligible, null);
    const liveId = position < 0 ? undefined : tag.items[position]?.liveId;
    if (liveId === undefined) return refused('paused');
    const live = tag.live ?? (await ctx.liveCreatives.get(liveId));
    if (!live) return refused('noCreative');
    state.liveId = live.id;
    return passed();
  },
  throttle: ({ ctx, tag, request }) => {
    if (request.invalid !== null) return SKIPPED_INVALID;
    const even = tag.campaign.even;
    if (even === null) return passed();
    const rate = ctx.throttles.current(even.id)?.rate;
    const share = rate === undefined ? '' : ` (now ${Math.round(rate * 1000) / 10}% of them)`;
    return notJudged(
      `Even delivery serves a share of the campaign's requests${share}, drawn at random for each: not judged here.`,
    );
  },
  // What the campaign's budget still pays for: this process's last read of it (budgets.ts), else read from
  // the store; never its allowance, so none of it is spent.
  budget: async ({ ctx, tag, request }) => {
    if (request.invalid !== null) return SKIPPED_INVALID;
    const budget = tag.campaign.budget;
    if (budget === null) return passed();
    const left =
      ctx.budgets.current(budget.id)?.left ??
      eventsLeft(budget.budget, budget.rate, await readBudgetCounters(ctx, budget, request.now));
    return left > 0 ? passed() : refused('budget');
  },
};

/** Every step of the gate for one request to `tag`, in GATE_STEPS' order, counting and writing nothing. */
export async function dryRunGate(ctx: Context, tag: GateTag, request: DryRequest): Promise<DryRun> {
  const state: DryState = { ctx, tag, request, eligible: undefined, liveId: null };
  const steps: DryStep[] = [];
  for (const step of GATE_STEPS) steps.push({ step, ...(await DRY_STEPS[step](state)) });
  const reasons = [...new Set(steps.flatMap((step) => step.reasons))];
  return { steps, reasons, liveId: state.liveId };
}
