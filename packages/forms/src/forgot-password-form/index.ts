export {
  ForgotPasswordForm,
  type ForgotPasswordFormProps,
  type ForgotPasswordFormValues,
} from './forgot-password-form';
