/** What the shell mounts, each the default export of its module: the Vielink page (frontends/shell/src/app/routes.tsx). */
export const EXPOSED_MODULES = {
  './LinkPage': './src/pages/LinkPage.tsx',
} as const;
