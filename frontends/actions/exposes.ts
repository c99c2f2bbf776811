/**
 * What the shell mounts, each the default export of its module: the actions page (frontends/shell/src/app/routes.tsx)
 * and the New Action Request modal of the owner's followers page.
 */
export const EXPOSED_MODULES = {
  './ActionsPage': './src/pages/ActionsPage.tsx',
  './ActionRequestModal': './src/requests/ActionRequestModal.tsx',
} as const;
