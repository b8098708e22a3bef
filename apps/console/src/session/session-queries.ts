// The session's calls (docs/product.md §4): amILoggedIn (the local answer inside the 6 s window, /me
// otherwise) and logout. The authentication calls are made here once for the whole console.
import { authCalls } from '@adconsole/domain';
import { areaCalls } from '../lib/api';
import { publicConfig } from '../lib/public-config';
import { sessionStore } from './session';

/** The authentication calls; sign-up is limited to the company domain of the public config. */
export const authApi = areaCalls((http) => authCalls(http, publicConfig().companyDomain));

/** Logout clears the local user and ends the server session (a failed server call still signs out here). */
export async function signOut(): Promise<void> {
  sessionStore.set(null);
  await authApi()
    .logout()
    .catch(() => undefined);
}

let checking: Promise<boolean> | undefined;

/**
 * amILoggedIn (the domain's rule): local inside the 6 s window, /me otherwise; a failure clears the
 * user. Checks asked for while one is on its way share its answer, so a page load asks /me once.
 */
export function amILoggedIn(now = new Date()): Promise<boolean> {
  checking ??= authApi()
    .amILoggedIn(sessionStore.get(), now)
    .then((check) => {
      if (check.session !== sessionStore.get()) sessionStore.set(check.session);
      return check.loggedIn;
    })
    .finally(() => {
      checking = undefined;
    });
  return checking;
}
