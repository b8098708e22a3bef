// A placement's A/B tests, newest first (docs/console.md, "Placements and A/B tests"): each one's goal,
// variants, when it ran and whether it still runs. The report links here ("A/B tests of the campaign's
// placements"); the newest test's results are in the panel above.
import { AB_TEST_GOAL_LABELS, type PlacementAbTest } from '@adconsole/domain';
import { Badge } from '@adconsole/ui';
import { formatDateTime } from './format';

export function PlacementTests({
  placementName,
  tests,
  nameOf,
}: {
  placementName: string;
  tests: readonly PlacementAbTest[];
  nameOf: (creativeId: string) => string;
}) {
  return (
    <section
      aria-label={`A/B tests of ${placementName}`}
      className="grid gap-1.5"
      data-slot="placement-tests"
    >
      <h4 className="font-medium text-sm">A/B tests of this placement ({tests.length})</h4>
      <ol className="grid gap-1 text-sm">
        {tests.map((test) => (
          <li key={test.id} className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5">
            <Badge variant={test.status === 'running' ? 'success' : 'secondary'}>
              {test.status === 'running' ? 'Running' : 'Ended'}
            </Badge>
            <span>
              {AB_TEST_GOAL_LABELS[test.goal]}: {test.variants.map(nameOf).join(' against ')}
            </span>
            <span className="text-muted-foreground text-xs">
              {formatDateTime(test.startedAt)}
              {test.endedAt ? ` to ${formatDateTime(test.endedAt)}` : ', still running'}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
