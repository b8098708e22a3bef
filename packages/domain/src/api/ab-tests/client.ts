// A/B test calls of a placement (docs/reports.md, "A/B tests") for the console's `*-queries.ts`.
import type { AbTestResults, PlacementAbTest } from '../../ab-tests/placement-ab-test';
import type { Http } from '../http';
import { type CallInput, send } from '../send';
import { abTestsContract } from './contract';

export function abTestCalls(http: Http) {
  const { getAbTest, listAbTests, createAbTest, stopAbTest, getAbTestResults } = abTestsContract;
  return {
    getAbTest: (id: string): Promise<PlacementAbTest> => send(http, getAbTest, { id }),
    listAbTests: (placementID: string): Promise<PlacementAbTest[]> =>
      send(http, listAbTests, { placementID }, { emptyAnswer: [] }),
    createAbTest: (input: CallInput<typeof createAbTest>): Promise<PlacementAbTest> =>
      send(http, createAbTest, input),
    stopAbTest: (id: string): Promise<PlacementAbTest> => send(http, stopAbTest, { id }),
    getAbTestResults: (id: string): Promise<AbTestResults> => send(http, getAbTestResults, { id }),
  };
}
