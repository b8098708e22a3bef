// The bell in the top bar (docs/alerts.md): how many alerts are open and not yet acknowledged, and a panel of
// the open ones, newest first, each linking to its campaign's alerts. The count is in the button's
// name, so a screen reader hears "Alerts, 3 open".
import { ALERT_RULE_LABELS, type Alert } from '@adconsole/domain';
import {
  buttonVariants,
  cn,
  Popover,
  PopoverContent,
  PopoverTrigger,
  type RenderLink,
  renderAnchor,
} from '@adconsole/ui';
import { BellIcon } from 'lucide-react';
import { alertTime } from './alert-time';

export interface AlertBellProps {
  /** The open alerts, newest first; undefined while they load. */
  alerts: readonly Alert[] | undefined;
  renderLink?: RenderLink;
  /** The panel starts open (stories). */
  defaultOpen?: boolean;
}

const isMuted = (alert: Alert, now = new Date()) =>
  alert.mutedUntil !== null && new Date(alert.mutedUntil) > now;

/** Open alerts nobody has acknowledged or muted: what the bell counts. */
const unacknowledged = (alerts: readonly Alert[]) =>
  alerts.filter((alert) => alert.status === 'open' && !alert.acknowledgedAt && !isMuted(alert));

export function AlertBell({ alerts, renderLink = renderAnchor, defaultOpen }: AlertBellProps) {
  const open = (alerts ?? []).filter((alert) => alert.status === 'open');
  const count = unacknowledged(open).length;
  const shown = open.slice(0, 8);
  return (
    <Popover defaultOpen={defaultOpen}>
      <PopoverTrigger
        aria-label={count > 0 ? `Alerts, ${count} open` : 'Alerts, none open'}
        className={cn(buttonVariants({ variant: 'ghost', size: 'icon' }), 'relative')}
        data-slot="alert-bell"
      >
        <BellIcon aria-hidden="true" />
        {count > 0 ? (
          <span
            aria-hidden="true"
            data-slot="alert-count"
            className="-right-0.5 -top-0.5 absolute flex h-5 min-w-5 items-center justify-center rounded-full bg-destructive px-1 font-semibold text-destructive-foreground text-xs"
          >
            {count > 99 ? '99+' : count}
          </span>
        ) : null}
      </PopoverTrigger>
      <PopoverContent aria-label="Open alerts" align="end" className="w-[min(24rem,calc(100vw-2rem))] p-0">
        <div className="flex items-center justify-between border-b px-3 py-2">
          <h2 className="font-semibold text-sm">Open alerts</h2>
          {renderLink({
            href: '/alerts',
            className: 'text-sm underline-offset-4 hover:underline',
            children: 'All alerts and settings',
          })}
        </div>
        {alerts === undefined ? (
          <p className="p-3 text-muted-foreground text-sm" role="status">
            Loading alerts…
          </p>
        ) : shown.length === 0 ? (
          <p className="p-3 text-muted-foreground text-sm">Nothing is wrong: no alert is open.</p>
        ) : (
          <ul aria-label="Open alerts list" className="max-h-96 divide-y overflow-y-auto">
            {shown.map((alert) => (
              <li key={alert.id}>
                {renderLink({
                  href: `/campaigns/${alert.campaignID}/alerts`,
                  className: 'grid gap-0.5 px-3 py-2 text-sm hover:bg-accent',
                  children: (
                    <>
                      <span className="flex flex-wrap items-baseline justify-between gap-x-2">
                        <span className="font-medium">
                          {ALERT_RULE_LABELS[alert.rule]} · {alert.campaignName}
                        </span>
                        <span className="text-muted-foreground text-xs">{alertTime(alert.openedAt)}</span>
                      </span>
                      <span className="line-clamp-2 text-muted-foreground">{alert.message}</span>
                      {alert.acknowledgedAt || isMuted(alert) ? (
                        <span className="text-xs">
                          {[alert.acknowledgedAt ? 'Acknowledged' : '', isMuted(alert) ? 'Muted' : '']
                            .filter(Boolean)
                            .join(' · ')}
                        </span>
                      ) : null}
                    </>
                  ),
                })}
              </li>
            ))}
          </ul>
        )}
        {open.length > shown.length ? (
          <p className="border-t px-3 py-2 text-muted-foreground text-xs">
            {open.length - shown.length} more open: see all alerts.
          </p>
        ) : null}
      </PopoverContent>
    </Popover>
  );
}
