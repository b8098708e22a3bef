export {
  ConversionActionForm,
  type ConversionActionFormProps,
  type ConversionActionFormValues,
  type ConversionCurrencyChoice,
} from './conversion-action-form';
