// Alert rules (docs/alerts.md): whether one campaign's figures break one rule, as pure functions the
// evaluation job and the console share. Each answers { firing, value, threshold, message }: the figure
// it measured, the line it compared it with (in the same unit) and a plain-English sentence for the
// bell, the mail and the webhook. Whether a firing rule opens an alert, and when it closes, is the
// lifecycle's business (./alert-lifecycle.ts).

import type { BudgetFigures } from '../campaigns/budget';
import { type CampaignFlight, flightInstants, flightState } from '../campaigns/flight';
import type { Pacing } from '../campaigns/pacing';
import { formatMoney, GOAL_METRIC_LABELS } from '../campaigns/pricing';
import { VAST_ERROR_CODES } from '../serving/vast-measurement';
import { hourOfWeekDelivery, type ImpressionBucket, type LocalHour } from './alert-hours';
import { ALERT_RULES, type AlertRule, type AlertSettings } from './alert-settings';

export interface AlertEvaluation {
  rule: AlertRule;
  firing: boolean;
  /** What was measured (impressions, hours, a percentage, days...); null when nothing could be. */
  value: number | null;
  /** The line `value` is compared with, in the same unit. */
  threshold: number;
  message: string;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

const numberFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });
const count = (value: number) => numberFormat.format(value);
const percent = (value: number) => `${numberFormat.format(value)} %`;
const hourText = (hour: LocalHour, timezone: string | null | undefined, withDay = true) =>
  `the hour from ${hour.local.slice(11)}${withDay ? ` on ${hour.local.slice(0, 10)}` : ''} (${timezone || 'UTC'})`;
const plural = (value: number, unit: string) => `${count(value)} ${unit}${value === 1 ? '' : 's'}`;

/** What the delivery rules read: impressions by bucket over the last 4 weeks and an hour, and the flight. */
export interface DeliveryFigures {
  now: Date;
  flight: CampaignFlight;
  impressions: readonly ImpressionBucket[];
}

/** The last full local hour against its usual count, or why it is not compared. */
function usualHour(figures: DeliveryFigures, floor: number) {
  const { from, until } = flightInstants(figures.flight);
  const delivery = hourOfWeekDelivery({
    timezone: figures.flight.timezone,
    now: figures.now,
    impressions: figures.impressions,
    since: from,
  });
  const where = hourText(delivery.hour, figures.flight.timezone);
  const inFlight = (!from || delivery.hour.from >= from) && (!until || delivery.hour.until <= until);
  const skip = !inFlight
    ? `Not checked: ${where} is not wholly inside the flight.`
    : delivery.usual === null
      ? `Not checked: no earlier week of the flight has ${hourText(delivery.hour, figures.flight.timezone, false)} to compare with.`
      : delivery.usual < floor
        ? `Not checked: ${where} usually has ${count(delivery.usual)} impressions, fewer than the ${count(floor)} an alert needs.`
        : undefined;
  return { ...delivery, where, skip };
}

/**
 * Delivery drop: the last full local hour's impressions under `percent` % of the median of the same
 * local hour of the week over the last 4 weeks. Not checked when that median is under `floor`.
 */
export function deliveryDrop(
  figures: DeliveryFigures,
  settings: AlertSettings['delivery-drop'],
): AlertEvaluation {
  const hour = usualHour(figures, settings.floor);
  const usual = hour.usual ?? 0;
  const threshold = (usual * settings.percent) / 100;
  const base = { rule: 'delivery-drop' as const, value: hour.impressions, threshold };
  if (hour.skip) return { ...base, firing: false, message: hour.skip };
  const share = percent((hour.impressions / usual) * 100);
  const firing = hour.impressions < threshold;
  return {
    ...base,
    firing,
    message: firing
      ? `Impressions dropped to ${count(hour.impressions)} in ${hour.where}: ${share} of the usual ${count(usual)} for that hour of the week, under the ${percent(settings.percent)} this alert allows.`
      : `Delivery holds: ${count(hour.impressions)} impressions in ${hour.where}, ${share} of the usual ${count(usual)} (the alert is under ${percent(settings.percent)}).`,
  };
}

