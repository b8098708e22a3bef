// The signed-in state (spec section 4): the stored user, the local answer inside the 6 s window,
// /me otherwise, and the after-login target.
import {
  canAnswerSessionLocally,
  createStoredSession,
  isSessionValid,
  LOCAL_STORAGE_KEYS,
  type LoginResponse,
  type StoredSession,
  sessionExpiry,
  storedSessionSchema,
  toSessionExpiry,
} from '@adconsole/domain';
import { useSyncExternalStore } from 'react';
import { api } from '../lib/api';
import { localStore } from '../lib/local-store';

function parseSession(raw: string | null): StoredSession | null {
  if (!raw) return null;
  try {
    const parsed = storedSessionSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export const sessionStore = localStore<StoredSession | null>(
  LOCAL_STORAGE_KEYS.user,
  parseSession,
  (session) => (session ? JSON.stringify(session) : null),
);

/** The stored session while it is valid, else null. */
export function currentSession(now = new Date()): StoredSession | null {
  const session = sessionStore.get();
  return session && isSessionValid(session, now) ? session : null;
}

export function useSession(): StoredSession | null {
  const session = useSyncExternalStore(sessionStore.subscribe, sessionStore.get);
  return session && isSessionValid(session, new Date()) ? session : null;
}

/** Stores a successful login (its lastLogin mark is now; the answer's is the previous login). */
export function signedIn(answer: LoginResponse, now = new Date()): StoredSession {
  const session = createStoredSession(answer, now);
  sessionStore.set(session);
  return session;
}

/** Logout clears the local user and ends the server session (a failed server call still signs out here). */
export async function signOut(): Promise<void> {
  sessionStore.set(null);
  await api()
    .logout()
    .catch(() => undefined);
}

/**
 * amILoggedIn: answered from local data when the last request was under 6 s ago, via /me
 * otherwise. A failed check clears the local user.
 */
export async function amILoggedIn(now = new Date()): Promise<boolean> {
  const session = sessionStore.get();
  if (session && isSessionValid(session, now) && canAnswerSessionLocally(session.lastRequest, now))
    return true;
  try {
    const me = await api().me();
    const user = me.user ?? session?.user;
    if (!user) throw new Error('No user in the session answer');
    sessionStore.set({
      user,
      expiry: toSessionExpiry(sessionExpiry(me.expiry, now)),
      location: me.location ?? session?.location ?? null,
      lastRequest: now.getTime(),
      lastLogin: session?.lastLogin ?? null,
    });
    return true;
  } catch {
    if (session) sessionStore.set(null);
    return false;
  }
}

const afterLoginKey = LOCAL_STORAGE_KEYS.location;

/** Remembers where a signed-out visitor wanted to go. */
export const rememberAfterLoginTarget = (path: string) => localStorage.setItem(afterLoginKey, path);

/** The stored after-login path (once), or /dashboard. */
export function takeAfterLoginTarget(): string {
  const target = localStorage.getItem(afterLoginKey);
  localStorage.removeItem(afterLoginKey);
  return target?.startsWith('/') && !target.startsWith('//') ? target : '/dashboard';
}
