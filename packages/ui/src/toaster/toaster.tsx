import { cva } from 'class-variance-authority';
import { CircleAlertIcon, CircleCheckIcon, InfoIcon, TriangleAlertIcon, XIcon } from 'lucide-react';
import { Toast as ToastPrimitive } from 'radix-ui';
import * as React from 'react';
import { cn } from '../lib/cn';
import { dismiss, getToasts, subscribeToasts, type Toast, type ToastType } from './notify';

export const toastVariants = cva(
  [
    'group pointer-events-auto relative grid w-full grid-cols-[auto_1fr_auto] items-start gap-3 overflow-hidden rounded-lg border border-l-4',
    'bg-popover p-4 pr-3 text-popover-foreground shadow-lg data-[swipe=move]:translate-x-(--radix-toast-swipe-move-x)',
  ],
  {
    variants: {
      type: {
        info: 'border-l-info [&>svg]:text-info',
        success: 'border-l-success [&>svg]:text-success',
        warning: 'border-l-warning [&>svg]:text-warning-foreground dark:[&>svg]:text-warning',
        danger: 'border-l-destructive [&>svg]:text-destructive',
      },
    },
    defaultVariants: { type: 'info' },
  },
);

const icons: Record<ToastType, typeof InfoIcon> = {
  info: InfoIcon,
  success: CircleCheckIcon,
  warning: TriangleAlertIcon,
  danger: CircleAlertIcon,
};

export type ToasterProps = {
  /** Label of the notifications landmark; the hotkey that focuses it is appended by Radix. */
  label?: string;
  className?: string;
  /** The timers that close toasts after their delay (default: the window's). */
  clock?: ToasterClock;
};

/** The timers a toast's delay runs on: the window's by default, a test's own clock in a test. */
export type ToasterClock = {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(id: unknown): void;
  now(): number;
};

const windowClock: ToasterClock = {
  setTimeout: (callback, ms) => window.setTimeout(callback, ms),
  clearTimeout: (id) => window.clearTimeout(id as number),
  now: () => Date.now(),
};

type ToastItemProps = { toast: Toast; paused: boolean; clock: ToasterClock };

/** One toast. Its own timer (not Radix's) closes it, so pausing is a plain prop we control. */
function ToastItem({ toast, paused, clock }: ToastItemProps) {
  const remaining = React.useRef(toast.duration);
  React.useEffect(() => {
    if (paused || remaining.current === null) return;
    const startedAt = clock.now();
    const timer = clock.setTimeout(() => dismiss(toast.id), remaining.current);
    return () => {
      clock.clearTimeout(timer);
      if (remaining.current !== null) remaining.current -= clock.now() - startedAt;
    };
  }, [paused, toast.id, clock]);
  const Icon = icons[toast.type];
  return (
    <ToastPrimitive.Root
      data-slot="toast"
      data-type={toast.type}
      data-persistent={toast.duration === null || undefined}
      data-paused={paused || undefined}
      type={toast.type === 'danger' ? 'foreground' : 'background'}
      duration={Number.POSITIVE_INFINITY}
      onOpenChange={(open) => {
        if (!open) dismiss(toast.id);
      }}
      className={toastVariants({ type: toast.type })}
    >
      <Icon className="mt-0.5 size-4" aria-hidden="true" />
      <div className="grid gap-1">
        <ToastPrimitive.Title data-slot="toast-title" className="font-medium text-sm">
          {toast.title}
        </ToastPrimitive.Title>
        {toast.text ? (
          <ToastPrimitive.Description data-slot="toast-text" className="text-muted-foreground text-sm">
            {toast.text}
          </ToastPrimitive.Description>
        ) : null}
      </div>
      <ToastPrimitive.Close
        data-slot="toast-close"
        aria-label="Close notification"
        className="rounded-sm p-0.5 opacity-70 outline-none hover:opacity-100 focus-visible:ring-2 focus-visible:ring-ring"
      >
        <XIcon className="size-4" aria-hidden="true" />
      </ToastPrimitive.Close>
    </ToastPrimitive.Root>
  );
}

/**
 * Renders the toasts sent with `notify()`, newest at the bottom of a stack in the corner.
 * Radix Toast announces each one (danger toasts assertively) and lets F8 jump to the stack; every timer
 * pauses while the pointer is over the stack or focus is inside it. Mount it once near the root.
 */
export function Toaster({ label = 'Notifications', className, clock = windowClock }: ToasterProps) {
  const toasts = React.useSyncExternalStore(subscribeToasts, getToasts, getToasts);
  const [hovered, setHovered] = React.useState(false);
  const [focused, setFocused] = React.useState(false);
  const paused = hovered || focused;
  const viewportRef = React.useRef<HTMLOListElement>(null);
  // Native listeners: the toasts are portalled into the viewport, so React's synthetic pointer
  // events (which follow the component tree) never reach a handler on the viewport.
  React.useEffect(() => {
    const viewport = viewportRef.current;
    if (!viewport) return;
    const enter = () => setHovered(true);
    const leave = () => setHovered(false);
    const focusIn = () => setFocused(true);
    const focusOut = (event: FocusEvent) => {
      if (!(event.relatedTarget instanceof Node && viewport.contains(event.relatedTarget))) setFocused(false);
    };
    viewport.addEventListener('pointerenter', enter);
    viewport.addEventListener('pointerleave', leave);
    viewport.addEventListener('focusin', focusIn);
    viewport.addEventListener('focusout', focusOut);
    return () => {
      viewport.removeEventListener('pointerenter', enter);
      viewport.removeEventListener('pointerleave', leave);
      viewport.removeEventListener('focusin', focusIn);
      viewport.removeEventListener('focusout', focusOut);
    };
  }, []);
  return (
    <ToastPrimitive.Provider swipeDirection="right" label={label}>
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} paused={paused} clock={clock} />
      ))}
      <ToastPrimitive.Viewport
        data-slot="toaster"
        data-paused={paused || undefined}
        ref={viewportRef}
        className={cn(
          'fixed right-0 bottom-0 z-[100] m-0 flex w-full max-w-sm list-none flex-col gap-2 p-4 outline-none',
          className,
        )}
      />
    </ToastPrimitive.Provider>
  );
}
