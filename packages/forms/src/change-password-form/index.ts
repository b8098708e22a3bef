export {
  ChangePasswordForm,
  type ChangePasswordFormProps,
  type ChangePasswordFormValues,
} from './change-password-form';
