export { ApiTokenForm, type ApiTokenFormProps, type ApiTokenFormValues } from './api-token-form';