/** Delivery spike: the last full local hour's impressions over `multiple` times that same median. */
export function deliverySpike(
  figures: DeliveryFigures,
  settings: AlertSettings['delivery-spike'],
): AlertEvaluation {
  const hour = usualHour(figures, settings.floor);
  const usual = hour.usual ?? 0;
  const threshold = usual * settings.multiple;
  const base = { rule: 'delivery-spike' as const, value: hour.impressions, threshold };
  if (hour.skip) return { ...base, firing: false, message: hour.skip };
  const times = `${count(hour.impressions / usual)} times`;
  const firing = hour.impressions > threshold;
  return {
    ...base,
    firing,
    message: firing
      ? `Impressions spiked to ${count(hour.impressions)} in ${hour.where}: ${times} the usual ${count(usual)} for that hour of the week, over the ${count(settings.multiple)} times this alert allows.`
      : `No spike: ${count(hour.impressions)} impressions in ${hour.where}, ${times} the usual ${count(usual)} (the alert is over ${count(settings.multiple)} times).`,
  };
}

/**
 * No delivery: no impression for `hours` hours while the flight is live, counted from the last
 * impression or, when there was none since, from when delivery could start: the latest of the flight's
 * start, the campaign's creation and its first live creative (`deliverableFrom`). A campaign made at
 * 15:40 with a flight from midnight, published at 15:45, is counted from 15:45. Value: the hours
 * without one.
 */
export function noDelivery(
  figures: {
    now: Date;
    flight: CampaignFlight;
    lastImpressionAt: Date | null;
    /** When the campaign was created; null when not known. */
    createdAt?: Date | null;
    /** When its first live creative was published; null before any. */
    firstLiveAt?: Date | null;
  },
  settings: AlertSettings['no-delivery'],
): AlertEvaluation {
  const base = { rule: 'no-delivery' as const, threshold: settings.hours };
  const state = flightState(figures.flight, figures.now);
  if (state !== 'live')
    return { ...base, firing: false, value: null, message: `Not checked: the flight is ${state}.` };
  const start = deliverableFrom(flightInstants(figures.flight).from, figures.createdAt, figures.firstLiveAt);
  const last = figures.lastImpressionAt;
  const since = last && (!start.at || last >= start.at) ? last : start.at;
  if (!since)
    return {
      ...base,
      firing: false,
      value: null,
      message: 'Not checked: the campaign has no start date and no impression yet.',
    };
  const hours = Math.max(0, figures.now.getTime() - since.getTime()) / HOUR_MS;
  const after = since === last ? 'since the last one' : start.since;
  const firing = hours >= settings.hours;
  return {
    ...base,
    firing,
    value: hours,
    message: firing
      ? `No impressions for ${plural(hours, 'hour')} ${after}, while the flight is live (the alert is at ${plural(settings.hours, 'hour')}).`
      : `Delivering: ${plural(hours, 'hour')} ${after} (the alert is at ${plural(settings.hours, 'hour')}).`,
  };
}

/** The latest of the flight's start, the campaign's creation and its first live creative, and its words. */
function deliverableFrom(
  flightStart: Date | null | undefined,
  createdAt: Date | null | undefined,
  firstLiveAt: Date | null | undefined,
): { at: Date | null; since: string } {
  const candidates: [Date | null | undefined, string][] = [
    [flightStart, 'since the flight started'],
    [createdAt, 'since the campaign was created'],
    [firstLiveAt, 'since its first creative went live'],
  ];
  let latest: { at: Date | null; since: string } = { at: null, since: 'since the flight started' };
  for (const [at, since] of candidates) if (at && (!latest.at || at > latest.at)) latest = { at, since };
  return latest;
}

/** Invalid traffic: the invalid share of the last hour's ad requests over `percent` %. */
export function invalidTraffic(
  figures: { adRequests: number; invalidRequests: number },
  settings: AlertSettings['invalid-traffic'],
): AlertEvaluation {
  const base = { rule: 'invalid-traffic' as const, threshold: settings.percent };
  if (figures.adRequests <= 0)
    return { ...base, firing: false, value: null, message: 'Not checked: no ad requests in the last hour.' };
  const share = (figures.invalidRequests / figures.adRequests) * 100;
  const firing = share > settings.percent;
  const counts = `${count(figures.invalidRequests)} of ${count(figures.adRequests)} ad requests`;
  return {
    ...base,
    firing,
    value: share,
    message: firing
      ? `Invalid traffic at ${percent(share)} in the last hour (${counts}), over the ${percent(settings.percent)} this alert allows.`
      : `Invalid traffic at ${percent(share)} in the last hour (${counts}; the alert is over ${percent(settings.percent)}).`,
  };
}

