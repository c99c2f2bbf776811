import type { RouteObject } from 'react-router-dom';
import { NotFound } from '@vellum/ui/core';
import { Layout } from '../chrome/Layout';
import { RemoteRoute } from '../federation/RemoteRoute';
import { lazySection } from '../federation/RetryableLazy';
import WelcomePage from '../pages/WelcomePage';
import type { InfoPageName } from '../pages/content/InfoPage';

// Sections of the shell loaded on first visit (the spec: Cirrus loads lazily), each with its own chunk.
const HallPage = lazySection('hall', 'Hall', () => import('../pages/HallPage'));
const CirrusPage = lazySection('cirrus', 'Cirrus', () => import('../pages/CirrusPage'));
const EditProfilePage = lazySection(
  'edit-profile',
  'Edit Profile',
  () => import('../pages/profile/EditProfilePage'),
);
const FollowersPage = lazySection('followers', 'Followers', () => import('../pages/social/FollowersPage'));
const FollowingPage = lazySection('following', 'Following', () => import('../pages/social/FollowingPage'));
const SearchPage = lazySection('search', 'Search', () => import('../pages/social/SearchPage'));
const AdminPage = lazySection('admin', 'Analytics', () => import('../pages/admin/AdminPage'));
const AboutPage = lazySection('about', 'About', () => import('../pages/content/AboutPage'));
const RussianPage = lazySection(
  'russian',
  'The transliteration tool',
  () => import('../pages/russian/RussianPage'),
);
const PasswordResetPage = lazySection(
  'password-reset',
  'Password reset',
  () => import('../pages/password-reset/PasswordResetPage'),
);
const VerificationRequestPage = lazySection(
  'verification',
  'Email verification',
  () => import('../pages/verification/VerificationRequestPage'),
);
const VerificationPage = lazySection(
  'verification',
  'Email verification',
  () => import('../pages/verification/VerificationPage'),
);

const infoPages = new Map<InfoPageName, ReturnType<typeof lazySection>>();
function info(page: InfoPageName) {
  let Section = infoPages.get(page);
  if (!Section) {
    Section = lazySection('info', 'This page', () =>
      import('../pages/content/InfoPage').then(({ default: InfoPage }) => ({
        default: () => <InfoPage page={page} />,
      })),
    );
    infoPages.set(page, Section);
  }
  return <Section />;
}

/**
 * Every path of spec section 2. Pages owned by a remote are mounted through RemoteRoute: the remote's name and
 * the module it exposes (see README: the remote contract). react-router ranks static segments first, so
 * /vellum/about wins over /vellum/:id.
 */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { path: '/', element: <WelcomePage /> },
      { path: '/hall', element: <HallPage /> },
      { path: '/about', element: <AboutPage /> },
      // Not Found unless the analytics service says the viewer is an admin.
      { path: '/admin', element: <AdminPage /> },

      { path: '/cirrus/:username', element: <CirrusPage /> },
      { path: '/cirrus/:username/vellums', element: <RemoteRoute remote="editor" module="VellumListPage" /> },
      {
        path: '/cirrus/:username/vellums/public',
        element: <RemoteRoute remote="editor" module="PublicVellumListPage" />,
      },
      { path: '/cirrus/:username/actions', element: <RemoteRoute remote="actions" module="ActionsPage" /> },
      { path: '/cirrus/:username/followers', element: <FollowersPage /> },
      { path: '/cirrus/:username/following', element: <FollowingPage /> },
      // Hidden entries (spec section 2): routed, and shown to nobody.
      { path: '/cirrus/:username/orgs', element: <NotFound /> },
      { path: '/cirrus/:username/subscriptions', element: <NotFound /> },
      { path: '/cirrus/:username/new_org', element: <NotFound /> },
      { path: '/cirrus/:username/new_product', element: <NotFound /> },
      // Listed as hidden by the spec; issue 18 makes it the owner's profile form (Not Found for everyone else).
      { path: '/cirrus/:username/edit', element: <EditProfilePage /> },

      { path: '/link/:username', element: <RemoteRoute remote="links" module="LinkPage" /> },
      { path: '/messenger', element: <RemoteRoute remote="messenger" module="MessengerPage" /> },
      { path: '/messenger/:chat', element: <RemoteRoute remote="messenger" module="ChatPage" /> },
      {
        path: '/messenger/:conversation/:username',
        element: <RemoteRoute remote="editor" module="ConversationVellumPage" />,
      },
      { path: '/new-vellum', element: <RemoteRoute remote="editor" module="NewVellumPage" /> },
      { path: '/vellum/about', element: info('about') },
      { path: '/vellum/version', element: info('version') },
      { path: '/vellum/start', element: info('start') },
      { path: '/vellum/support', element: info('support') },
      { path: '/vellum/privacy', element: info('privacy') },
      { path: '/vellum/:id', element: <RemoteRoute remote="editor" module="VellumPage" /> },
      { path: '/vellums', element: <RemoteRoute remote="editor" module="DiscoverPage" /> },
      { path: '/search', element: <SearchPage /> },

      { path: '/password-reset', element: <PasswordResetPage /> },
      { path: '/verification/email', element: <VerificationRequestPage /> },
      { path: '/verification/email/:token', element: <VerificationPage /> },
      { path: '/russian', element: <RussianPage /> },
      { path: '/terms', element: info('terms') },
      { path: '/rules', element: info('rules') },
      { path: '/privacy', element: info('privacy') },

      { path: '*', element: <NotFound /> },
    ],
  },
];
