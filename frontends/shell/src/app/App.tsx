import { RouterProvider, createBrowserRouter } from 'react-router-dom';
import { SessionProvider, ToastProvider } from '@vellum/ui/core';
import { routes } from './routes';

/**
 * A data router, so that remotes can use blockers (the editor's leave-page prompt). The query client is not
 * provided here: sections and remotes get it when they load (queryScope.tsx).
 */
export function createApp() {
  const router = createBrowserRouter(routes);
  return function App() {
    return (
      <SessionProvider>
        <ToastProvider>
          <RouterProvider router={router} />
        </ToastProvider>
      </SessionProvider>
    );
  };
}
