// POST /v1/forecast (docs/reports.md, "The inventory forecast"): the account's last 60 days of ad
// requests with their facts (db/queries/request-facts.ts), its other campaigns whose flights meet this
// one (their rules, goals, delivery modes and what they delivered), and the domain's forecast of them
// (forecast/forecast.ts), answered with its verdict and method in words. The account is the caller's,
// or with `campaignID` (a campaign being edited: no contender of itself) that campaign's owner's, and
// then what the campaign delivered so far counts, as its page's pacing counts it.
//
// Bounded (docs/security.md, "Round 6"): the forecast is computed in the report worker thread, never on
// the event loop; a user's forecasts run one at a time, at most FORECASTS_AT_ONCE_PER_USER are asked at once
// (the next is refused at once with a 429), and the route's per-user limit counts them in 15 minutes.
import type { IncomingMessage } from 'node:http';
import {
  ApiError,
  campaignFlight,
  FORECAST_HISTORY_DAYS,
  type ForecastAnswer,
  type ForecastContender,
  type ForecastInput,
  type ForecastRequest,
  forecastAnswerOf,
  localDay,
  MAX_FORECAST_CONTENDERS,
  MESSAGES,
  storedDeliveryRules,
} from '@adconsole/domain';
import type { Context } from '../../context';
import { listForecastCampaigns, readAccountRequestHistory } from '../../db/queries/request-facts';
import { ownCampaign } from '../campaigns/access';
import { campaignPacings } from '../campaigns/pacing';
import { withRetryAfter } from '../identity/retry-after';
import type { SessionUser } from '../identity/sessions';
import { servingNow } from '../serving/gate';

const DAY_MS = 86_400_000;
export const FLIGHT_ENDED = MESSAGES.forecastEnded;
/** A user's forecasts at once (one computed, the rest waiting behind it); the next is refused. */
export const FORECASTS_AT_ONCE_PER_USER = 20;
export const FORECASTS_BUSY = `Too many forecasts of yours are being computed (${FORECASTS_AT_ONCE_PER_USER} at once): try again once they have answered`;

/** Per user: the forecast being computed (the chain's end) and how many wait behind it. */
const queues = new Map<string, { tail: Promise<unknown>; waiting: number }>();

/**
 * Runs `work` after the user's earlier forecasts, or refuses it when too many wait. A forecast whose
 * client went away while it waited (the console asks again as rules are typed and drops the older
 * question) is not computed: the next one in the line starts at once.
 */
async function oneAtATime<T>(userId: string, work: () => Promise<T>, gone: () => boolean): Promise<T> {
  const queue = queues.get(userId) ?? { tail: Promise.resolve(), waiting: 0 };
  if (queue.waiting >= FORECASTS_AT_ONCE_PER_USER) throw withRetryAfter(ApiError.of(429, FORECASTS_BUSY), 1);
  queue.waiting += 1;
  queues.set(userId, queue);
  const run = queue.tail
    .catch(() => undefined)
    .then(() => {
      // Nobody reads this answer; a status the call declares, for the log.
      if (gone()) throw ApiError.of(429, FORECAST_ABANDONED);
      return work();
    });
  queue.tail = run;
  try {
    return await run;
  } finally {
    queue.waiting -= 1;
    if (queue.waiting === 0) queues.delete(userId);
  }
}

/** Why a forecast was not computed: its client went away while it waited (nobody reads the answer). */
const FORECAST_ABANDONED = 'The forecast was not computed: its request was closed while it waited';

export function forecastInventoryOf(
  ctx: Context,
  user: SessionUser,
  input: ForecastRequest,
  request?: IncomingMessage,
): Promise<ForecastAnswer> {
  // The connection closed (a browser closes it when its fetch is aborted); a kept-alive one stays open.
  const gone = () => request?.socket?.destroyed === true;
  return oneAtATime(user.id, () => computeForecast(ctx, user, input), gone);
}

