import { Toaster } from '@adconsole/ui';
import { Outlet, useNavigation } from 'react-router-dom';

/** Every page: the notifications, and a progress line while a lazy screen or the guard is under way. */
export function RootLayout() {
  const navigation = useNavigation();
  return (
    <>
      {navigation.state === 'loading' ? (
        <div
          role="progressbar"
          aria-label="Loading page"
          className="fixed inset-x-0 top-0 z-50 h-0.5 bg-primary"
        />
      ) : null}
      <Outlet />
      <Toaster />
    </>
  );
}
