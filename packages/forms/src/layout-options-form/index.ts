export {
  LayoutOptionsForm,
  type LayoutOptionsFormProps,
  type LayoutOptionsFormValues,
} from './layout-options-form';
