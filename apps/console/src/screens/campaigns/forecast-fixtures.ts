// Inventory forecasts for the stories (docs/console.md, "The inventory forecast"), computed by the
// domain's own forecast over a made-up account: 60 days of requests, every hour, with more on weekdays
// by day; the targeting "DE, mobile, weekdays 09-18 Berlin" over 7-24 December 2026.
import {
  type DeliveryFacts,
  type DeliveryRules,
  type ForecastAnswer,
  type ForecastContender,
  type ForecastRequest,
  forecastAnswerOf,
  forecastInventory,
  type RequestHistoryRow,
  UNKNOWN_FACTS,
} from '@adconsole/domain';

const HOUR_MS = 3_600_000;
/** The forecasts' now: the made-up account's history ends here. */
export const FORECAST_NOW = Date.parse('2026-11-27T10:00:00Z');
const NOW = FORECAST_NOW;
const facts = (country: string, device: string): DeliveryFacts => ({
  ...UNKNOWN_FACTS,
  country,
  device,
  os: device === 'mobile' ? 'iOS 17' : 'Windows 10',
  browser: device === 'mobile' ? 'Mobile Safari 17' : 'Chrome 126',
  language: country === 'DE' ? 'de' : 'en',
  site: 'dailynews.example',
});
const HISTORY: RequestHistoryRow[] = [];
for (let at = NOW - 60 * 24 * HOUR_MS; at < NOW; at += HOUR_MS) {
  const date = new Date(at);
  const daytime = date.getUTCHours() >= 7 && date.getUTCHours() < 21 ? 1.6 : 0.4;
  const weekday = date.getUTCDay() === 0 || date.getUTCDay() === 6 ? 0.7 : 1.1;
  for (const [country, device, share] of [
    ['DE', 'mobile', 0.3],
    ['DE', 'desktop', 0.2],
    ['US', 'mobile', 0.3],
    ['US', 'desktop', 0.2],
  ] as const) {
    const requests = Math.round(2000 * share * daytime * weekday);
    HISTORY.push({
      at,
      facts: facts(country, device),
      requests,
      served: Math.round(requests * 0.9),
      refused: 0,
    });
  }
}

/** The same requests before tags carried the browser's language: none has one. */
export const HISTORY_WITHOUT_LANGUAGE: RequestHistoryRow[] = HISTORY.map((row) => ({
  ...row,
  facts: { ...row.facts, language: '' },
}));

export const FORECAST_RULES: DeliveryRules = {
  countries: { mode: 'include', values: ['DE'] },
  devices: { mode: 'include', values: ['mobile'] },
  daypart: Array.from({ length: 7 }, (_, day) =>
    Array.from({ length: 24 }, (__, hour) => day < 5 && hour >= 9 && hour < 18),
  ),
};

/** The answer POST /v1/forecast gives for a goal, a delivery mode, other campaigns and a history. */
export function forecastAnswer(
  goal: number,
  deliveryMode: 'asap' | 'even' = 'asap',
  contenders: ForecastContender[] = [],
  history: RequestHistoryRow[] = HISTORY,
  rules: DeliveryRules = FORECAST_RULES,
): ForecastAnswer {
  const flight = { start: '2026-12-07', end: '2026-12-24', timezone: 'Europe/Berlin' };
  const forecast = forecastInventory({ rules, flight, goal, deliveryMode, history, contenders, now: NOW });
  return forecastAnswerOf(forecast, { flight, goal, deliveryMode });
}

/**
 * What POST /v1/forecast answers a request over the made-up account, as the API does: the other
 * campaigns contend, and the campaign being edited (`campaignID`) is none of them, what it `delivered`
 * counted in its need a day.
 */
export function forecastAnswerOfRequest(
  request: ForecastRequest,
  campaigns: readonly ForecastContender[] = [],
): ForecastAnswer {
  const flight = { start: request.start, end: request.end, timezone: request.timezone };
  const { goal, deliveryMode } = request;
  const own = campaigns.find((campaign) => campaign.id === request.campaignID);
  const forecast = forecastInventory({
    rules: request.rules,
    flight,
    goal,
    deliveryMode,
    history: HISTORY,
    contenders: campaigns.filter((campaign) => campaign !== own),
    ...(own ? { delivered: own.delivered } : {}),
    now: NOW,
  });
  return forecastAnswerOf(forecast, { flight, goal, deliveryMode, delivered: own?.delivered ?? 0 });
}

/** Another campaign of the account on the same targeting and days: 60,000 evenly. */
export const SAME_TARGETING: ForecastContender = {
  id: 'c2',
  name: 'Winter sale · DE mobile',
  rules: FORECAST_RULES,
  flight: { start: '2026-12-01', end: '2026-12-31', timezone: 'Europe/Berlin' },
  goal: 60_000,
  deliveryMode: 'even',
  delivered: 0,
};
