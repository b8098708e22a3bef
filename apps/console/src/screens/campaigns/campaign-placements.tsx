// The campaign page's placements and their A/B tests (docs/reports.md, "A/B tests"): loads them, their tests and stats
// through placement-queries.ts and draws PlacementsCard with its actions. Each placement shows its
// newest test (running first) with its results, and the list of all its tests.
import type { Creative, PlacementStats } from '@adconsole/domain';
import { MESSAGES } from '@adconsole/domain';
import { useEffect } from 'react';
import { deferredProps } from '../../components/deferred-props';
import { showError } from '../../lib/notify-error';
import { publicConfig } from '../../lib/public-config';
import {
  useAbTestMutations,
  useAbTestResults,
  usePlacementMutations,
  usePlacementStats,
  usePlacements,
  usePlacementTests,
} from './placement-queries';
import type { PlacementActions, PlacementTestState } from './placement-section';
import { PlacementsCard } from './placements-card';

/** Drawn in slices as its answers arrive (components/deferred-props.tsx). */
const PlacementsCardDrawn = deferredProps(PlacementsCard);

export function CampaignPlacements({ campaignID, creatives }: { campaignID: string; creatives: Creative[] }) {
  const placements = usePlacements(campaignID);
  const changes = usePlacementMutations(campaignID);
  const tests = useAbTestMutations(campaignID);
  const ids = placements.data?.map((placement) => placement.id) ?? [];
  const testLists = usePlacementTests(ids);
  const statsAnswers = usePlacementStats(ids);
  const latest = testLists.map(
    (list) => list.data?.find((test) => test.status === 'running') ?? list.data?.[0],
  );
  const shown = latest.filter((test) => test !== undefined);
  const results = useAbTestResults(shown.map((test) => test.id));
  const testStates: Record<string, PlacementTestState> = {};
  shown.forEach((test, index) => {
    const answer = results[index];
    const all = testLists.find((list) => list.data?.some((each) => each.id === test.id))?.data;
    testStates[test.placementID] = { test, results: answer?.data, error: answer?.error ?? undefined, all };
  });
  // The report's link ("A/B tests of the campaign's placements") lands here once they are drawn.
  const drawn = placements.data !== undefined;
  useEffect(() => {
    if (drawn && window.location.hash === '#placements')
      document.getElementById('placements')?.scrollIntoView({ block: 'start' });
  }, [drawn]);
  const stats: Record<string, PlacementStats> = {};
  for (const answer of statsAnswers) if (answer.data) stats[answer.data.placementID] = answer.data;

  const actions: PlacementActions = {
    onCreate: (body) => changes.create.mutateAsync(body),
    onUpdate: (placement, body) => changes.update.mutateAsync({ id: placement.id, body }),
    onSetPaused: (placement, creativeId, paused) =>
      changes.update.mutate(
        {
          id: placement.id,
          body: {
            items: placement.items.map((item) =>
              item.creativeId === creativeId ? { ...item, paused } : item,
            ),
          },
        },
        { onError: showError(paused ? MESSAGES.creativeNotPaused : MESSAGES.creativeNotResumed) },
      ),
    onDelete: (placement) =>
      changes.remove.mutate(placement, { onError: showError(MESSAGES.placementNotDeleted) }),
    onStartTest: (request) => tests.start.mutateAsync(request),
    onStopTest: (test) => tests.stop.mutate(test, { onError: showError(MESSAGES.abTestNotEnded) }),
  };

  return (
    <PlacementsCardDrawn
      placements={placements.data}
      error={placements.error ?? undefined}
      creatives={creatives}
      tests={testStates}
      stats={stats}
      servingHost={publicConfig().adServingUrl}
      tcfVendorID={publicConfig().tcfVendorID}
      actions={actions}
      pendingPlacementID={changes.update.isPending ? changes.update.variables?.id : undefined}
    />
  );
}
