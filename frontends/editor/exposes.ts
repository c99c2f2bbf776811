/** The pages the shell mounts (frontends/shell/src/app/routes.tsx), each the default export of its module. */
export const EXPOSED_PAGES = {
  './VellumListPage': './src/pages/VellumListPage.tsx',
  './PublicVellumListPage': './src/pages/PublicVellumListPage.tsx',
  './NewVellumPage': './src/pages/NewVellumPage.tsx',
  './VellumPage': './src/pages/VellumPage.tsx',
  './DiscoverPage': './src/pages/DiscoverPage.tsx',
  './ConversationVellumPage': './src/pages/ConversationVellumPage.tsx',
} as const;
