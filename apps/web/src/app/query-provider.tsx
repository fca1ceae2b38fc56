import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { registerQueryCacheClear } from '../lib/query-cache';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 } },
});
registerQueryCacheClear(() => queryClient.clear());

/** The query cache for the pages under this layout route (every page but the test player). */
export function QueryProvider() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}

/** The same cache around one part of the test player (which has none of its own), e.g. its notebook button. */
export function QueryCacheProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
