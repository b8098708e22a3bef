// Notifications (docs/product.md §3, §4 and §8). Built with `zod/mini`: the sign-in page raises one
// ('Welcome back!') on its first load (docs/console.md).
import { z } from 'zod/mini';
import { NOTIFICATION_DEFAULT_DELAY_MS, REPORT_ERROR_NOTIFICATION_DELAY_MS } from '../constants';
import { ACCOUNT_MESSAGES } from '../validation/account-messages';

export const NOTIFICATION_TYPES = ['success', 'error', 'info', 'warning'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const notificationSchema = z.object({
  title: z.string(),
  text: z._default(z.string(), ''),
  type: z._default(z.enum(NOTIFICATION_TYPES), 'info'),
  /** `false` keeps the notification open until the user closes it. */
  timeout: z.optional(z.union([z.boolean(), z.number()])),
  /** Milliseconds before it closes itself. */
  delay: z._default(z.number().check(z.int(), z.nonnegative()), NOTIFICATION_DEFAULT_DELAY_MS),
});
export type Notification = z.infer<typeof notificationSchema>;
export type NotificationInput = z.input<typeof notificationSchema>;

/** A notification with the defaults of docs/product.md §4: type 'info', delay 6000 ms. */
export const createNotification = (input: NotificationInput): Notification => notificationSchema.parse(input);

/** Auto-close delay in ms, or null when the notification stays open (timeout explicitly false). */
export const autoCloseDelay = (notification: Pick<Notification, 'timeout' | 'delay'>): number | null =>
  notification.timeout === false ? null : notification.delay;

/** The danger notification of a failed report download or share link (docs/product.md §8). */
export const reportErrorNotification = (): Notification => ({
  title: ACCOUNT_MESSAGES.reportErrorTitle,
  text: ACCOUNT_MESSAGES.reportErrorText,
  type: 'error',
  delay: REPORT_ERROR_NOTIFICATION_DELAY_MS,
});

/** The 'Welcome back!' notification shown after a release. */
export const welcomeBackNotification = (): Notification => ({
  title: ACCOUNT_MESSAGES.welcomeBackTitle,
  text: ACCOUNT_MESSAGES.welcomeBackText,
  type: 'info',
  delay: NOTIFICATION_DEFAULT_DELAY_MS,
});
