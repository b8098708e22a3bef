// The inventory forecast in words (docs/reports.md, "The inventory forecast"): its verdict in one line
// and a plain sentence of how it was computed, the same in the API's answer and on screen.
import { DELIVERY_MODE_LABELS } from '../delivery/even-delivery';
import type { ForecastDay, InventoryForecast } from './forecast';

const whole = (value: number) => Math.round(value).toLocaleString('en-US');
const percent = (share: number) => `${Math.round(share * 100)} %`;

/** The verdict as a line: "Fits: about 15,200 impressions a day for 13,889 needed". */
export function forecastVerdictText(
  forecast: { verdict: InventoryForecast['verdict']; days: readonly Pick<ForecastDay, 'impressions'>[] },
  goal: number,
  mode: keyof typeof DELIVERY_MODE_LABELS,
): string {
  const { verdict, days } = forecast;
  const count = Math.max(1, days.length);
  const perDay = days.reduce((sum, day) => sum + day.impressions, 0) / count;
  const need = goal / count;
  switch (verdict.kind) {
    case 'noHistory':
      return 'No ad requests of this account in the last 60 days to forecast from';
    case 'fits':
      return `Fits: about ${whole(perDay)} impressions a day available for ${whole(need)} needed`;
    case 'fitsWithMode':
      return `Fits delivered ${DELIVERY_MODE_LABELS[mode].toLowerCase()}: some days have fewer than the ${whole(need)} a day needed, others make up for them`;
    case 'short':
      return `Falls short by about ${whole(verdict.shortPerDay)} impressions a day (about ${whole(verdict.deliverable)} of ${whole(goal)} deliverable)`;
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
  ].join(' ');
}
