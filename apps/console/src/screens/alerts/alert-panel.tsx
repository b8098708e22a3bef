// The bell's panel of open alerts, a chunk of its own (docs/console.md, "The signed-in shell's first
// load"): Radix's Popover (Popper, Floating UI, the dismissable layer) loads when the reader comes to the
// bell (points at it, focuses it or taps it), not with every signed-in page. The bell itself is
// `alert-bell.tsx`'s own button, the popover's anchor; a tap that comes before the code opens the panel
// as soon as the code is here.
import { ALERT_RULE_LABELS, type Alert } from '@adconsole/domain';
import { Popover, PopoverAnchor, PopoverContent, type RenderLink } from '@adconsole/ui';
import * as React from 'react';
import { isMuted } from './alert-muted';
import { alertTime } from './alert-time';

export interface AlertPanelProps {
  /** The open alerts, newest first; undefined while they load. */
  alerts: readonly Alert[] | undefined;
  renderLink: RenderLink;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The bell: the panel is placed by it, and focus goes back to it when Escape closes the panel. */
  bell: React.RefObject<HTMLButtonElement | null>;
  /** The panel's id, which the bell names in aria-controls. */
  id: string;
}

export default function AlertPanel({
  alerts,
  renderLink,
  open: isOpen,
  onOpenChange,
  bell,
  id,
}: AlertPanelProps) {
  const open = (alerts ?? []).filter((alert) => alert.status === 'open');
  const shown = open.slice(0, 8);
  // What Radix does for its own trigger: a press on the bell is the bell's (it toggles the panel), not a
  // press outside; focus goes back to the bell unless the reader pressed somewhere else.
  const pressedOutside = React.useRef(false);
  return (
    <Popover open={isOpen} onOpenChange={onOpenChange}>
      <PopoverAnchor virtualRef={bell as React.RefObject<HTMLButtonElement>} />
      <PopoverContent
        id={id}
        aria-label="Open alerts"
        align="end"
        className="w-[min(24rem,calc(100vw-2rem))] p-0"
        onInteractOutside={(event) => {
          if (bell.current?.contains(event.target as Node)) event.preventDefault();
          else pressedOutside.current = true;
        }}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          if (!pressedOutside.current) bell.current?.focus();
          pressedOutside.current = false;
        }}
      >
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
