// The console's server-state cache (TanStack Query): one for the page's life, provided by the frames
// whose screens read through queries (the signed-in frame and the share frame). The public pages (sign
// in, sign up, the password reset) call the API without it, so their first load carries no query code.
// A call answered 401 means the server ended the session (it expired, the password changed elsewhere,
// an administrator disabled the account): the local session goes too, and the signed-in frame sends
// the reader to sign in, back to this page afterwards.
import { ApiError } from '@adconsole/domain';
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { rememberAfterLoginTarget, sessionStore } from '../session/session';

let client: QueryClient | undefined;

/** Ends the local session when the server says there is none (401), remembering where the reader was. */
function endSessionOn401(error: unknown): void {
  if (!(error instanceof ApiError) || error.status !== 401 || sessionStore.get() === null) return;
  rememberAfterLoginTarget(`${window.location.pathname}${window.location.search}`);
  sessionStore.set(null);
}

const retryOnce = (failures: number, error: unknown): boolean =>
  failures < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500);

const queryClient = (): QueryClient => {
  client ??= new QueryClient({
    queryCache: new QueryCache({ onError: endSessionOn401 }),
    mutationCache: new MutationCache({ onError: endSessionOn401 }),
    // One retry for a failure that may pass (the network, a 5xx); an answer of 4xx would only repeat.
    defaultOptions: { queries: { retry: retryOnce, refetchOnWindowFocus: false } },
  });
  return client;
};

export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient()}>{children}</QueryClientProvider>;
}