/** The VAST error code reported most often (the lower code on a tie), or undefined for none. */
export function topVastError(
  errors: readonly { code: number; count: number }[],
): { code: number; count: number } | undefined {
  const byCode = new Map<number, number>();
  for (const error of errors) byCode.set(error.code, (byCode.get(error.code) ?? 0) + error.count);
  let top: { code: number; count: number } | undefined;
  for (const [code, total] of byCode)
    if (total > 0 && (!top || total > top.count || (total === top.count && code < top.code)))
      top = { code, count: total };
  return top;
}

/**
 * VAST errors: error pings over `percent` % of impressions, naming the code reported most. A player pings
 * an error for an ad it could not show (no impression) and may ping several for one ad, so errors can
 * outnumber impressions: the text then says "More VAST errors than impressions" rather than a share over
 * 100 % (the value stays the share, which the threshold is compared with).
 */
export function vastErrors(
  figures: { impressions: number; errors: readonly { code: number; count: number }[] },
  settings: AlertSettings['vast-errors'],
): AlertEvaluation {
  const base = { rule: 'vast-errors' as const, threshold: settings.percent };
  if (figures.impressions <= 0)
    return {
      ...base,
      firing: false,
      value: null,
      message: 'Not checked: no impressions to compare errors with.',
    };
  const total = figures.errors.reduce((sum, error) => sum + error.count, 0);
  const share = (total / figures.impressions) * 100;
  const top = topVastError(figures.errors);
  const topText = top
    ? `; most were error ${top.code} (${VAST_ERROR_CODES[top.code] ?? 'Unknown error'}): ${count(top.count)}`
    : '';
  const counts = `${plural(total, 'error ping')} for ${plural(figures.impressions, 'impression')}${topText}`;
  const firing = share > settings.percent;
  const figure =
    total > figures.impressions
      ? 'More VAST errors than impressions'
      : `VAST errors at ${percent(share)} of impressions`;
  return {
    ...base,
    firing,
    value: share,
    message: firing
      ? `${figure} (${counts}), over the ${percent(settings.percent)} this alert allows.`
      : `${figure} (${counts}; the alert is over ${percent(settings.percent)}).`,
  };
}

/**
 * Pacing behind: projected to miss the goal by more than `percent` % (projected < goal × (1 - p)).
 * Not checked without a goal and a flight with both ends, while pacing is not started (before the start,
 * or before the first impression during the flight's first whole day), once delivered or over.
 */
export function pacingBehind(
  pacing: Pacing | null,
  settings: AlertSettings['pacing-behind'],
): AlertEvaluation {
  const base = { rule: 'pacing-behind' as const };
  if (!pacing)
    return {
      ...base,
      firing: false,
      value: null,
      threshold: 0,
      message: 'Not checked: the campaign has no goal, or its flight no start or end.',
    };
  const threshold = pacing.goal * (1 - settings.percent / 100);
  const skip =
    pacing.status === 'not-started'
      ? pacing.elapsedDays > 0
        ? 'nothing delivered yet (pacing waits for the first impression or the end of the first whole day)'
        : 'the flight has not started'
      : pacing.status === 'delivered'
        ? 'the goal is reached'
        : pacing.status === 'missed'
          ? 'the flight is over'
          : undefined;
  if (skip)
    return { ...base, firing: false, value: pacing.projected, threshold, message: `Not checked: ${skip}.` };
  const metric = GOAL_METRIC_LABELS[pacing.metric].toLowerCase();
  const projected = `${count(Math.round(pacing.projected))} of the ${count(pacing.goal)} ${metric} booked (${percent((pacing.projected / pacing.goal) * 100)})`;
  const firing = pacing.projected < threshold;
  return {
    ...base,
    firing,
    value: pacing.projected,
    threshold,
    message: firing
      ? `Pacing behind: projected to deliver ${projected}, more than ${percent(settings.percent)} short of the goal.`
      : `Pacing holds: projected to deliver ${projected} (the alert is at more than ${percent(settings.percent)} short).`,
  };
}

/**
 * Flight ending: the flight ends within `days` days and the goal is not reached. Value: the days left.
 * Not checked without a goal (no pacing) or an end, or once the flight is over.
 */
