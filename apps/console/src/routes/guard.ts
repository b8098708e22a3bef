// The route guard of docs/product.md §2, as a loader on the root route that runs after every navigation.
import { homePath, isAdminPath, isClientPath, isPublicPath } from '@adconsole/domain';
import { type LoaderFunctionArgs, redirect } from 'react-router-dom';
import { currentSession, hasStoredSession, rememberAfterLoginTarget } from '../session/session';
import { amILoggedIn } from '../session/session-queries';

export interface GuardData {
  signedIn: boolean;
}

export async function guardLoader({ request }: LoaderFunctionArgs): Promise<GuardData | Response> {
  const url = new URL(request.url);
  // A visitor with no valid local session on a public page is anonymous (docs/product.md §4): there is
  // nothing to ask the server, whose answer would be a 401 in the browser's console.
  if (isPublicPath(url.pathname) && currentSession() === null) return { signedIn: false };
  // Nothing stored at all (a first visit, or after signing out, which clears it): anonymous on any
  // address without asking either, so the console's first visit (`/`, a bookmarked screen) goes to the
  // sign-in page with no 401 in the console. A stored session, even an expired one, is still checked.
  const signedIn = hasStoredSession() ? await amILoggedIn() : false;
  if (url.pathname === '/') return redirect(homePath(signedIn));
  if (isPublicPath(url.pathname)) return { signedIn };
  if (!signedIn) {
    rememberAfterLoginTarget(`${url.pathname}${url.search}`);
    return redirect('/signin');
  }
  // Admin screens are the server's to refuse; the console does not even render them for others.
  if (isAdminPath(url.pathname) && currentSession()?.user.role !== 'admin') {
    throw new Response('Not found', { status: 404 });
  }
  // A client opens its few pages only (docs/security.md, "Client access"); the server refuses the rest too.
  if (currentSession()?.user.role === 'client' && !isClientPath(url.pathname)) {
    throw new Response('Not found', { status: 404 });
  }
  return { signedIn };
}

/** The check runs after each navigation, not only when params change. */
export const alwaysRevalidate = () => true;
