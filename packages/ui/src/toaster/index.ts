export {
  DEFAULT_TOAST_DELAY,
  dismiss,
  dismissAll,
  notify,
  type Toast,
  type ToastOptions,
  type ToastType,
} from './notify';
export { Toaster, type ToasterClock, type ToasterProps, toastVariants } from './toaster';