export function flightEnding(
  figures: { now: Date; flight: CampaignFlight; pacing: Pacing | null },
  settings: AlertSettings['flight-ending'],
): AlertEvaluation {
  const base = { rule: 'flight-ending' as const, threshold: settings.days };
  const { until } = flightInstants(figures.flight);
  const { pacing, now } = figures;
  const skip = !until
    ? 'the flight has no end'
    : now >= until
      ? 'the flight is over'
      : !pacing
        ? 'the campaign has no goal'
        : undefined;
  if (skip || !until || !pacing)
    return { ...base, firing: false, value: null, message: `Not checked: ${skip}.` };
  const days = (until.getTime() - now.getTime()) / DAY_MS;
  const metric = GOAL_METRIC_LABELS[pacing.metric].toLowerCase();
  const delivered = `${count(pacing.delivered)} of the ${count(pacing.goal)} ${metric} booked delivered (${percent((pacing.delivered / pacing.goal) * 100)})`;
  const reached = pacing.delivered >= pacing.goal;
  const firing = days <= settings.days && !reached;
  return {
    ...base,
    firing,
    value: days,
    message: firing
      ? `The flight ends in ${plural(days, 'day')} with ${delivered}.`
      : reached
        ? `The goal is reached: ${delivered}.`
        : `The flight ends in ${plural(days, 'day')} (the alert is at ${plural(settings.days, 'day')}).`,
  };
}

/**
 * Budget (docs/serving.md, "Budgets in money"): the lifetime or today's budget, the more spent of the two,
 * at or over `percent` % spent. Value: that share in %. Not checked without a budget.
 */
export function budgetAlert(
  budget: BudgetFigures | null,
  settings: AlertSettings['budget'],
): AlertEvaluation {
  const base = { rule: 'budget' as const, threshold: settings.percent };
  const lines = (
    [
      ['the lifetime budget', budget?.lifetime],
      ["today's budget", budget?.daily],
    ] as const
  ).flatMap(([name, line]) => (line ? [{ name, line }] : []));
  const worst = lines.sort((a, b) => b.line.share - a.line.share)[0];
  if (!budget || !worst)
    return { ...base, firing: false, value: null, message: 'Not checked: the campaign has no budget.' };
  const money = (amount: number) => formatMoney(amount, budget.currency);
  const value = worst.line.share * 100;
  const spent = `${money(worst.line.spent)} of ${worst.name} of ${money(worst.line.budget)} (${percent(value)})`;
  const firing = value >= settings.percent;
  return {
    ...base,
    firing,
    value,
    message: !firing
      ? `Budget holds: ${spent} spent (the alert is at ${percent(settings.percent)}).`
      : worst.line.state === 'spent'
        ? `Budget spent: ${spent}; nothing more is served${worst.name === "today's budget" ? ' until tomorrow' : ''}.`
        : `Budget nearly spent: ${spent}, at or over the ${percent(settings.percent)} this alert allows.`,
  };
}

/** Everything the rules read about one campaign at `now`. */
export interface CampaignAlertFigures extends DeliveryFigures {
  lastImpressionAt: Date | null;
  /** When the campaign was created and its first creative went live (the start of "no delivery"). */
  createdAt?: Date | null;
  firstLiveAt?: Date | null;
  /** The last hour's ad requests, invalid ones among them, impressions and VAST error pings by code. */
  lastHour: {
    adRequests: number;
    invalidRequests: number;
    impressions: number;
    vastErrors: readonly { code: number; count: number }[];
  };
  /** The campaign's pacing (campaigns/pacing.ts), null without a goal or a flight with both ends. */
  pacing: Pacing | null;
  /** Its budget's spent and left (campaigns/budget.ts); null or absent without a budget. */
  budget?: BudgetFigures | null;
}

/** Every enabled rule evaluated for one campaign, in the order of ALERT_RULES. */
export function evaluateCampaignAlerts(
  figures: CampaignAlertFigures,
  settings: AlertSettings,
): AlertEvaluation[] {
  const evaluations: Record<AlertRule, () => AlertEvaluation> = {
    'delivery-drop': () => deliveryDrop(figures, settings['delivery-drop']),
    'delivery-spike': () => deliverySpike(figures, settings['delivery-spike']),
    'no-delivery': () => noDelivery(figures, settings['no-delivery']),
    'invalid-traffic': () => invalidTraffic(figures.lastHour, settings['invalid-traffic']),
    'vast-errors': () =>
      vastErrors(
        { impressions: figures.lastHour.impressions, errors: figures.lastHour.vastErrors },
        settings['vast-errors'],
      ),
    'pacing-behind': () => pacingBehind(figures.pacing, settings['pacing-behind']),
    'flight-ending': () => flightEnding(figures, settings['flight-ending']),
    budget: () => budgetAlert(figures.budget ?? null, settings.budget),
  };
  return ALERT_RULES.filter((rule) => settings[rule].enabled).map((rule) => evaluations[rule]());
}
