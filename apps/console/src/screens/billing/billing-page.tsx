// /billing (docs/product.md §2): an advertiser's billing statement for a calendar month in a zone. Pick
// the advertiser, the month (this one and the 119 before it) and the zone; the statement lists what each
// campaign delivered and costs, grouped by insertion order with subtotals and the total, marks a month
// still running, and downloads as PDF, CSV or XLSX. The choice lives in the address (?advertiser=&month=&
// timezone=), so a statement can be linked to.
import {
  type AdvertiserListItem,
  type BillingStatement,
  errorMessage,
  formatMoney,
  isIanaZone,
  monthLabel,
  reportErrorNotification,
  STATEMENT_FILE_FORMATS,
  STATEMENT_MESSAGES,
  type StatementFileFormat,
  statementMonths,
  statementNotInTotalNote,
  timezones,
} from '@adconsole/domain';
import {
  Alert,
  AlertDescription,
  Badge,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  ChoiceSelect,
  EmptyState,
  Field,
  Skeleton,
  TimezoneSelect,
} from '@adconsole/ui';
import { DownloadIcon } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { showNotification } from '../../lib/notify';
import { useSettings } from '../../settings/settings';
import {
  downloadStatement,
  type StatementRequest,
  useBillingAdvertisers,
  useStatement,
} from './billing-queries';
import { StatementTable } from './statement-table';

export function BillingPage() {
  const settings = useSettings();
  const [params, setParams] = useSearchParams();
  const advertisers = useBillingAdvertisers();
  const now = useMemo(() => new Date(), []);
  // A zone of the address the runtime does not know falls back to the reporting zone.
  const asked = params.get('timezone');
  const timezone = asked && isIanaZone(asked) ? asked : settings.activeReportingTimezone.tzCode;
  const months = useMemo(() => statementMonths(timezone, now), [timezone, now]);
  const month = months.find((choice) => choice === params.get('month')) ?? (months[0] as string);
  const chosen =
    advertisers.data?.find((advertiser) => advertiser.id === params.get('advertiser')) ??
    advertisers.data?.[0];
  const request: StatementRequest | undefined = chosen ? { id: chosen.id, month, timezone } : undefined;
  const statement = useStatement(request);
  const choose = (change: Record<string, string>) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(change)) next.set(key, value);
      return next;
    });
  return (
    <BillingView
      advertisers={advertisers.data}
      advertisersError={advertisers.error}
      choice={{ advertiserId: chosen?.id, month, timezone }}
      months={months}
      onChoose={(change) =>
        choose({
          ...(change.advertiserId ? { advertiser: change.advertiserId } : {}),
          ...(change.month ? { month: change.month } : {}),
          ...(change.timezone ? { timezone: change.timezone } : {}),
        })
      }
      statement={statement.data}
      statementError={statement.error}
      onDownload={async (format) => {
        if (!request) return;
        try {
          await downloadStatement(request, format);
        } catch {
          showNotification({ ...reportErrorNotification(), text: STATEMENT_MESSAGES.downloadFailed });
        }
      }}
    />
  );
}

interface BillingChoice {
  advertiserId: string | undefined;
  month: string;
  timezone: string;
}

interface BillingViewProps {
  /** Undefined while they load. */
  advertisers: readonly AdvertiserListItem[] | undefined;
  advertisersError?: unknown;
  choice: BillingChoice;
  /** The months to choose from, newest first ('YYYY-MM'). */
  months: readonly string[];
  onChoose: (change: Partial<BillingChoice>) => void;
  /** Undefined while it loads (or no advertiser is chosen). */
  statement: BillingStatement | undefined;
  statementError?: unknown;
  onDownload: (format: StatementFileFormat) => Promise<void>;
}

const FORMAT_LABELS: Record<StatementFileFormat, string> = { pdf: 'PDF', csv: 'CSV', xlsx: 'XLSX' };

