/** What the shell mounts, each the default export of its module (frontends/shell/src/app/routes.tsx). */
export const EXPOSED_MODULES = {
  './MessengerPage': './src/pages/MessengerPage.tsx',
  './ChatPage': './src/pages/ChatPage.tsx',
} as const;
