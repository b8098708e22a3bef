// The campaign page's history: who changed what in the campaign (its flight, creatives, live creatives,
// share links, schedules), newest first, each changed field from what to what, under its form's label
// and in words (the domain's audit-text.ts: never JSON).
import { type AuditEntry, auditFieldRows, auditSummary, MESSAGES } from '@adconsole/domain';
import { Card, CardContent, CardHeader, CardTitle, Skeleton } from '@adconsole/ui';
import { Loaded } from '../../components/loaded';
import { formatDateTime } from './format';

/** One change: its summary, when, and each field that differed (a create lists what it set). */
function HistoryEntry({ entry, timeZone }: { entry: AuditEntry; timeZone: string | undefined }) {
  const rows = auditFieldRows(entry.changes, entry.names);
  return (
    <li className="grid gap-1 border-b py-3 last:border-b-0">
      <p className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
        <span className="font-medium">{auditSummary(entry)}</span>
        <time dateTime={entry.at} className="text-muted-foreground text-xs tabular-nums">
          {formatDateTime(entry.at, timeZone)}
        </time>
      </p>
      {entry.action === 'update' && rows.length > 0 ? (
        <dl className="grid grid-cols-[max-content_1fr] gap-x-3 gap-y-0.5 text-muted-foreground text-xs">
          {rows.map((row) => (
            <div key={row.field} className="contents">
              <dt>{row.label}</dt>
              <dd className="min-w-0 break-words">
                <span className="line-through decoration-muted-foreground/60">{row.before}</span>
                <span aria-label="changed to"> → </span>
                <span className="text-foreground">{row.after}</span>
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
    </li>
  );
}

export interface CampaignHistoryProps {
  entries: AuditEntry[] | undefined;
  loading?: boolean;
  error?: unknown;
  /** The campaign's zone (IANA): the times are written in it, with its name; UTC by default. */
  timeZone?: string | undefined;
}

export function CampaignHistory({ entries, loading = false, error, timeZone }: CampaignHistoryProps) {
  return (
    <Card>
      <CardHeader>
        <CardTitle level={2}>History</CardTitle>
      </CardHeader>
      <CardContent>
        <Loaded
          data={loading ? undefined : entries}
          error={error}
          errorText={MESSAGES.historyNotRead}
          loading={<Skeleton className="h-24" aria-label="Loading history" />}
        >
          {(list) =>
            list.length === 0 ? (
              <p className="text-muted-foreground text-sm">No changes recorded yet.</p>
            ) : (
              <ol aria-label="Changes, newest first">
                {list.map((entry) => (
                  <HistoryEntry key={entry.id} entry={entry} timeZone={timeZone} />
                ))}
              </ol>
            )
          }
        </Loaded>
      </CardContent>
    </Card>
  );
}
