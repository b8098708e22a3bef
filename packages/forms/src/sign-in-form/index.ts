export { SignInForm, type SignInFormProps, type SignInFormValues } from './sign-in-form';
