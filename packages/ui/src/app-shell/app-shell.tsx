import * as React from 'react';
import { cn } from '../lib/cn';
import { AppShellContext } from './app-shell-context';

/**
 * The compact navigation sheet, loaded when it first opens: the tap that opens it waits for its code
 * once, the page's first load does without it.
 */
const AppShellSheet = React.lazy(() => import('./app-shell-sheet'));

export type AppShellProps = React.ComponentProps<'div'> & {
  /** Usually a <Sidebar />. */
  sidebar: React.ReactNode;
  /** Usually a <TopBar />. */
  topBar?: React.ReactNode;
  /** Usually a <Footer />. */
  footer?: React.ReactNode;
  /**
   * Compact mode, which the app switches by window width: the sidebar leaves the page and opens
   * as a sheet from the top bar's menu button.
   */
  compact?: boolean;
  /** Controlled state of the compact navigation sheet (optional). */
  navOpen?: boolean;
  onNavOpenChange?: (open: boolean) => void;
};

/** The signed-in page frame: sidebar, top bar, main content and footer. */
export function AppShell({
  sidebar,
  topBar,
  footer,
  compact = false,
  navOpen: navOpenProp,
  onNavOpenChange,
  className,
  children,
  ...props
}: AppShellProps) {
  const [navOpenState, setNavOpenState] = React.useState(false);
  const navOpen = navOpenProp ?? navOpenState;
  const setNavOpen = React.useCallback(
    (open: boolean) => {
      setNavOpenState(open);
      onNavOpenChange?.(open);
    },
    [onNavOpenChange],
  );
  const context = React.useMemo(() => ({ compact, navOpen, setNavOpen }), [compact, navOpen, setNavOpen]);
  // Mounted from its first opening on, so it closes with its animation and keeps its state.
  const [sheetUsed, setSheetUsed] = React.useState(navOpen);
  if (navOpen && !sheetUsed) setSheetUsed(true);
  return (
    <AppShellContext.Provider value={context}>
      <div
        data-slot="app-shell"
        data-compact={compact || undefined}
        className={cn('flex min-h-full bg-background text-foreground', className)}
        {...props}
      >
        {compact ? (
          sheetUsed ? (
            <React.Suspense fallback={null}>
              <AppShellSheet open={navOpen} onOpenChange={setNavOpen}>
                {sidebar}
              </AppShellSheet>
            </React.Suspense>
          ) : null
        ) : (
          // A stretched flex item has a definite height, so the sidebar's h-full reaches the bottom of a
          // shell that only has a min-height (the console's min-h-svh); the sidebar itself sticks to the
          // top of the viewport while a long page scrolls.
          <div data-slot="app-shell-sidebar" className="shrink-0">
            {sidebar}
          </div>
        )}
        <div className="flex min-w-0 flex-1 flex-col">
          {topBar}
          <main data-slot="app-shell-main" className="flex-1 p-4">
            {children}
          </main>
          {footer}
        </div>
      </div>
    </AppShellContext.Provider>
  );
}
