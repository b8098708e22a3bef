// Sign up (docs/product.md §2): first name and e-mail prefilled from the query; an invited user's link
// also carries the invitation token. The outcome is a success message or the error in an alert.
import { ACCOUNT_MESSAGES, errorMessage } from '@adconsole/domain';
import { SignUpForm, type SignUpFormValues } from '@adconsole/forms';
import { useState } from 'react';
import { AuthCard } from '../../components/auth-card';
import { publicConfig } from '../../lib/public-config';
import { Link, useSearchParams } from '../../routes/account-router';
import { sessionStore } from '../../session/session';
import { signUp as signUpCall } from './account-queries';

export function SignUpPage() {
  const [params] = useSearchParams();
  const [serverError, setServerError] = useState<string | null>(null);
  const [signedUpEmail, setSignedUpEmail] = useState<string | null>(null);

  const signUp = async (values: SignUpFormValues) => {
    setServerError(null);
    try {
      await signUpCall({ ...values, invite: params.get('invite') ?? undefined });
      // The auth flag becomes false after a sign-up outcome.
      sessionStore.set(null);
      setSignedUpEmail(values.email);
    } catch (error) {
      setServerError(errorMessage(error, ACCOUNT_MESSAGES.signUpFailed));
    }
  };

  return (
    <AuthCard
      title="Sign up"
      description={`Accounts are for ${publicConfig().companyDomain} e-mail addresses.`}
    >
      <SignUpForm
        companyDomain={publicConfig().companyDomain}
        defaultValues={{ email: params.get('email') ?? '', firstName: params.get('firstName') ?? '' }}
        onSubmit={signUp}
        serverError={serverError}
        successMessage={
          signedUpEmail ? (
            <>
              We sent a verification link to {signedUpEmail}. Open it, then{' '}
              <Link to="/signin" className="underline">
                sign in
              </Link>
              .
            </>
          ) : undefined
        }
      />
    </AuthCard>
  );
}
