// A creative's QA in one word (docs/builder.md, "Creative QA"), as the campaign page's list of creatives
// shows it beside each one: Pass, Warning or Fail for a run of its current assets, else where it stands.
// The whole run (each check, its number and limit) is on the creative's page.
import type { CreativeQaSummary } from '@adconsole/domain';
import { Badge } from '@adconsole/ui';

const SHOWN: Record<
  CreativeQaSummary,
  { variant: 'success' | 'warning' | 'danger' | 'secondary' | 'outline'; text: string; title: string }
> = {
  pass: { variant: 'success', text: 'Pass', title: 'Every check within its limit' },
  warning: { variant: 'warning', text: 'Warning', title: "Past an IAB guideline: see the creative's QA" },
  fail: { variant: 'danger', text: 'Fail', title: 'Past a Chrome heavy-ad limit: publishing is refused' },
  outdated: { variant: 'outline', text: 'Outdated', title: 'Measured before its latest change' },
  running: { variant: 'secondary', text: 'Measuring', title: 'Being measured in Chromium' },
  none: { variant: 'outline', text: 'Not run', title: 'Not measured yet' },
  not_measured: { variant: 'outline', text: '—', title: 'Not measured (no banner to draw, or no Chromium)' },
  error: { variant: 'outline', text: 'Error', title: 'The last run did not finish' },
};

export function CreativeQaBadge({ summary }: { summary: CreativeQaSummary | undefined }) {
  if (summary === undefined) return <span className="text-muted-foreground">—</span>;
  const shown = SHOWN[summary];
  if (summary === 'not_measured')
    return (
      <span className="text-muted-foreground" title={shown.title}>
        —<span className="sr-only"> {shown.title}</span>
      </span>
    );
  return (
    <Badge variant={shown.variant} title={shown.title} data-slot="creative-qa-badge" data-qa={summary}>
      {shown.text}
    </Badge>
  );
}
