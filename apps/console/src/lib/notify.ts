// Shows the domain's notifications (spec defaults: info, 6000 ms, open while timeout === false) in the ui Toaster.
import type { Notification } from '@adconsole/domain';
import { notify } from '@adconsole/ui';

export const showNotification = (notification: Notification) =>
  notify({
    title: notification.title,
    text: notification.text,
    type: notification.type,
    delay: notification.delay,
    timeout: notification.timeout === false ? false : undefined,
  });
