// Sign in (docs/product.md §2): verify first when the link carries verifyCode and code (a sign-in sent
// before that answer waits for it), then login,
// then the stored after-login path or /dashboard.
import {
  ACCOUNT_MESSAGES,
  errorMessage,
  shouldWelcomeBack,
  welcomeBackNotification,
} from '@adconsole/domain';
import { SignInForm, type SignInFormValues } from '@adconsole/forms';
import { useEffect, useState } from 'react';
import { AuthCard } from '../../components/auth-card';
import { showNotification } from '../../lib/notify';
import { navigate, renderAccountLink, useSearchParams } from '../../routes/account-router';
import { signedIn, takeAfterLoginTarget } from '../../session/session';
import { logIn, type VerificationOutcome, verifyEmailOnce } from './account-queries';

type Verification = { state: 'none' | 'pending' } | VerificationOutcome;

function useVerification(verifyCode: string | null, verifyToken: string | null): Verification {
  const [verification, setVerification] = useState<Verification>({ state: verifyCode ? 'pending' : 'none' });
  useEffect(() => {
    if (!verifyCode) return;
    let current = true;
    verifyEmailOnce(verifyCode, verifyToken ?? '').then((outcome) => current && setVerification(outcome));
    return () => {
      current = false;
    };
  }, [verifyCode, verifyToken]);
  return verification;
}

export function SignInPage() {
  const [params] = useSearchParams();
  const verifyCode = params.get('verifyCode');
  const verifyToken = params.get('code');
  const verification = useVerification(verifyCode, verifyToken);
  const [serverError, setServerError] = useState<string | null>(null);

  const signIn = async (values: SignInFormValues) => {
    setServerError(null);
    try {
      // Sent from the mailed link before its verification answered: the server refuses an unverified
      // account's sign-in, so it waits for that answer (the same one: the link's token is spent once).
      if (verifyCode) await verifyEmailOnce(verifyCode, verifyToken ?? '');
      const answer = await logIn(values);
      signedIn(answer);
      if (shouldWelcomeBack(answer.lastLogin, new Date())) showNotification(welcomeBackNotification());
      navigate(takeAfterLoginTarget(), { replace: true });
    } catch (error) {
      setServerError(errorMessage(error, ACCOUNT_MESSAGES.signInFailed));
    }
  };

  return (
    <AuthCard title="Sign in" description="Campaigns, creatives, ad tags and reports.">
      <SignInForm
        onSubmit={signIn}
        verified={verification.state === 'verified'}
        serverError={verification.state === 'failed' ? verification.message : serverError}
        renderLink={renderAccountLink}
      />
    </AuthCard>
  );
}
