// The account screens' calls (sign in, sign up, the reset link and the new password, e-mail
// verification), through the console's authentication calls (session/session-queries.ts).
import {
  ACCOUNT_MESSAGES,
  type ChangePasswordForm,
  errorMessage,
  type LoginForm,
  type SignUpInput,
} from '@adconsole/domain';
import { authApi } from '../../session/session-queries';

export const logIn = (values: LoginForm) => authApi().login(values);

export const signUp = (input: SignUpInput) => authApi().signUp(input);

/** Mails a reset link to the address, if it has an account. */
export const requestPasswordReset = (values: { email: string }) => authApi().forgotPassword(values);

/** The new password, with the forgotToken of the reset link. */
export const resetPassword = (values: ChangePasswordForm, forgotToken: string) =>
  authApi().changePassword({ ...values, code: forgotToken });

// Verifies an e-mail once per page load: the token is single-use, so a remount (or React's strict
// mode running effects twice) must reuse the first answer instead of spending the token again.
export type VerificationOutcome = { state: 'verified' } | { state: 'failed'; message: string };

const outcomes = new Map<string, Promise<VerificationOutcome>>();

export function verifyEmailOnce(code: string, verifyToken: string): Promise<VerificationOutcome> {
  const key = `${code}\n${verifyToken}`;
  let outcome = outcomes.get(key);
  if (!outcome) {
    outcome = authApi()
      .verify({ code, verifyToken })
      .then(
        (): VerificationOutcome => ({ state: 'verified' }),
        (error: unknown): VerificationOutcome => ({
          state: 'failed',
          message: errorMessage(error, ACCOUNT_MESSAGES.verificationFailed),
        }),
      );
    outcomes.set(key, outcome);
  }
  return outcome;
}
