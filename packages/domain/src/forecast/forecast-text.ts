// The inventory forecast in words (docs/reports.md, "The inventory forecast"): its verdict in one line
// and a plain sentence of how it was computed, the same in the API's answer and on screen.
import type { ForecastAnswer } from '../api/forecast/requests';
import { FREQUENCY_CAPS_NOT_READ } from '../delivery/estimate-text';
import { DELIVERY_MODE_LABELS, type DeliveryMode } from '../delivery/even-delivery';
import { DELIVERY_RULE } from '../delivery/rule-list';
import {
  FORECAST_HISTORY_DAYS,
  FORECAST_LEVEL_DAYS,
  type ForecastDay,
  type ForecastFlight,
  type InventoryForecast,
} from './forecast';

const whole = (value: number) => Math.round(value).toLocaleString('en-US');
const percent = (share: number) => `${Math.round(share * 100)} %`;

/** The verdict as a line: "Fits: about 15,200 impressions a day for 13,889 needed". */
export function forecastVerdictText(
  forecast: {
    verdict: InventoryForecast['verdict'];
    days: readonly Pick<ForecastDay, 'impressions' | 'needed'>[];
  },
  goal: number,
  mode: keyof typeof DELIVERY_MODE_LABELS,
  /** What a running campaign delivered so far: the verdict speaks of what is left of the goal. */
  delivered = 0,
): string {
  const { verdict, days } = forecast;
  const left = Math.max(0, goal - delivered);
  const count = Math.max(1, days.length);
  const perDay = days.reduce((sum, day) => sum + day.impressions, 0) / count;
  // The need a day as the days carry it: what is left of the goal over the days left.
  const need = days[0]?.needed ?? goal / count;
  switch (verdict.kind) {
    case 'noHistory':
      return 'No ad requests of this account in the last 60 days to forecast from';
    case 'fits':
      return `Fits: about ${whole(perDay)} impressions a day available for ${whole(need)} needed`;
    case 'fitsWithMode':
      return `Fits delivered ${DELIVERY_MODE_LABELS[mode].toLowerCase()}: some days have fewer than the ${whole(need)} a day needed, others make up for them`;
    case 'short':
      return delivered > 0
        ? `Falls short by about ${whole(verdict.shortPerDay)} impressions a day (about ${whole(verdict.deliverable)} of the ${whole(left)} left of ${whole(goal)} deliverable)`
        : `Falls short by about ${whole(verdict.shortPerDay)} impressions a day (about ${whole(verdict.deliverable)} of ${whole(goal)} deliverable)`;
  }
}

/** How the forecast was computed, in one plain paragraph. */
export function forecastMethodText(
  forecast: InventoryForecast,
  historyDays: number,
  levelDays: number,
): string {
  const contenders = forecast.contention.filter((other) => other.takenPerDay > 0.5).length;
  if (forecast.historyRequests === 0)
    return `The forecast reads this account's ad requests of the last ${historyDays} days (every tag, every site), kept as its campaigns' tags are requested: there are none yet.`;
  return [
    `From this account's ${whole(forecast.historyRequests)} ad requests of the last ${historyDays} days (every tag, every site):`,
    'the mean of each hour of the week gives the daily and hourly pattern,',
    `scaled by the last ${levelDays} days (${percent(forecast.level)} of what the pattern expected).`,
    'Each request is judged by the rules as serving judges it, in their order.',
    contenders > 0
      ? `${contenders === 1 ? 'One other campaign wants' : `${contenders} other campaigns want`} some of the same requests on the same days, by its goal and delivery mode; what it takes is left out.`
      : 'No other campaign with an impressions goal wants the same requests on those days.',
    `Impressions are the requests left times the ${percent(forecast.serveRate)} of requests that were served an ad.`,
    ...unreadText(forecast),
    FREQUENCY_CAPS_NOT_READ,
  ].join(' ');
}

/** The rules the forecast could not judge, in a sentence (none: nothing). */
function unreadText(forecast: Pick<InventoryForecast, 'funnel'>): string[] {
  const unread = forecast.funnel.filter((step) => !step.read).map((step) => DELIVERY_RULE[step.rule].label);
  if (unread.length === 0) return [];
  return [
    `${unread.join(', ')} not read: no request of the history carries ${unread.length === 1 ? 'its fact' : 'their facts'}, so the forecast keeps every request there.`,
  ];
}

/** The forecast as the API answers it (forecastAnswerSchema): its figures, the rules' labels, its words. */
export function forecastAnswerOf(
  forecast: InventoryForecast,
  request: { flight: ForecastFlight; goal: number; deliveryMode: DeliveryMode; delivered?: number },
): ForecastAnswer {
  const { flight, goal, deliveryMode, delivered = 0 } = request;
  return {
    historyFrom: new Date(forecast.historyFrom).toISOString(),
    historyTo: new Date(forecast.historyTo).toISOString(),
    historyRequests: forecast.historyRequests,
    serveRate: forecast.serveRate,
    level: forecast.level,
    timezone: flight.timezone,
    goal,
    deliveryMode,
    days: forecast.days,
    requestsPerDay: forecast.requestsPerDay,
    funnel: forecast.funnel.map((step) => ({ ...step, label: DELIVERY_RULE[step.rule].label })),
    contention: forecast.contention.map(({ id, ...other }) => ({ campaignID: id, ...other })),
    verdict: { ...forecast.verdict, text: forecastVerdictText(forecast, goal, deliveryMode, delivered) },
    method: forecastMethodText(forecast, FORECAST_HISTORY_DAYS, FORECAST_LEVEL_DAYS),
  };
}
