import pkg from './package.json';

const deps = pkg.dependencies as Record<string, string>;

/** One copy of each in the page, shared with every remote; a remote must accept these versions. */
export function sharedSingletons() {
  const singleton = (name: string) => ({ singleton: true, requiredVersion: deps[name] });
  return {
    react: singleton('react'),
    'react-dom': singleton('react-dom'),
    'react-router-dom': singleton('react-router-dom'),
    '@tanstack/react-query': singleton('@tanstack/react-query'),
    '@vellum/ui': singleton('@vellum/ui'),
  };
}
