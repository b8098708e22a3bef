// What an ad request's answer was (docs/serving.md, "Why it did not serve"): every ad request of a known
// tag has exactly one outcome, an ad or the one reason it got none, and may carry notes besides (facts
// about it worth counting whatever its outcome: a device id that names no device, a site claim its
// Referer contradicts). The gate's own reasons stand around the rules' (rule-list.ts): the flight and
// the campaign before them, the frequency caps, the creative to answer with and the throttle after.
// Each outcome and note is a row's value in the stores and one figure of REPORT_FIGURES (its words are
// here, its figure is made from them in reports/figures.ts), so a new one is one entry, no migration.
import { DELIVERY_RULES } from './rule-list';

/** An outcome or a note with its figure's words. */
export interface RequestCountSpec {
  key: string;
  label: string;
  short: string;
}

/** A gate's reason: whether its own campaign chose not to answer (the forecast's `refused`), and its figure. */
interface GateReasonSpec {
  reason: string;
  ownCampaign: boolean;
  figure: RequestCountSpec;
}

/** The outcomes of a request answered with an ad. */
export const SERVED_OUTCOMES = [
  { outcome: 'served', figure: { key: 'adsServed', label: 'Requests served', short: 'Served' } },
  {
    // Invalid traffic (docs/traffic-quality.md) is answered as any request is, and never spends a
    // budget, a rate or a cap: counted apart so no figure that paces delivery reads it.
    outcome: 'servedInvalid',
    figure: {
      key: 'adsServedInvalid',
      label: 'Requests served: invalid traffic',
      short: 'Served to invalid traffic',
    },
  },
  {
    // A request that may not store or read device state (docs/privacy.md), of a tag with caps whose
    // campaign serves requests it cannot cap: served uncapped, counted apart as "no consent".
    outcome: 'servedNoConsent',
    figure: {
      key: 'adsServedNoConsent',
      label: 'Served uncapped: no consent',
      short: 'Served uncapped (no consent)',
    },
  },
] as const satisfies readonly { outcome: string; figure: RequestCountSpec }[];

/** The gate's reasons judged before the rules: the campaign archived, the flight. */
const BEFORE_RULES = [
  {
    reason: 'flight',
    ownCampaign: true,
    figure: { key: 'notServedFlight', label: 'Not served: outside the flight', short: 'Outside the flight' },
  },
  {
    reason: 'paused',
    ownCampaign: true,
    figure: { key: 'notServedPaused', label: 'Not served: paused or archived', short: 'Paused or archived' },
  },
] as const satisfies readonly GateReasonSpec[];

/** The gate's reasons judged after the rules: a creative to answer with, the caps, the throttle, the budget. */
const AFTER_RULES = [
  {
    reason: 'noCreative',
    ownCampaign: false,
    figure: {
      key: 'notServedNoCreative',
      label: 'Not served: no eligible creative',
      short: 'No eligible creative',
    },
  },
  {
    // No consent to keep device state where the campaign skips requests it cannot cap, or an EU
    // creative without a valid TC string where GDPR applies (docs/privacy.md).
    reason: 'noConsent',
    ownCampaign: false,
    figure: { key: 'notServedNoConsent', label: 'Not served: no consent', short: 'No consent' },
  },
  {
    reason: 'frequency',
    ownCampaign: false,
    figure: { key: 'notServedFrequency', label: 'Not served: frequency cap reached', short: 'Frequency cap' },
  },
  {
    reason: 'notCappable',
    ownCampaign: false,
    figure: { key: 'notServedNotCappable', label: 'Not served: cannot be capped', short: 'Not cappable' },
  },
  {
    reason: 'throttled',
    ownCampaign: true,
    figure: {
      key: 'notServedThrottled',
      label: 'Not served: even delivery throttle',
      short: 'Throttled (even delivery)',
    },
  },
  {
    // The campaign's budget in money spent, lifetime or today's (campaigns/budget.ts; docs/serving.md,
    // "Budgets in money"), or this process's allowance of what is left used until its next read.
    reason: 'budget',
    ownCampaign: true,
    figure: { key: 'notServedBudget', label: 'Not served: budget spent', short: 'Budget spent' },
  },
] as const satisfies readonly GateReasonSpec[];

