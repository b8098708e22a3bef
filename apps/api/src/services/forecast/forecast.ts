// POST /v1/forecast (docs/reports.md, "The inventory forecast"): the account's last 60 days of ad
// requests with their facts (db/queries/request-facts.ts), its other campaigns whose flights meet this
// one (their rules, goals, delivery modes and what they delivered), and the domain's forecast of them
// (forecast/forecast.ts), answered with its verdict and method in words. The account is the caller's,
// or with `campaignID` (a campaign being edited: no contender of itself) that campaign's owner's.
import {
  ApiError,
  campaignFlight,
  DELIVERY_RULE,
  FORECAST_HISTORY_DAYS,
  FORECAST_LEVEL_DAYS,
  type ForecastAnswer,
  type ForecastContender,
  type ForecastRequest,
  forecastInventory,
  forecastMethodText,
  forecastVerdictText,
  localDay,
  MESSAGES,
  storedDeliveryRules,
} from '@adconsole/domain';
import type { Context } from '../../context';
import { listForecastCampaigns, readAccountRequestHistory } from '../../db/queries/request-facts';
import { ownCampaign } from '../campaigns/access';
import type { SessionUser } from '../identity/sessions';
import { servingNow } from '../serving/gate';

const DAY_MS = 86_400_000;
export const FLIGHT_ENDED = MESSAGES.forecastEnded;

export async function forecastInventoryOf(
  ctx: Context,
  user: SessionUser,
  input: ForecastRequest,
): Promise<ForecastAnswer> {
  const ownerId =
    input.campaignID === undefined ? user.id : (await ownCampaign(ctx.db, user, input.campaignID)).owner_id;
  const now = servingNow(ctx);
  const flight = { start: input.start.slice(0, 10), end: input.end.slice(0, 10), timezone: input.timezone };
  if (flight.end < localDay(flight.timezone, now)) throw ApiError.of(400, FLIGHT_ENDED);
  // The requests counted in this process so far are part of the history.
  await ctx.events.requestFacts.flush().catch(() => undefined);
  const historyTo = new Date(Math.floor(now / 3_600_000) * 3_600_000);
  const historyFrom = new Date(historyTo.getTime() - FORECAST_HISTORY_DAYS * DAY_MS);
  const [history, campaigns] = await Promise.all([
    readAccountRequestHistory(ctx.db, ownerId, historyFrom, historyTo),
    listForecastCampaigns(ctx.db, ownerId),
  ]);
  const contenders: ForecastContender[] = campaigns.flatMap((row) => {
    const data = row.body.data ?? {};
    const own = campaignFlight(data);
    const start = own.start?.date.slice(0, 10);
    const end = own.end?.date.slice(0, 10);
    // Only a flight with both days that meets this one competes for its requests.
    if (row.id === input.campaignID || !start || !end || end < flight.start || start > flight.end) return [];
    return [
      {
        id: row.id,
        name: row.name,
        rules: storedDeliveryRules(row.delivery_rules ?? {}),
        flight: { start, end, timezone: own.timezone },
        goal: data.goal?.metric === 'impressions' ? data.goal.amount : null,
        deliveryMode: data.deliveryMode ?? 'asap',
        delivered: row.served_since_start,
      },
    ];
  });
  const forecast = forecastInventory({
    rules: storedDeliveryRules(input.rules),
    flight,
    goal: input.goal,
    deliveryMode: input.deliveryMode,
    history,
    contenders,
    now,
  });
  return {
    historyFrom: new Date(forecast.historyFrom).toISOString(),
    historyTo: new Date(forecast.historyTo).toISOString(),
    historyRequests: forecast.historyRequests,
    serveRate: forecast.serveRate,
    level: forecast.level,
    timezone: flight.timezone,
    goal: input.goal,
    deliveryMode: input.deliveryMode,
    days: forecast.days,
    requestsPerDay: forecast.requestsPerDay,
    funnel: forecast.funnel.map((step) => ({ ...step, label: DELIVERY_RULE[step.rule].label })),
    contention: forecast.contention.map(({ id, ...other }) => ({ campaignID: id, ...other })),
    verdict: {
      ...forecast.verdict,
      text: forecastVerdictText(forecast, input.goal, input.deliveryMode),
    },
    method: forecastMethodText(forecast, FORECAST_HISTORY_DAYS, FORECAST_LEVEL_DAYS),
  };
}
