// The signed-in state (docs/product.md §4): the stored user and the after-login target. Asking the
// server (/me, logout) is session-queries.ts's.
import {
  afterLoginPath,
  createStoredSession,
  isSessionValid,
  LOCAL_STORAGE_KEYS,
  type LoginResponse,
  type StoredSession,
  storedSessionSchema,
} from '@adconsole/domain';
import { useSyncExternalStore } from 'react';
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

/** Whether any session is stored, valid or not: none on a first visit and after signing out. */
export const hasStoredSession = (): boolean => sessionStore.get() !== null;

export function useSession(): StoredSession | null {
  const session = useSyncExternalStore(sessionStore.subscribe, sessionStore.get);
  return session && isSessionValid(session, new Date()) ? session : null;
}

/** The top bar's user: the signed-in user's name, linking to their profile; none without a session. */
export const topBarUser = (session: StoredSession | null) =>
  session ? { name: `${session.user.first_name} ${session.user.last_name}`, href: '/profile' } : undefined;

/** Stores a successful login (its lastLogin mark is now; the answer's is the previous login). */
export function signedIn(answer: LoginResponse, now = new Date()): StoredSession {
  const session = createStoredSession(answer, now);
  sessionStore.set(session);
  return session;
}

const afterLoginKey = LOCAL_STORAGE_KEYS.location;

/** Remembers where a signed-out visitor wanted to go. */
export const rememberAfterLoginTarget = (path: string) => localStorage.setItem(afterLoginKey, path);

/** The stored after-login path (used once), or /dashboard. */
export function takeAfterLoginTarget(): string {
  const target = localStorage.getItem(afterLoginKey);
  localStorage.removeItem(afterLoginKey);
  return afterLoginPath(target);
}
