// The console's server-state cache (TanStack Query): one for the page's life, provided by the frames
// whose screens read through queries (the signed-in frame and the share frame). The public pages (sign
// in, sign up, the password reset) call the API without it, so their first load carries no query code.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';

let client: QueryClient | undefined;

const queryClient = (): QueryClient => {
  client ??= new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } });
  return client;
};

export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient()}>{children}</QueryClientProvider>;
}
