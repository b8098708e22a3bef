export {
  DEFAULT_NOTIFICATION_DELAY,
  dismiss,
  dismissAll,
  type Notification,
  type NotificationType,
  type NotifyOptions,
  notify,
} from './notify';
export { Toaster, type ToasterClock, type ToasterProps, toastVariants } from './toaster';
