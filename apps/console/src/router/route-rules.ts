// Route rules of spec section 2.
const PUBLIC_PREFIXES = ['/signin', '/signup', '/ping', '/forgotpassword', '/share'] as const;

/** Paths starting with /signin, /signup, /ping, /forgotpassword or /share are public. */
export const isPublicPath = (pathname: string): boolean =>
  PUBLIC_PREFIXES.some((prefix) => pathname.startsWith(prefix));

/** Share pages hide the primary navigation, header info and footer. */
export const isSharePath = (pathname: string): boolean =>
  pathname === '/share' || pathname.startsWith('/share/');

/** Visiting / sends a logged-in user to /dashboard and anyone else to /signin. */
export const homePath = (signedIn: boolean): '/dashboard' | '/signin' =>
  signedIn ? '/dashboard' : '/signin';

export const isAdminPath = (pathname: string): boolean =>
  pathname === '/admin' || pathname.startsWith('/admin/');
