// The account pages' frame (docs/product.md §2: sign in, sign up, password reset, ping), drawn without
// React Router: each screen loads on demand, as the console's routes do, inside the public layout.
import { type AccountPath, accountPathOf } from '@adconsole/domain';
import * as React from 'react';
import { PageProgress } from '../components/page-progress';
import { currentSession } from '../session/session';
import { amILoggedIn } from '../session/session-queries';
import { AccountRouter, useAccountLocation } from './account-router';
import { lazyComponent } from './lazy-screen';
import { PageError } from './page-error';
import { PublicLayout } from './public-layout';

const SCREENS: Record<AccountPath, React.ComponentType> = {
  '/signin': lazyComponent(() => import('../screens/account/sign-in'), 'SignInPage'),
  '/signup': lazyComponent(() => import('../screens/account/sign-up'), 'SignUpPage'),
  '/forgotpassword': lazyComponent(() => import('../screens/account/forgot-password'), 'ForgotPasswordPage'),
  '/ping': lazyComponent(() => import('./ping'), 'PingPage'),
};

class ScreenError extends React.Component<{ children: React.ReactNode }, { error?: unknown }> {
  override state: { error?: unknown } = {};
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override render() {
    return 'error' in this.state ? <PageError error={this.state.error} /> : this.props.children;
  }
}

function AccountScreen() {
  const { pathname, pending } = useAccountLocation();
  const account = accountPathOf(pathname);
  const Screen = account ? SCREENS[account] : undefined;
  return (
    <>
      {pending ? <PageProgress /> : null}
      <PublicLayout page={account}>
        <React.Suspense fallback={null}>{Screen ? <Screen /> : null}</React.Suspense>
      </PublicLayout>
    </>
  );
}

/**
 * The account pages. A visitor with a stored session is checked with the server once, as the console's
 * guard does on a public page, so the top bar does not greet a user whose session has ended.
 */
export function AccountPages() {
  React.useEffect(() => {
    if (currentSession() !== null) void amILoggedIn();
  }, []);
  return (
    <ScreenError>
      <AccountRouter>
        <AccountScreen />
      </AccountRouter>
    </ScreenError>
  );
}
