// Server state of a campaign's placements and their A/B tests (issue 46; docs/console.md, "Placements
// and A/B tests"), through the domain's placement and A/B test calls.
import {
  type AbTestResults,
  abTestCalls,
  type Placement,
  type PlacementAbTest,
  placementCalls,
} from '@adconsole/domain';
import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { areaCalls } from '../../lib/api';

const placementsApi = areaCalls(placementCalls);
const abTestsApi = areaCalls(abTestCalls);

const placementKeys = {
  all: ['placements'] as const,
  list: (campaignID: string) => ['placements', 'list', campaignID] as const,
  tests: (placementID: string) => ['placements', 'ab-tests', placementID] as const,
  results: (testID: string) => ['placements', 'ab-test-results', testID] as const,
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

/** The results of the tests named (counted over each test's window, with the verdict). */
export const useAbTestResults = (testIDs: readonly string[]) =>
  useQueries({
    queries: testIDs.map((testID) => ({
      queryKey: placementKeys.results(testID),
      queryFn: (): Promise<AbTestResults> => abTestsApi().getAbTestResults(testID),
    })),
  });

/** Pauses or resumes one creative of a placement (its items sent whole); the list shows the answer. */
export function useSetPlacementPaused(campaignID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      placement,
      creativeId,
      paused,
    }: {
      placement: Placement;
      creativeId: string;
      paused: boolean;
    }) =>
      placementsApi().updatePlacement({
        id: placement.id,
        items: placement.items.map((item) => (item.creativeId === creativeId ? { ...item, paused } : item)),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: placementKeys.list(campaignID) }),
  });
}
