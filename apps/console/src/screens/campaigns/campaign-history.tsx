// The campaign page's history: who changed what in the campaign (its flight, creatives, live creatives,
// share links, schedules), newest first, each changed field from what to what, under its form's label
// and in words (the domain's audit-text.ts: never JSON).
import {
  type AuditEntry,
  auditCreatedRows,
  auditFieldRows,
  auditSummary,
  HISTORY_KINDS,
  type HistoryKind,
  historyOfKind,
  MESSAGES,
} from '@adconsole/domain';
import {
  Button,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  ChoiceSelect,
  Field,
  Skeleton,
} from '@adconsole/ui';
import { useState } from 'react';
import { Loaded } from '../../components/loaded';
import { formatDateTime } from './format';

/** One change: its summary, when, and each field that differed (the campaign's creation: what it booked). */
function HistoryEntry({ entry, timeZone }: { entry: AuditEntry; timeZone: string | undefined }) {
  const rows = auditFieldRows(entry.changes, entry.names);
  const booked =
    entry.action === 'create' && entry.entity === 'campaign'
      ? auditCreatedRows(entry.changes, entry.names)
      : [];
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
      {booked.length > 0 ? (
        <dl
          aria-label="Booked"
          className="grid grid-cols-[max-content_1fr] gap-x-3 gap-y-0.5 text-muted-foreground text-xs"
        >
          {booked.map((row) => (
            <div key={row.field} className="contents">
              <dt>{row.label}</dt>
              <dd className="min-w-0 break-words text-foreground">{row.after}</dd>
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

/** How many entries show at first, and how many more each "Show more" adds. */
const HISTORY_PAGE = 20;

const KIND_CHOICES = [
  { value: 'all', label: 'Every change' },
  ...HISTORY_KINDS.map((kind) => ({ value: kind.value, label: kind.label })),
] as const;

export function CampaignHistory({ entries, loading = false, error, timeZone }: CampaignHistoryProps) {
  const [kind, setKind] = useState<HistoryKind | 'all'>('all');
  const [shown, setShown] = useState(HISTORY_PAGE);
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-end justify-between gap-3">
        <CardTitle level={2}>History</CardTitle>
        {entries && entries.length > 0 ? (
          <Field label="Show" className="w-64 max-w-full">
            {(control) => (
              <ChoiceSelect
                {...control}
                choices={KIND_CHOICES}
                value={kind}
                onValueChange={(value) => {
                  setKind(value);
                  setShown(HISTORY_PAGE);
                }}
              />
            )}
          </Field>
        ) : null}
      </CardHeader>
      <CardContent>
        <Loaded
          data={loading ? undefined : entries}
          error={error}
          errorText={MESSAGES.historyNotRead}
          loading={<Skeleton className="h-24" aria-label="Loading history" />}
        >
          {(all) => {
            if (all.length === 0)
              return <p className="text-muted-foreground text-sm">No changes recorded yet.</p>;
            const list = historyOfKind(all, kind);
            if (list.length === 0)
              return <p className="text-muted-foreground text-sm">No changes of this kind.</p>;
            return (
              <div className="grid gap-3">
                <ol aria-label="Changes, newest first">
                  {list.slice(0, shown).map((entry) => (
                    <HistoryEntry key={entry.id} entry={entry} timeZone={timeZone} />
                  ))}
                </ol>
                {list.length > shown ? (
                  <Button
                    variant="outline"
                    size="sm"
                    className="justify-self-start"
                    onClick={() => setShown((count) => count + HISTORY_PAGE)}
                  >
                    Show {Math.min(HISTORY_PAGE, list.length - shown)} more of {list.length - shown} older
                  </Button>
                ) : null}
              </div>
            );
          }}
        </Loaded>
      </CardContent>
    </Card>
  );
}
