import type { RouteObject } from 'react-router-dom';
import { NotFound, paths } from '@vellum/ui';
import type { StandaloneAppOptions } from '@vellum/ui/standalone';
import ConversationVellumPage from '../pages/ConversationVellumPage';
import DiscoverPage from '../pages/DiscoverPage';
import NewVellumPage from '../pages/NewVellumPage';
import PublicVellumListPage from '../pages/PublicVellumListPage';
import VellumListPage from '../pages/VellumListPage';
import VellumPage from '../pages/VellumPage';

/** The editor's routes, as the shell mounts them (frontends/shell/src/app/routes.tsx). */
export const editorRoutes: RouteObject[] = [
  { path: '/cirrus/:username/vellums', element: <VellumListPage /> },
  { path: '/cirrus/:username/vellums/public', element: <PublicVellumListPage /> },
  { path: '/messenger/:conversation/:username', element: <ConversationVellumPage /> },
  { path: '/new-vellum', element: <NewVellumPage /> },
  { path: '/vellum/:id', element: <VellumPage /> },
  { path: '/vellums', element: <DiscoverPage /> },
  { path: '/', element: <DiscoverPage /> },
  { path: '*', element: <NotFound /> },
];

/** The editor on its own (`npm run dev -w @vellum/editor`): its pages under a bar of links. */
export const editorStandalone: StandaloneAppOptions = {
  name: 'editor',
  routes: editorRoutes,
  links: (signedCirrus) => [
    { to: paths.discover(), label: 'Discover Vellums' },
    ...(signedCirrus
      ? [
          { to: paths.vellums(signedCirrus.username), label: 'My Vellums' },
          { to: paths.newVellum(), label: 'New Vellum' },
        ]
      : []),
  ],
};
