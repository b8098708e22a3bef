// Route rules of docs/product.md §2: which paths are public, where / leads, which pages hide the chrome.

/** Paths starting with these are public (no sign-in). */
export const PUBLIC_PATH_PREFIXES = [
  '/signin',
  '/signup',
  '/ping',
  '/forgotpassword',
  '/share',
  '/preview/',
] as const;

/**
 * Paths starting with /signin, /signup, /ping, /forgotpassword, /share or /preview/ (a creative's preview
 * link, docs/product.md §4 "Approval") are public; any other needs sign-in.
 */
export const isPublicPath = (pathname: string): boolean =>
  PUBLIC_PATH_PREFIXES.some((prefix) => pathname.startsWith(prefix));

/**
 * The account pages: sign in, sign up, password reset and ping. The console draws them without React
 * Router (docs/console.md, "The account pages without React Router"), so a visitor's first load is
 * small; the server sends their page without the preload of the signed-in console.
 */
export const ACCOUNT_PATHS = ['/signin', '/signup', '/forgotpassword', '/ping'] as const;
export type AccountPath = (typeof ACCOUNT_PATHS)[number];

/**
 * The account page a path names, in any letter case, with or without a trailing slash (as the
 * console's router matches it); undefined for any other path.
 */
export function accountPathOf(pathname: string): AccountPath | undefined {
  const path = pathname.toLowerCase().replace(/(.)\/$/, '$1');
  return ACCOUNT_PATHS.find((account) => account === path);
}

/** /signin, /signup, /forgotpassword or /ping (see accountPathOf). */
export const isAccountPath = (pathname: string): boolean => accountPathOf(pathname) !== undefined;

/** Share pages hide the primary navigation, header info and footer. */
export const isSharePath = (pathname: string): boolean => pathname.startsWith('/share');

/** Visiting / sends a logged-in user to /dashboard and anyone else to /signin. */
export const homePath = (signedIn: boolean): '/dashboard' | '/signin' =>
  signedIn ? '/dashboard' : '/signin';

/** The demo page (tables): sample content, admin-only like the original brief's staff menu entries (docs/product.md §6). */
export const DEMO_PATHS = ['/tables'] as const;

/** Admin screens (users, invitations, the demo page): shown to users with the admin role only. */
export const isAdminPath = (pathname: string): boolean =>
  pathname === '/admin' ||
  pathname.startsWith('/admin/') ||
  DEMO_PATHS.some((path) => pathname === path || pathname.startsWith(`${path}/`));

/**
 * Where to go after signing in: the stored after-login path when it is a path on this site (never
 * another host, never a public page such as /signin itself), else /dashboard.
 */
export function afterLoginPath(stored: string | null | undefined): string {
  if (!stored?.startsWith('/') || stored.startsWith('//') || stored.startsWith('/\\')) return '/dashboard';
  return isPublicPath(stored) || stored === '/' ? '/dashboard' : stored;
}

/**
 * The console pages a client may open (docs/security.md, "Client access"): the dashboard, the campaign
 * list, a campaign, a saved creative (read-only: its preview and the approval decision) and their
 * reports, the advertiser list and an advertiser, and the profile. Any other signed-in page is refused to
 * a client (a new page too, unless it is added here: a new creative's editor, an insertion order);
 * public pages stay public.
 */
const CLIENT_PAGES: readonly RegExp[] = [
  /^\/dashboard$/,
  /^\/campaigns$/,
  /^\/campaigns\/[^/]+$/,
  /^\/campaigns\/[^/]+\/creative\/(?!new$)[^/]+$/,
  /^\/campaigns\/[^/]+\/reporting$/,
  /^\/campaigns\/[^/]+\/reporting\/creative\/[^/]+$/,
  /^\/advertisers$/,
  /^\/advertisers\/[^/]+$/,
  /^\/profile$/,
];

/** Whether a client may open the signed-in page at `pathname` (a trailing slash aside). */
export function isClientPath(pathname: string): boolean {
  const path = pathname.replace(/(.)\/$/, '$1');
  return CLIENT_PAGES.some((page) => page.test(path));
}