async function computeForecast(
  ctx: Context,
  user: SessionUser,
  input: ForecastRequest,
): Promise<ForecastAnswer> {
  const own = input.campaignID === undefined ? undefined : await ownCampaign(ctx.db, user, input.campaignID);
  const ownerId = own?.owner_id ?? user.id;
  const now = servingNow(ctx);
  const flight = { start: input.start.slice(0, 10), end: input.end.slice(0, 10), timezone: input.timezone };
  if (flight.end < localDay(flight.timezone, now)) throw ApiError.of(400, FLIGHT_ENDED);
  // The requests counted in this process so far are part of the history.
  await ctx.events.requestFacts.flush().catch(() => undefined);
  const historyTo = new Date(Math.floor(now / 3_600_000) * 3_600_000);
  const historyFrom = new Date(historyTo.getTime() - FORECAST_HISTORY_DAYS * DAY_MS);
  const [history, campaigns] = await Promise.all([
    readAccountRequestHistory(ctx.db, ownerId, historyFrom, historyTo),
    listForecastCampaigns(ctx.db, ownerId, flight, MAX_FORECAST_CONTENDERS + 1),
  ]);
  const contenders = forecastContenders(campaigns, flight, input.campaignID);
  const forecastInput: ForecastInput = {
    rules: storedDeliveryRules(input.rules),
    flight,
    goal: input.goal,
    deliveryMode: input.deliveryMode,
    history,
    contenders: contenders.slice(0, MAX_FORECAST_CONTENDERS),
    now,
    delivered: own === undefined ? 0 : await deliveredSoFar(ctx, own, input, now),
  };
  const forecast = await ctx.reportWorker.forecast(forecastInput);
  return forecastAnswerOf(forecast, {
    flight,
    goal: input.goal,
    deliveryMode: input.deliveryMode,
    delivered: forecastInput.delivered ?? 0,
  });
}

/**
 * What a campaign being edited delivered of the forecast's goal so far: its impressions counted in its
 * flight, as its page's pacing reads them (with the forecast's flight and an impressions goal), so the
 * forecast's need a day is the page's "needed a day".
 */
async function deliveredSoFar(
  ctx: Context,
  row: Awaited<ReturnType<typeof ownCampaign>>,
  input: ForecastRequest,
  now: number,
): Promise<number> {
  const data = row.body.data ?? {};
  const body = {
    ...row.body,
    data: {
      ...data,
      start: { date: input.start.slice(0, 10) },
      end: { date: input.end.slice(0, 10) },
      timezone: input.timezone,
      goal: { metric: 'impressions' as const, amount: input.goal },
    },
  };
  const pacings = await campaignPacings({ ...ctx, clock: () => now }, [{ id: row.id, body }]);
  return pacings.get(row.id)?.delivered ?? 0;
}

/**
 * The account's campaigns as the forecast's contenders: those whose flight (both days set) meets
 * `flight`, not the campaign being edited (`except`).
 */
export function forecastContenders(
  campaigns: readonly Awaited<ReturnType<typeof listForecastCampaigns>>[number][],
  flight: { start: string; end: string },
  except?: string,
): ForecastContender[] {
  return campaigns.flatMap((row) => {
    const data = row.body.data ?? {};
    const dates = campaignFlight(data);
    const start = dates.start?.date.slice(0, 10);
    const end = dates.end?.date.slice(0, 10);
    // Only a flight with both days that meets this one competes for its requests.
    if (row.id === except || !start || !end || end < flight.start || start > flight.end) return [];
    return [
      {
        id: row.id,
        name: row.name,
        rules: storedDeliveryRules(row.delivery_rules ?? {}),
        flight: { start, end, timezone: dates.timezone },
        goal: data.goal?.metric === 'impressions' ? data.goal.amount : null,
        deliveryMode: data.deliveryMode ?? 'asap',
        delivered: row.served_since_start,
      },
    ];
  });
}
