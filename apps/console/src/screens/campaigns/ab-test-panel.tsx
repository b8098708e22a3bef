// A placement's A/B test on the campaign page (docs/console.md, "Placements and A/B tests"): the goal,
// the progress toward the planned sample, and the results through the charts' VariantComparison (each
// variant's rate with its interval, the lifts, the verdict); with `onStop`, ending a running test after
// a confirmation. Props in, no fetching.
import { plannedSampleText, VariantComparison } from '@adconsole/charts';
import {
  AB_TEST_GOAL_LABELS,
  AB_TEST_TRIAL_NOUNS,
  type AbTestResults,
  MESSAGES,
  type PlacementAbTest,
} from '@adconsole/domain';
import { Badge, Button, ConfirmDialog, Progress, Skeleton } from '@adconsole/ui';
import { Loaded } from '../../components/loaded';
import { formatCount, formatDateTime } from './format';

type AbTestPanelProps = {
  test: PlacementAbTest;
  /** Undefined while they load. */
  results?: AbTestResults | undefined;
  error?: unknown;
  locale?: string;
  /** Ends the running test (its placement gets its rotation back); without it the panel only shows it. */
  onStop?: (() => void) | undefined;
};

export function AbTestPanel({ test, results, error, locale = 'en-US', onStop }: AbTestPanelProps) {
  const goal = AB_TEST_GOAL_LABELS[test.goal];
  const trials = AB_TEST_TRIAL_NOUNS[test.goal];
  const headingId = `ab-test-${test.id}`;
  return (
    <section
      aria-labelledby={headingId}
      data-slot="ab-test-panel"
      className="grid gap-3 rounded-md border p-3"
    >
      <div className="flex flex-wrap items-center gap-2">
        <h4 id={headingId} className="font-medium text-sm">
          A/B test
        </h4>
        <Badge variant={test.status === 'running' ? 'success' : 'secondary'}>
          {test.status === 'running' ? 'Running' : 'Ended'}
        </Badge>
        {onStop && test.status === 'running' ? (
          <EndTest
            onConfirm={onStop}
            ready={results?.decision !== 'not-enough-data' && results !== undefined}
          />
        ) : null}
      </div>
      <p className="text-muted-foreground text-sm">
        {goal} of {test.variants.length} variants, minimum detectable effect {test.minimumDetectableEffect}%
        at {test.significance}% significance: {formatCount(test.plannedSample)} {trials} per variant.
      </p>
      <Loaded
        data={results}
        error={error}
        errorText={MESSAGES.abTestResultsNotLoaded}
        loading={<Skeleton className="h-40" aria-label="Loading the results" />}
      >
        {(results) => (
          <>
            <div className="grid gap-1">
              <Progress
                value={Math.round(results.progress * 100)}
                aria-label="Progress toward the planned sample"
              />
              <p className="text-muted-foreground text-xs">{plannedSampleText(results, locale)}</p>
              <p className="text-muted-foreground text-xs" data-slot="ab-test-window">
                {countingText(test, results)}
              </p>
            </div>
            <VariantComparison verdict={results} goalLabel={goal} locale={locale} />
          </>
        )}
      </Loaded>
    </section>
  );
}

/** Ends the test after a confirmation that says what happens, and warns when it ends before its horizon. */
function EndTest({ onConfirm, ready }: { onConfirm: () => void; ready: boolean }) {
  return (
    <ConfirmDialog
      trigger={
        <Button variant="outline" size="sm" className="ml-auto">
          End test
        </Button>
      }
      title="End this A/B test?"
      description={
        ready
          ? 'Its results stay as they are now. The placement gets back the rotation it had before the test.'
          : 'It has not reached its planned sample: its verdict stays "Not enough data". The placement gets back the rotation it had before the test.'
      }
      confirmLabel="End test"
      cancelLabel="Keep it running"
      onConfirm={onConfirm}
    />
  );
}

/**
 * From when the results count (docs/reports.md, "A/B tests"): the first whole quarter hour after the
 * start, when only the test's even rotation served; until then nothing counts yet.
 */
function countingText(test: PlacementAbTest, results: AbTestResults): string {
  const from = formatDateTime(results.window.from);
  const started = formatDateTime(test.startedAt);
  if (results.window.from >= results.window.to)
    return `Started ${started}: counting begins ${from}, the first whole quarter hour after the start.`;
  return `Counted from ${from}, the first whole quarter hour after the start (${started}), so only evenly rotated traffic is compared.`;
}
