// Shows the domain's notifications (docs/product.md §3: info by default, 6000 ms, open while timeout ===
// false) as toasts of the ui Toaster, whose tone for the domain's 'error' is 'danger'.
import type { Notification } from '@adconsole/domain';
import { notify, type ToastType } from '@adconsole/ui';

const toastTypes: Record<Notification['type'], ToastType> = {
  success: 'success',
  error: 'danger',
  info: 'info',
  warning: 'warning',
};

export const showNotification = (notification: Notification) =>
  notify({
    title: notification.title,
    text: notification.text,
    type: toastTypes[notification.type],
    delay: notification.delay,
    timeout: notification.timeout === false ? false : undefined,
  });
