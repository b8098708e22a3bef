// The account pages' router (docs/console.md, "The account pages without React Router"): the address
// bar's path and query, links and navigation between sign in, sign up, password reset and ping, in a
// few lines instead of React Router's 30 kB, so a visitor's first load carries no router. Going to any
// other path leaves these pages: the handler set with `onLeaveAccountPages` draws the console there.
import { isAccountPath } from '@adconsole/domain';
import type { SidebarProps } from '@adconsole/ui';
import * as React from 'react';

type Listener = () => void;
const listeners = new Set<Listener>();
let leave: () => void = () => undefined;

/** What to do when the reader goes to a path that is not an account page (the console draws it). */
export function onLeaveAccountPages(handler: () => void): void {
  leave = handler;
}

const currentHref = () => `${window.location.pathname}${window.location.search}`;

function changed() {
  if (!isAccountPath(window.location.pathname)) {
    leave();
    return;
  }
  for (const listener of listeners) listener();
}

/** Goes to `to` (a path on this site): another account page at once, any other page in the console. */
export function navigate(to: string, options: { replace?: boolean } = {}): void {
  const url = new URL(to, window.location.href);
  if (url.origin !== window.location.origin) {
    window.location.assign(url);
    return;
  }
  if (options.replace) window.history.replaceState(null, '', url);
  else window.history.pushState(null, '', url);
  changed();
}

interface AccountLocation {
  pathname: string;
  search: URLSearchParams;
  /** A screen's code or the console is on its way after a navigation. */
  pending: boolean;
}

const LocationContext = React.createContext<AccountLocation | null>(null);

function useLocationContext(): AccountLocation {
  const location = React.useContext(LocationContext);
  if (!location) throw new Error('The account pages are drawn inside <AccountRouter>.');
  return location;
}

/**
 * Holds the account page's address. A change is a transition: the page on screen stays, with the
 * progress line, until the next screen's code has arrived.
 */
export function AccountRouter({ children }: { children: React.ReactNode }) {
  const [href, setHref] = React.useState(currentHref);
  const [pending, startTransition] = React.useTransition();
  React.useEffect(() => {
    const listener = () => startTransition(() => setHref(currentHref()));
    listeners.add(listener);
    window.addEventListener('popstate', changed);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('popstate', changed);
    };
  }, []);
  const location = React.useMemo<AccountLocation>(() => {
    const url = new URL(href, window.location.origin);
    return { pathname: url.pathname, search: url.searchParams, pending };
  }, [href, pending]);
  return <LocationContext.Provider value={location}>{children}</LocationContext.Provider>;
}

/** The account page's path and whether the next page is on its way. */
export function useAccountLocation(): Pick<AccountLocation, 'pathname' | 'pending'> {
  const { pathname, pending } = useLocationContext();
  return { pathname, pending };
}

/** The query of the address, as React Router's hook of the same name answers it (read only here). */
export function useSearchParams(): [URLSearchParams] {
  return [useLocationContext().search];
}

type LinkProps = Omit<React.ComponentProps<'a'>, 'href'> & { to: string };

/** A link that goes to its page without loading the document again (a plain link for a new tab). */
export function Link({ to, onClick, target, ...props }: LinkProps) {
  return (
    <a
      href={to}
      target={target}
      {...props}
      onClick={(event) => {
        onClick?.(event);
        const plainClick =
          event.button === 0 &&
          !event.metaKey &&
          !event.altKey &&
          !event.ctrlKey &&
          !event.shiftKey &&
          (!target || target === '_self');
        if (event.defaultPrevented || !plainClick) return;
        event.preventDefault();
        navigate(to);
      }}
    />
  );
}

/** The ui package's `renderLink`, with this router's links. */
export const renderAccountLink: NonNullable<SidebarProps['renderLink']> = ({ href, children, ...props }) => (
  <Link to={href} {...props}>
    {children}
  </Link>
);
