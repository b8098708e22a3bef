// A list of alerts (docs/alerts.md): the account's (every campaign's, with its name) or one campaign's. Each
// says which rule fired, the sentence it fired with (what it measured against its line), when, and
// when it recovered; an open one can be acknowledged (someone is on it) and any can be muted for a day
// or a week (no mail or webhook, not even its recovery) or unmuted.
import { ALERT_RULE_LABELS, type Alert } from '@adconsole/domain';
import {
  AlertTitle,
  Badge,
  Button,
  Alert as Callout,
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
  type RenderLink,
  renderAnchor,
  Skeleton,
} from '@adconsole/ui';
import { alertTime } from './alert-time';

export interface AlertListProps {
  /** Newest first; undefined while they load. */
  alerts: readonly Alert[] | undefined;
  loadError?: string | null;
  /** Name each alert's campaign (and link to it): the account-wide list. */
  showCampaign?: boolean;
  onAcknowledge: (id: string) => unknown;
  onMute: (id: string, hours: number | null) => unknown;
  /** The id of the alert being changed. */
  pending?: string | undefined;
  actionError?: string | null;
  /** "Now" for what is still muted (stories pin it). */
  now?: Date;
  /** The campaign's zone (IANA) on a campaign's alerts: its times are written in it; else the reader's. */
  timeZone?: string | undefined;
  renderLink?: RenderLink;
}

const MUTES = [
  { hours: 24, label: 'Mute for a day' },
  { hours: 168, label: 'Mute for a week' },
];

export function AlertList({
  alerts,
  loadError,
  showCampaign = false,
  onAcknowledge,
  onMute,
  pending,
  actionError,
  now = new Date(),
  timeZone,
  renderLink = renderAnchor,
}: AlertListProps) {
  if (loadError)
    return (
      <Callout variant="danger">
        <AlertTitle>{loadError}</AlertTitle>
      </Callout>
    );
  if (alerts === undefined)
    return (
      <div className="grid gap-2" role="status" aria-busy="true" aria-label="Loading alerts">
        <Skeleton className="h-16" />
        <Skeleton className="h-16" />
      </div>
    );
  if (alerts.length === 0)
    return (
      <p className="text-muted-foreground text-sm">
        No alerts yet. The rules are checked every 15 minutes; when one fires it shows here, in the bell, in
        your mail and on your webhooks.
      </p>
    );
  return (
    <div className="grid gap-3">
      {actionError ? (
        <Callout variant="danger">
          <AlertTitle>{actionError}</AlertTitle>
        </Callout>
      ) : null}
      <ul aria-label="Alerts" className="grid divide-y rounded-md border" data-slot="alert-list">
        {alerts.map((alert) => {
          const muted = alert.mutedUntil !== null && new Date(alert.mutedUntil) > now;
          const label = `${ALERT_RULE_LABELS[alert.rule]}${showCampaign ? ` on ${alert.campaignName}` : ''}`;
          return (
            <li key={alert.id} className="grid gap-2 p-3 sm:grid-cols-[1fr_auto]" data-status={alert.status}>
              <div className="grid min-w-0 gap-1">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-medium text-sm">{ALERT_RULE_LABELS[alert.rule]}</span>
                  {showCampaign
                    ? renderLink({
                        href: `/campaigns/${alert.campaignID}/alerts`,
                        className: 'text-sm underline underline-offset-4',
                        children: alert.campaignName,
                      })
                    : null}
                  <Badge variant={alert.status === 'open' ? 'danger' : 'success'}>
                    {alert.status === 'open' ? 'Open' : 'Recovered'}
                  </Badge>
                  {alert.acknowledgedAt ? <Badge variant="secondary">Acknowledged</Badge> : null}
                  {muted ? (
                    <Badge variant="outline">
                      Muted until {alertTime(alert.mutedUntil as string, timeZone)}
                    </Badge>
                  ) : null}
                </div>
                <p className="break-words text-sm">{alert.message}</p>
                {alert.recoveredMessage ? (
                  <p className="break-words text-muted-foreground text-sm">
                    Recovered: {alert.recoveredMessage}
                  </p>
                ) : null}
                <p className="text-muted-foreground text-xs">
                  Fired {alertTime(alert.openedAt, timeZone)}
                  {alert.closedAt ? ` · recovered ${alertTime(alert.closedAt, timeZone)}` : ''}
                  {alert.acknowledgedBy ? ` · acknowledged by ${alert.acknowledgedBy}` : ''}
                </p>
              </div>
              <div className="flex flex-wrap items-start gap-2 sm:justify-end">
                {alert.status === 'open' && !alert.acknowledgedAt ? (
                  <Button
                    size="sm"
                    variant="outline"
                    loading={pending === alert.id}
                    aria-label={`Acknowledge (${label})`}
                    onClick={() => onAcknowledge(alert.id)}
                  >
                    Acknowledge
                  </Button>
                ) : null}
                {muted ? (
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={`Unmute (${label})`}
                    onClick={() => onMute(alert.id, null)}
                  >
                    Unmute
                  </Button>
                ) : (
                  <DropdownMenu>
                    <DropdownMenuTrigger asChild>
                      <Button size="sm" variant="ghost" aria-label={`Mute (${label})`}>
                        Mute
                      </Button>
                    </DropdownMenuTrigger>
                    <DropdownMenuContent align="end">
                      {MUTES.map((mute) => (
                        <DropdownMenuItem key={mute.hours} onSelect={() => onMute(alert.id, mute.hours)}>
                          {mute.label}
                        </DropdownMenuItem>
                      ))}
                    </DropdownMenuContent>
                  </DropdownMenu>
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
