// The inventory forecast's server state (docs/console.md, "The inventory forecast"): asked through the
// domain's forecast call a quarter second after the last edit of the rules, the flight or the goal.
// Each input is its own query (its JSON the key), so the answer shown is always the one for the input
// on screen: an older answer arriving late never replaces a newer one, and a query left behind by an
// edit is aborted (its fetch gets the query's AbortSignal; TanStack Query cancels a query nobody
// watches any more). While the next answer loads, the last one stays shown, said to be the last one.
import {
  type CampaignGoal,
  type DeliveryMode,
  type DeliveryRules,
  errorMessage,
  type ForecastRequestInput,
  forecastCalls,
  forecastGoalNotImpressionsMessage,
  forecastRequestSchema,
  GOAL_METRIC_LABELS,
  MESSAGES,
  safeParseWithMessages,
} from '@adconsole/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { areaCalls } from '../../lib/api';
import type { ForecastState } from './forecast-panel';
import { useSettled } from './use-settled';

const forecastApi = areaCalls(forecastCalls);

/** What the forecast is asked of: the rules being edited, and the flight and goal (saved or being edited). */
export interface ForecastInput {
  /** The campaign being edited (not a contender of itself); none for a new campaign. */
  campaignID?: string | undefined;
  /** Undefined while the saved rules are on their way: the panel waits, nothing is asked. */
  rules: DeliveryRules | undefined;
  start?: { date: string } | null | undefined;
  end?: { date: string } | null | undefined;
  timezone?: string | undefined;
  goal?: CampaignGoal | null | undefined;
  deliveryMode?: DeliveryMode | undefined;
}

/** The request of an input, or what it still lacks in words (never the request schema's refusal). */
function forecastRequestOf(
  input: ForecastInput,
): { request: ForecastRequestInput } | { missing: string } | { waiting: true } {
  const start = input.start?.date?.slice(0, 10);
  const end = input.end?.date?.slice(0, 10);
  if (!start || !end) return { missing: 'Set the flight’s start and end dates to forecast the inventory.' };
  const goal = input.goal;
  if (goal && goal.metric !== 'impressions')
    return { missing: forecastGoalNotImpressionsMessage(GOAL_METRIC_LABELS[goal.metric]) };
  // No goal, or an amount not typed yet (or not a whole number of impressions): a hint, not the
  // request's "goal: the impressions to deliver..." (docs/console.md, "The inventory forecast").
  if (!goal || !safeParseWithMessages(forecastRequestSchema.shape.goal, goal.amount).success)
    return { missing: MESSAGES.forecastGoalNotTyped };
  if (input.rules === undefined) return { waiting: true };
  return {
    request: {
      ...(input.campaignID ? { campaignID: input.campaignID } : {}),
      rules: input.rules,
      start,
      end,
      timezone: input.timezone || 'UTC',
      goal: goal.amount,
      deliveryMode: input.deliveryMode ?? 'asap',
    },
  };
}

/** The forecast of `input` as the panel shows it; undefined input: nothing shown. */
export function useForecastState(input: ForecastInput | undefined): ForecastState | undefined {
  const asked = input === undefined ? undefined : forecastRequestOf(input);
  const request = asked && 'request' in asked ? asked.request : undefined;
  const text = JSON.stringify(request ?? null);
  const settled = useSettled(text, 250);
  const settledRequest = JSON.parse(settled) as ForecastRequestInput | null;
  const query = useQuery({
    queryKey: ['forecast', settled] as const,
    queryFn: ({ signal }) => forecastApi().forecastInventory(settledRequest as ForecastRequestInput, signal),
    enabled: settledRequest !== null,
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 60_000,
  });
  if (asked === undefined) return undefined;
  if ('missing' in asked) return { status: 'incomplete', missing: asked.missing };
  if ('waiting' in asked) return { status: 'loading' };
  // The input on screen is not yet the one asked (its quarter second), or its answer is not in yet.
  if (settled !== text || query.isPlaceholderData || query.isPending)
    return { status: 'loading', previous: query.data };
  if (query.isError) return { status: 'error', message: errorMessage(query.error, MESSAGES.forecastFailed) };
  return { status: 'ready', forecast: query.data };
}
