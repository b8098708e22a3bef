// The notification store behind `notify()`: a module-level list any code can push to (an API error
// handler, a route loader) without a React context; <Toaster /> renders whatever it holds.

export type NotificationType = 'success' | 'error' | 'info' | 'warning';

export type NotifyOptions = {
  title: string;
  text?: string;
  /** Defaults to 'info'. */
  type?: NotificationType;
  /** Milliseconds before the notification closes itself. Defaults to 6000. */
  delay?: number;
  /** `false` keeps the notification until the user closes it. */
  timeout?: boolean;
};

export type Notification = {
  id: string;
  title: string;
  text: string | undefined;
  type: NotificationType;
  /** Milliseconds until it closes itself, or null when it stays until dismissed. */
  duration: number | null;
};

export const DEFAULT_NOTIFICATION_DELAY = 6000;

let notifications: readonly Notification[] = [];
let counter = 0;
const listeners = new Set<() => void>();

function emit(next: readonly Notification[]) {
  notifications = next;
  for (const listener of listeners) listener();
}

/** Shows a notification; returns its id for `dismiss`. It auto-closes after `delay` unless `timeout === false`. */
export function notify({
  title,
  text,
  type = 'info',
  delay = DEFAULT_NOTIFICATION_DELAY,
  timeout,
}: NotifyOptions) {
  counter += 1;
  const id = `notification-${counter}`;
  emit([...notifications, { id, title, text, type, duration: timeout === false ? null : delay }]);
  return id;
}

export function dismiss(id: string) {
  emit(notifications.filter((notification) => notification.id !== id));
}

export function dismissAll() {
  emit([]);
}

export function subscribeNotifications(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function getNotifications() {
  return notifications;
}
