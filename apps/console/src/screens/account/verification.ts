// Verifies an e-mail once per page load: the token is single-use, so a remount (or React's strict
// mode running effects twice) must reuse the first answer instead of spending the token again.
import { errorMessage, MESSAGES } from '@adconsole/domain';
import { api } from '../../lib/api';

export type VerificationOutcome = { state: 'verified' } | { state: 'failed'; message: string };

const outcomes = new Map<string, Promise<VerificationOutcome>>();

export function verifyEmailOnce(code: string, verifyToken: string): Promise<VerificationOutcome> {
  const key = `${code}\n${verifyToken}`;
  let outcome = outcomes.get(key);
  if (!outcome) {
    outcome = api()
      .verify({ code, verifyToken })
      .then(
        (): VerificationOutcome => ({ state: 'verified' }),
        (error: unknown): VerificationOutcome => ({
          state: 'failed',
          message: errorMessage(error, MESSAGES.verificationFailed),
        }),
      );
    outcomes.set(key, outcome);
  }
  return outcome;
}