/** The page, props only: the choice of advertiser, month and zone, then the statement. */
export function BillingView(props: BillingViewProps) {
  const { advertisers, advertisersError, choice, months, onChoose } = props;
  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="grid gap-1">
        <h1 className="font-semibold text-2xl">Billing</h1>
        <p className="text-muted-foreground text-sm">
          What each advertiser's campaigns delivered and cost in a calendar month: valid traffic at the booked
          rate.
        </p>
      </div>
      {advertisersError ? (
        <Alert variant="danger">
          <AlertDescription>
            {errorMessage(advertisersError, STATEMENT_MESSAGES.statementNotLoaded)}
          </AlertDescription>
        </Alert>
      ) : advertisers === undefined ? (
        <Skeleton className="h-24" aria-label="Loading advertisers" />
      ) : advertisers.length === 0 ? (
        <EmptyState
          title="No advertisers yet"
          description="A statement is an advertiser's month: create an advertiser and give it campaigns first."
          action={
            <Button asChild>
              <Link to="/advertisers">Go to advertisers</Link>
            </Button>
          }
        />
      ) : (
        <>
          <Card className="print:hidden">
            <CardContent className="grid grid-cols-[repeat(auto-fit,minmax(14rem,1fr))] gap-4">
              <Field label="Advertiser">
                {(control) => (
                  <ChoiceSelect
                    {...control}
                    choices={advertisers.map((advertiser) => ({
                      value: advertiser.id,
                      label: advertiser.name,
                    }))}
                    value={choice.advertiserId}
                    onValueChange={(advertiserId) => onChoose({ advertiserId })}
                  />
                )}
              </Field>
              <Field label="Month">
                {(control) => (
                  <ChoiceSelect
                    {...control}
                    choices={months.map((month) => ({ value: month, label: monthLabel(month) }))}
                    value={choice.month}
                    onValueChange={(month) => onChoose({ month })}
                  />
                )}
              </Field>
              <Field label="Time zone">
                {(control) => (
                  <TimezoneSelect
                    {...control}
                    timezones={[...timezones]}
                    value={choice.timezone}
                    onValueChange={(timezone) => onChoose({ timezone: timezone.tzCode })}
                  />
                )}
              </Field>
            </CardContent>
          </Card>
          <StatementCard {...props} />
        </>
      )}
    </div>
  );
}

function StatementCard({ statement, statementError, onDownload }: BillingViewProps) {
  const [busy, setBusy] = useState<StatementFileFormat | undefined>();
  if (statementError)
    return (
      <Alert variant="danger">
        <AlertDescription>
          {errorMessage(statementError, STATEMENT_MESSAGES.statementNotLoaded)}
        </AlertDescription>
      </Alert>
    );
  if (!statement) return <Skeleton className="h-72" aria-label="Loading the statement" />;
  const title = `${statement.advertiser.name}, ${monthLabel(statement.month)}`;
  return (
    <Card>
      <CardHeader className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <CardTitle level={2}>{title}</CardTitle>
            {statement.running ? <Badge variant="warning">{STATEMENT_MESSAGES.running}</Badge> : null}
          </div>
          <CardDescription>
            {statement.start} to {statement.end}, {statement.timezone} · {statement.currency}
            {statement.advertiser.billingName ? ` · Bill to ${statement.advertiser.billingName}` : ''}
          </CardDescription>
        </div>
        <div role="group" aria-label="Download" className="flex flex-wrap gap-2 print:hidden">
          {STATEMENT_FILE_FORMATS.map((format) => (
            <Button
              key={format}
              variant="outline"
              size="sm"
              disabled={busy !== undefined}
              aria-label={`Download ${FORMAT_LABELS[format]}`}
              onClick={async () => {
                setBusy(format);
                try {
                  await onDownload(format);
                } finally {
                  setBusy(undefined);
                }
              }}
            >
              <DownloadIcon aria-hidden="true" />
              {FORMAT_LABELS[format]}
            </Button>
          ))}
        </div>
      </CardHeader>
      <CardContent className="grid gap-4">
        {statement.lines.length === 0 ? (
          <EmptyState
            title={`Nothing delivered in ${monthLabel(statement.month)}`}
            description="None of this advertiser's campaigns served in the month: the statement is empty."
          />
        ) : (
          <>
            <StatementTable statement={statement} />
            <p className="text-muted-foreground text-sm">
              Total {formatMoney(statement.total, statement.currency)}: each line's valid units times its
              rate, rounded to the currency's smallest unit; invalid traffic is counted apart and never
              billed.
              {statement.linesNotInTotal > 0
                ? ` ${statementNotInTotalNote(statement.linesNotInTotal, statement.currency)}`
                : ''}
            </p>
          </>
        )}
      </CardContent>
    </Card>
  );
}
