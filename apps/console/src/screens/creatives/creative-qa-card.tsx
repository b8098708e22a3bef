// The creative page's "Creative QA" card (docs/builder.md, "Creative QA"): each check of the last run in
// Chromium with its number, its limit and pass / warning / fail; Chrome's heavy-ad sentence when
// publishing is refused; "Run again". A server without Chromium says "not measured".
import {
  CREATIVE_QA_NOT_LOADED,
  CREATIVE_QA_NOT_STARTED,
  type CreativeQa,
  type CreativeQaStatus,
} from '@adconsole/domain';
import { Badge, Button, Card, CardContent, CardHeader, CardTitle, Skeleton } from '@adconsole/ui';
import { showError } from '../../lib/notify-error';
import { useCreativeQa, useRunCreativeQa } from './creative-qa-queries';

const BADGE: Record<CreativeQaStatus, { variant: 'success' | 'warning' | 'danger'; text: string }> = {
  pass: { variant: 'success', text: 'Pass' },
  warning: { variant: 'warning', text: 'Warning' },
  fail: { variant: 'danger', text: 'Fail' },
};

/** What the card says above the checks. */
function stateLine(qa: CreativeQa): string | null {
  if (qa.state === 'none') return 'Not measured yet: run it, or upload an asset.';
  if (qa.state === 'running') return 'Measuring in Chromium (at most 30 s)…';
  if (qa.state === 'error') return `The last run did not finish: ${qa.reason ?? 'unknown error'}`;
  if (qa.state === 'not_measured') return qa.reason;
  const when = qa.measuredAt ? `Measured ${new Date(qa.measuredAt).toLocaleString()}` : 'Measured';
  return qa.current ? when : `${when}, before the latest change: run it again.`;
}

/** The checks of a run, or its state; `onRun` is "Run again" (absent where the server cannot measure). */
export function CreativeQaPanel({
  qa,
  running,
  onRun,
}: {
  qa: CreativeQa;
  running: boolean;
  onRun?: (() => void) | undefined;
}) {
  const canRun = qa.state !== 'not_measured' && onRun !== undefined;
  return (
    <div className="grid gap-3">
      <p className="text-muted-foreground text-sm">{stateLine(qa)}</p>
      {qa.heavyAd ? (
        <p role="alert" className="text-destructive text-sm">
          {qa.heavyAd}
        </p>
      ) : null}
      {qa.checks.length > 0 ? (
        <ul className="grid gap-2" aria-label="Checks">
          {qa.checks.map((check) => (
            <li key={check.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
              <span className="min-w-0">
                {check.label}
                <span className="block text-muted-foreground text-xs">limit {check.limit}</span>
              </span>
              <span className="flex items-center gap-2">
                <span className="tabular-nums">{check.value}</span>
                <Badge variant={BADGE[check.status].variant}>{BADGE[check.status].text}</Badge>
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {canRun ? (
        <div>
          <Button variant="outline" size="sm" onClick={onRun} disabled={running || qa.state === 'running'}>
            {qa.state === 'running' || running ? 'Measuring…' : qa.state === 'none' ? 'Run' : 'Run again'}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

/** The card on a saved creative's page. */
export function CreativeQaCard({ creativeID }: { creativeID: string }) {
  const qa = useCreativeQa(creativeID);
  const run = useRunCreativeQa(creativeID);
  return (
    <Card>
      <CardHeader>
        <CardTitle level={2}>Creative QA</CardTitle>
      </CardHeader>
      <CardContent>
        {qa.data ? (
          <CreativeQaPanel
            qa={qa.data}
            running={run.isPending}
            onRun={() => run.mutate(undefined, { onError: showError(CREATIVE_QA_NOT_STARTED) })}
          />
        ) : qa.isError ? (
          <p className="text-destructive text-sm">{CREATIVE_QA_NOT_LOADED}</p>
        ) : (
          <Skeleton className="h-24 w-full" />
        )}
      </CardContent>
    </Card>
  );
}
