import type { RouteObject } from 'react-router-dom';
import { NotFound, paths } from '@vellum/ui';
import type { StandaloneAppOptions } from '@vellum/ui/standalone';
import MessengerPage from '../pages/MessengerPage';
import ChatPage from '../pages/ChatPage';

/** The messenger remote's routes, as the shell mounts them (frontends/shell/src/app/routes.tsx). */
export const messengerRoutes: RouteObject[] = [
  { path: '/messenger', element: <MessengerPage /> },
  { path: '/messenger/:chat', element: <ChatPage /> },
  { path: '*', element: <NotFound /> },
];

/** The messenger remote on its own (`npm run dev -w @vellum/messenger`): its pages under a bar of links. */
export const messengerStandalone: StandaloneAppOptions = {
  name: 'messenger',
  routes: messengerRoutes,
  links: (signedCirrus) => (signedCirrus ? [{ to: paths.messenger(), label: 'Messenger' }] : []),
};
