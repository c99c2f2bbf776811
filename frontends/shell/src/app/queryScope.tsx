import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';

/**
 * The one query client of the page, shared by the shell's sections and every remote (react-query is a shared
 * singleton). This module is imported only by lazily loaded code, so the welcome page never downloads
 * react-query: each section that loads is wrapped in a QueryScope over the same client, and so shares its cache.
 */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } },
});

export function QueryScope({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
