import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createBrowserRouter } from 'react-router-dom';
import { SessionProvider, ToastProvider } from '@vellum/ui';
import { routes } from './routes';

/** A data router, so that remotes can use blockers (the editor's leave-page prompt). */
export function createApp() {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } },
  });
  const router = createBrowserRouter(routes);
  return function App() {
    return (
      <QueryClientProvider client={queryClient}>
        <SessionProvider>
          <ToastProvider>
            <RouterProvider router={router} />
          </ToastProvider>
        </SessionProvider>
      </QueryClientProvider>
    );
  };
}
