// The catalogue's texts (messages.ts) that the account pages (sign in, sign up, password reset) and the
// notifications of every page's first load read, in a module of their own: `MESSAGES` spreads them, so
// it is still the one catalogue, and the account pages' first load carries these two dozen texts
// instead of all four hundred (docs/console.md, "The signed-in shell's first load").
import { registerProductTexts } from './product-texts';

export const ACCOUNT_MESSAGES = {
  fillInYourEmail: 'Fill in your email',
  loginPassword: 'Fill in your password at least 6 characters long',
  /** docs/product.md §5 gives no text for this change-password rule; the login wording is reused. */
  changePasswordPassword: 'Fill in your password at least 6 characters long',
  repeatYourPassword: 'Repeat your password',
  passwordsDoNotMatch: 'Passwords do not match!',
  invalidEmail: 'Invalid email!',
  invalidUrl: 'Invalid URL!',
  fillInYourNames: 'Fill in your names',
  fillInYourEmailCorrectly: 'Fill in your email correctly',
  fillInYourPassword: 'Fill in your password',
  fillInBothPasswords: 'Fill in both your passwords the same way',
  acceptTheTerms: 'You have to accept the terms!',
  signUpFailed: 'Sign up failed!',
  signInFailed: 'Sign in failed!',
  verificationFailed: 'Verification failed!',
  emailVerified: 'Email verified! Sign in below',
  reportErrorTitle: 'Error!',
  reportErrorText: "Couldn't receive reporting! Please try again.",
  welcomeBackTitle: 'Welcome back!',
  welcomeBackText: 'There has been a new release of bug fixes and some extra features.',
  /** Beyond (docs/product.md §8): changing the password while signed in asks for the current one. */
  fillInCurrentPassword: 'Fill in your current password',
  passwordNotReset: 'The password could not be reset. Please try again.',
} as const;

registerProductTexts(ACCOUNT_MESSAGES);
