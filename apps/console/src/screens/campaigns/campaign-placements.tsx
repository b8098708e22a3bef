// The campaign page's placements and their A/B tests (issue 46): loads them through
// placement-queries.ts and draws PlacementsCard. Each placement shows its newest test (running first).
import type { Creative } from '@adconsole/domain';
import { showError } from '../../lib/notify-error';
import { publicConfig } from '../../lib/public-config';
import {
  useAbTestResults,
  usePlacements,
  usePlacementTests,
  useSetPlacementPaused,
} from './placement-queries';
import { PlacementsCard, type PlacementTestState } from './placements-card';

export function CampaignPlacements({ campaignID, creatives }: { campaignID: string; creatives: Creative[] }) {
  const placements = usePlacements(campaignID);
  const setPaused = useSetPlacementPaused(campaignID);
  const ids = placements.data?.map((placement) => placement.id) ?? [];
  const testLists = usePlacementTests(ids);
  const latest = testLists.map(
    (list) => list.data?.find((test) => test.status === 'running') ?? list.data?.[0],
  );
  const shown = latest.filter((test) => test !== undefined);
  const results = useAbTestResults(shown.map((test) => test.id));
  const tests: Record<string, PlacementTestState> = {};
  shown.forEach((test, index) => {
    const answer = results[index];
    tests[test.placementID] = { test, results: answer?.data, error: answer?.error ?? undefined };
  });
  return (
    <PlacementsCard
      placements={placements.data}
      error={placements.error ?? undefined}
      creatives={creatives}
      tests={tests}
      servingHost={publicConfig().adServingUrl}
      tcfVendorID={publicConfig().tcfVendorID}
      onSetPaused={(placement, creativeId, paused) =>
        setPaused.mutate(
          { placement, creativeId, paused },
          { onError: showError(paused ? 'The creative was not paused' : 'The creative was not resumed') },
        )
      }
      pendingPlacementID={setPaused.isPending ? setPaused.variables?.placement.id : undefined}
    />
  );
}
