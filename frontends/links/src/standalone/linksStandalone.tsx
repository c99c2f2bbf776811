import type { RouteObject } from 'react-router-dom';
import { NotFound, paths } from '@vellum/ui';
import type { StandaloneAppOptions } from '@vellum/ui/standalone';
import LinkPage from '../pages/LinkPage';

/** The links remote's routes, as the shell mounts them (frontends/shell/src/app/routes.tsx). */
export const linksRoutes: RouteObject[] = [
  { path: '/link/:username', element: <LinkPage /> },
  { path: '*', element: <NotFound /> },
];

/** The links remote on its own (`npm run dev -w @vellum/links`): the Vielink page under a bar of links. */
export const linksStandalone: StandaloneAppOptions = {
  name: 'links',
  routes: linksRoutes,
  links: (signedCirrus) =>
    signedCirrus ? [{ to: paths.link(signedCirrus.username), label: 'Edit My Vielink' }] : [],
};
