// The toast store behind `notify()`: a module-level list any code can push to (an API error handler,
// a route loader) without a React context; <Toaster /> renders whatever it holds. The types are named
// `Toast…`: a product's own notifications (the domain's `Notification`) are mapped onto them.

export type ToastType = 'success' | 'danger' | 'info' | 'warning';

export type ToastOptions = {
  title: string;
  text?: string;
  /** Defaults to 'info'. */
  type?: ToastType;
  /** Milliseconds before the toast closes itself. Defaults to 6000. */
  delay?: number;
  /** `false` keeps the toast until the user closes it. */
  timeout?: boolean;
};

export type Toast = {
  id: string;
  title: string;
  text: string | undefined;
  type: ToastType;
  /** Milliseconds until it closes itself, or null when it stays until dismissed. */
  duration: number | null;
};

export const DEFAULT_TOAST_DELAY = 6000;

let toasts: readonly Toast[] = [];
let counter = 0;
const listeners = new Set<() => void>();

function emit(next: readonly Toast[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

/** Shows a toast; returns its id for `dismiss`. It auto-closes after `delay` unless `timeout === false`. */
export function notify({ title, text, type = 'info', delay = DEFAULT_TOAST_DELAY, timeout }: ToastOptions) {
  counter += 1;
  const id = `toast-${counter}`;
  emit([...toasts, { id, title, text, type, duration: timeout === false ? null : delay }]);
  return id;
}

export function dismiss(id: string) {
  emit(toasts.filter((toast) => toast.id !== id));
}

export function dismissAll() {
  emit([]);
}

export function subscribeToasts(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function getToasts() {
  return toasts;
}
