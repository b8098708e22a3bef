// The inventory forecast's call for the console's `*-queries.ts`.
import type { Http } from '../http';
import { type CallInput, send } from '../send';
import { forecastContract } from './contract';
import type { ForecastAnswer } from './requests';

export function forecastCalls(http: Http) {
  const { forecastInventory } = forecastContract;
  return {
    forecastInventory: (
      input: CallInput<typeof forecastInventory>,
      signal?: AbortSignal,
    ): Promise<ForecastAnswer> => send(http, forecastInventory, input, { signal }),
  };
}
