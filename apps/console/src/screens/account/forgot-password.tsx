// Forgot password (docs/product.md §2): without forgotToken it asks for the e-mail and sends a reset
// link; with forgotToken it changes the password and goes to /signin.
import { ACCOUNT_MESSAGES, errorMessage } from '@adconsole/domain';
import { ChangePasswordForm, ForgotPasswordForm } from '@adconsole/forms';
import { useState } from 'react';
import { AuthCard } from '../../components/auth-card';
import { navigate, useSearchParams } from '../../routes/account-router';
import { sessionStore } from '../../session/session';
import { requestPasswordReset, resetPassword } from './account-queries';

export function ForgotPasswordPage() {
  const [params] = useSearchParams();
  const forgotToken = params.get('forgotToken');
  return forgotToken ? <ChangePassword forgotToken={forgotToken} /> : <RequestResetLink />;
}

function RequestResetLink() {
  const [serverError, setServerError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  return (
    <AuthCard title="Forgot password" description="We will e-mail you a link to choose a new password.">
      <ForgotPasswordForm
        onSubmit={async (values) => {
          setServerError(null);
          try {
            await requestPasswordReset(values);
            setSentTo(values.email);
          } catch (error) {
            setServerError(errorMessage(error, ACCOUNT_MESSAGES.passwordNotReset));
          }
        }}
        serverError={serverError}
        successMessage={sentTo ? `If ${sentTo} has an account, a reset link is on its way.` : undefined}
      />
    </AuthCard>
  );
}

function ChangePassword({ forgotToken }: { forgotToken: string }) {
  const [serverError, setServerError] = useState<string | null>(null);
  return (
    <AuthCard title="Change password">
      <ChangePasswordForm
        onSubmit={async (values) => {
          setServerError(null);
          try {
            await resetPassword(values, forgotToken);
            sessionStore.set(null);
            navigate('/signin', { replace: true });
          } catch (error) {
            setServerError(errorMessage(error, ACCOUNT_MESSAGES.passwordNotReset));
          }
        }}
        serverError={serverError}
      />
    </AuthCard>
  );
}
