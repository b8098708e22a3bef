export {
  SignInForm,
  type SignInFormProps,
  type SignInFormValues,
  type VerifyLink,
  verifyLinkProblems,
} from './sign-in-form';
