// Server state of a campaign's placements and their A/B tests (docs/reports.md, "A/B tests"; docs/console.md, "Placements
// and A/B tests"), through the domain's placement and A/B test calls. Every change refreshes the
// campaign's placements, their tests and stats, and its history (each change is audited).
import {
  type AbTestResults,
  abTestCalls,
  type CreateAbTestRequest,
  type Placement,
  type PlacementAbTest,
  type PlacementBody,
  type PlacementStats,
  placementCalls,
} from '@adconsole/domain';
import { type QueryClient, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { areaCalls } from '../../lib/api';
import { campaignKeys } from './campaign-queries';

const placementsApi = areaCalls(placementCalls);
const abTestsApi = areaCalls(abTestCalls);

const placementKeys = {
  all: ['placements'] as const,
  list: (campaignID: string) => ['placements', 'list', campaignID] as const,
  tests: (placementID: string) => ['placements', 'ab-tests', placementID] as const,
  results: (testID: string) => ['placements', 'ab-test-results', testID] as const,
  stats: (placementID: string) => ['placements', 'stats', placementID] as const,
};

/** The campaign's placements. */
export const usePlacements = (campaignID: string) =>
  useQuery({
    queryKey: placementKeys.list(campaignID),
    queryFn: () => placementsApi().listPlacements(campaignID),
  });

/** Each placement's tests, newest first (one query per placement). */
export const usePlacementTests = (placementIDs: readonly string[]) =>
  useQueries({
    queries: placementIDs.map((placementID) => ({
      queryKey: placementKeys.tests(placementID),
      queryFn: (): Promise<PlacementAbTest[]> => abTestsApi().listAbTests(placementID),
    })),
  });

/** Each placement's stats: every creative's chance of the next request and its rates so far. */
export const usePlacementStats = (placementIDs: readonly string[]) =>
  useQueries({
    queries: placementIDs.map((placementID) => ({
      queryKey: placementKeys.stats(placementID),
      queryFn: (): Promise<PlacementStats> => placementsApi().getPlacementStats(placementID),
    })),
  });

/** The results of the tests named (counted over each test's window, with the verdict). */
export const useAbTestResults = (testIDs: readonly string[]) =>
  useQueries({
    queries: testIDs.map((testID) => ({
      queryKey: placementKeys.results(testID),
      queryFn: (): Promise<AbTestResults> => abTestsApi().getAbTestResults(testID),
    })),
  });

/** After a change: the placements (their tests, stats and results under the same root) and the history. */
const refresh = (queryClient: QueryClient, campaignID: string) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: placementKeys.all }),
    queryClient.invalidateQueries({ queryKey: campaignKeys.history(campaignID) }),
  ]);

/** Creates, changes and deletes the campaign's placements. */
export function usePlacementMutations(campaignID: string) {
  const queryClient = useQueryClient();
  const onSuccess = () => refresh(queryClient, campaignID);
  return {
    create: useMutation({
      mutationFn: (body: PlacementBody) => placementsApi().createPlacement({ ...body, campaignID }),
      onSuccess,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: string; body: Partial<PlacementBody> }) =>
        placementsApi().updatePlacement({ id, ...body }),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (placement: Placement) => placementsApi().deletePlacement(placement.id),
      onSuccess,
    }),
  };
}

/** Starts and stops the A/B tests of the campaign's placements. */
export function useAbTestMutations(campaignID: string) {
  const queryClient = useQueryClient();
  const onSuccess = () => refresh(queryClient, campaignID);
  return {
    start: useMutation({
      mutationFn: (request: CreateAbTestRequest) => abTestsApi().createAbTest(request),
      onSuccess,
    }),
    stop: useMutation({
      mutationFn: (test: PlacementAbTest) => abTestsApi().stopAbTest(test.id),
      onSuccess,
    }),
  };
}
