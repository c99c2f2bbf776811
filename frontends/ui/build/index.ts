// Build-time helpers of the micro-frontends (their rsbuild configs run in Node): what the shell and every remote
// configure alike. '@vellum/ui/build/shared' holds the shared singletons alone, without rsbuild, for jest.
export { gateway, frontendConfig, type FrontendConfigOptions } from './frontendConfig';
export { remoteConfig, type RemoteConfigOptions } from './remoteConfig';
export { sharedSingletons, packageDependencies, type SharedSingletonsOptions } from './sharedSingletons';
