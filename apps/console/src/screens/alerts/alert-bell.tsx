// The bell in the top bar (docs/alerts.md): how many alerts are open and not yet acknowledged, and a panel of
// the open ones, newest first, each linking to its campaign's alerts. The count is in the button's
// name, so a screen reader hears "Alerts, 3 open". The panel's code loads when the reader comes to the
// bell (alert-panel.tsx); the bell is drawn at once, without it.
import type { Alert } from '@adconsole/domain';
import { buttonVariants, cn, type RenderLink, renderAnchor } from '@adconsole/ui';
import { BellIcon } from 'lucide-react';
import * as React from 'react';
import { isMuted } from './alert-muted';

export interface AlertBellProps {
  /** The open alerts, newest first; undefined while they load. */
  alerts: readonly Alert[] | undefined;
  renderLink?: RenderLink;
  /** The panel starts open (stories). */
  defaultOpen?: boolean;
}

const AlertPanel = React.lazy(() => import('./alert-panel'));

/** Open alerts nobody has acknowledged or muted: what the bell counts. */
const unacknowledged = (alerts: readonly Alert[]) =>
  alerts.filter((alert) => alert.status === 'open' && !alert.acknowledgedAt && !isMuted(alert));

export function AlertBell({ alerts, renderLink = renderAnchor, defaultOpen = false }: AlertBellProps) {
  const count = unacknowledged((alerts ?? []).filter((alert) => alert.status === 'open')).length;
  const [open, setOpen] = React.useState(defaultOpen);
  // The panel's code is asked for once the reader comes to the bell (or it opens).
  const [wanted, setWanted] = React.useState(defaultOpen);
  const want = () => setWanted(true);
  const bell = React.useRef<HTMLButtonElement>(null);
  const panelId = React.useId();
  return (
    <>
      <button
        ref={bell}
        type="button"
        aria-label={count > 0 ? `Alerts, ${count} open` : 'Alerts, none open'}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        data-state={open ? 'open' : 'closed'}
        className={cn(buttonVariants({ variant: 'ghost', size: 'icon' }), 'relative')}
        data-slot="alert-bell"
        onPointerEnter={want}
        onFocus={want}
        onClick={() => {
          want();
          setOpen((wasOpen) => !wasOpen);
        }}
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
      </button>
      {wanted ? (
        <React.Suspense fallback={null}>
          <AlertPanel
            alerts={alerts}
            renderLink={renderLink}
            open={open}
            onOpenChange={setOpen}
            bell={bell}
            id={panelId}
          />
        </React.Suspense>
      ) : null}
    </>
  );
}
