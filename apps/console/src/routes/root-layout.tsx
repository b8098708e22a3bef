import { lazy, Suspense } from 'react';
import { Outlet, useNavigation } from 'react-router-dom';

/**
 * The notifications' renderer (Radix Toast) is not needed to draw a page, so it loads beside the
 * first screen instead of before it; `notify()` keeps what is raised meanwhile and it shows on mount.
 */
const Toaster = lazy(() => import('../components/toaster'));

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
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </>
  );
}