/**
 * The reasons a request's own campaign chose not to answer it (`ownCampaign`: its flight, its pause,
 * its rules, its throttle, its budget): another campaign could have had the request (the forecast's
 * history counts them as refused, docs/reports.md, "The inventory forecast"). Every gate reason says
 * whether it is one; every delivery rule's is.
 */
export const CAMPAIGN_REFUSALS: readonly string[] = [
  ...BEFORE_RULES.filter((entry) => entry.ownCampaign).map((entry) => entry.reason),
  ...DELIVERY_RULES.map((rule) => rule.reason),
  ...AFTER_RULES.filter((entry) => entry.ownCampaign).map((entry) => entry.reason),
];

/** Every reason a request got no ad, each with its figure's words, in the report's order. */
export const NOT_SERVED = [...BEFORE_RULES, ...DELIVERY_RULES, ...AFTER_RULES] as const;

/**
 * Why an ad request got no ad (the report's "Requests not served, by reason"): outside the flight, the
 * campaign archived (or, for a placement, every creative paused or unpublished), a rule of the campaign
 * or of the creative (rule-list.ts), no creative eligible for it, no consent to keep device state
 * where the campaign skips what it cannot cap or an EU creative without a valid TC string
 * (`noConsent`: docs/privacy.md), a frequency cap reached for this
 * browser or device (`frequency`), a request that cannot be capped where the campaign says not to serve
 * those (`notCappable`), the even delivery's throttle (`throttled`), or the budget spent (`budget`).
 */
export type NotServedReason =
  | (typeof BEFORE_RULES)[number]['reason']
  | (typeof DELIVERY_RULES)[number]['reason']
  | (typeof AFTER_RULES)[number]['reason'];
export const NOT_SERVED_REASONS: readonly NotServedReason[] = NOT_SERVED.map((entry) => entry.reason);

/** What an ad request's answer was: an ad (to valid or to invalid traffic), or the reason it got none. */
export type RequestOutcome = (typeof SERVED_OUTCOMES)[number]['outcome'] | NotServedReason;
export const REQUEST_OUTCOMES: readonly RequestOutcome[] = [
  ...SERVED_OUTCOMES.map((entry) => entry.outcome),
  ...NOT_SERVED_REASONS,
];

/**
 * What a request may carry besides its outcome, counted apart from it (their figures are not part of
 * requests = served + each reason): a device id that is neither a UUID nor 32 hex digits (a platform's
 * macro left unexpanded or filled with a placeholder: `deviceIdUnusable`), a site the tag claims
 * whose registrable domain is not its Referer's (`siteMismatch`: spoofing shows, docs/serving.md).
 */
export const REQUEST_NOTES = [
  {
    note: 'deviceIdUnusable',
    figure: {
      key: 'requestsDeviceIdUnusable',
      label: 'Requests with a device id that is not usable',
      short: 'Device id not usable',
    },
  },
  {
    note: 'siteMismatch',
    figure: {
      key: 'requestsSiteMismatch',
      label: 'Requests whose claimed site is not their referrer',
      short: 'Site claim not the referrer',
    },
  },
] as const satisfies readonly { note: string; figure: RequestCountSpec }[];
export type RequestNote = (typeof REQUEST_NOTES)[number]['note'];
export const REQUEST_NOTE_NAMES: readonly RequestNote[] = REQUEST_NOTES.map((entry) => entry.note);

/** Whether an outcome is an ad served (to valid or invalid traffic). */
export const isServed = (outcome: RequestOutcome): boolean =>
  SERVED_OUTCOMES.some((entry) => entry.outcome === outcome);
