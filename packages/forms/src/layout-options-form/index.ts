export {
  LayoutOptionsForm,
  type LayoutOptionsFormHandle,
  type LayoutOptionsFormProps,
  type LayoutOptionsFormValues,
} from './layout-options-form';
