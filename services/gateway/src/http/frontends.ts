import { existsSync } from 'node:fs';
import path from 'node:path';
import express, { Router, type RequestHandler } from 'express';

export interface FrontendsOptions {
  /** The shell's build (`frontends/shell/dist`), served at `/` with index.html for every page path. */
  shellDir?: string;
  /**
   * Without shellDir: the shell's own server (distributed mode: SHELL_URL, its Service), which answers the page
   * paths that reach the gateway (a navigation to /messenger/...) with its page and headers.
   */
  shellUrl?: string;
  /** Remote builds served at `/mf/<name>/` (embedded mode). */
  remoteDirs?: Record<string, string>;
  /** Remote manifest URLs per name, set per environment (distributed mode: REMOTE_<NAME>_URL). */
  remoteUrls?: Record<string, string>;
  version: string;
  /** Origins the remotes' scripts come from, allowed by the Content-Security-Policy. */
  scriptOrigins?: string[];
}

/** The micro-frontends' URLs, so that a remote can be redeployed without rebuilding the shell. */
export function remotesConfig(options: FrontendsOptions): Record<string, string> {
  const remotes: Record<string, string> = {};
  for (const [name, dir] of Object.entries(options.remoteDirs ?? {})) {
    if (existsSync(path.join(dir, 'mf-manifest.json'))) remotes[name] = `/mf/${name}/mf-manifest.json`;
  }
  return { ...remotes, ...options.remoteUrls };
}

/** Page paths of the shell's router: anything but the API, the remotes' files and the development pages. */
// Not /metrics either: a scraper pointed at the public port by mistake gets a 404, never a page (each process serves
// its metrics on METRICS_PORT).
const PAGE_PATH = /^(?!\/api\/|\/mf\/|\/dev\/|\/metrics(\/|$)).*/;

/** Answers a page path with the shell's page, for a client that takes HTML (a script asking JSON gets 404). */
const pages =
  (answer: RequestHandler): RequestHandler =>
  (req, res, next) =>
    req.accepts('html') ? answer(req, res, next) : next();

/**
 * /config.json, the remotes' files (embedded), and the shell's page for every page path: from shellDir, else passed
 * to the shell's server (`shellPage`, the proxy to options.shellUrl).
 */
export function frontendsRouter(options: FrontendsOptions, shellPage?: RequestHandler): Router {
  const router = Router();
  router.get('/config.json', (_req, res) => {
    res.set('cache-control', 'no-cache').json({ remotes: remotesConfig(options), version: options.version });
  });
  for (const [name, dir] of Object.entries(options.remoteDirs ?? {})) {
    router.use(`/mf/${name}`, express.static(dir, { index: false, fallthrough: false }));
  }
  const shellDir = options.shellDir;
  if (shellDir && existsSync(path.join(shellDir, 'index.html'))) {
    router.use(
      express.static(shellDir, {
        index: false,
        setHeaders(res, file) {
          // Hashed assets never change; index.html must be revalidated so a deploy shows at once.
          res.set(
            'cache-control',
            /[.-][0-9a-f]{8,}\./.test(path.basename(file))
              ? 'public, max-age=31536000, immutable'
              : 'no-cache',
          );
        },
      }),
    );
    router.get(
      PAGE_PATH,
      pages((_req, res) => res.set('cache-control', 'no-cache').sendFile(path.join(shellDir, 'index.html'))),
    );
  } else if (shellPage) {
    router.get(PAGE_PATH, pages(shellPage));
  }
  return router;
}
