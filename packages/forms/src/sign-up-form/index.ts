export { SignUpForm, type SignUpFormProps, type SignUpFormValues } from './sign-up-form';
