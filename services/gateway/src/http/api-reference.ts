import path from 'node:path';
import { Router } from 'express';
import { OPENAPI_PATH } from './openapi';

export const API_REFERENCE_PATH = '/api/reference';

/** Swagger UI's own build (swagger-ui-dist): served as it is, from its package, never copied into ours. */
const SWAGGER_UI_DIR = path.dirname(require.resolve('swagger-ui-dist/package.json'));
const SWAGGER_UI_FILES = ['swagger-ui-bundle.js', 'swagger-ui.css'] as const;

/**
 * The page has no inline script (the CSP allows scripts from 'self' only): Swagger UI starts from this file, which
 * reads the document the gateway serves. "Try it out" sends the calls from this origin with the reader's own session,
 * as the app would.
 */
const STARTER = `window.addEventListener('DOMContentLoaded', function () {
  window.ui = SwaggerUIBundle({
    url: ${JSON.stringify(OPENAPI_PATH)},
    dom_id: '#reference',
    deepLinking: true,
    docExpansion: 'list',
    defaultModelsExpandDepth: 0,
    displayOperationId: true,
    filter: true,
    tryItOutEnabled: false,
    withCredentials: true,
  });
});
`;

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Vellum API reference</title>
    <link rel="stylesheet" href="${API_REFERENCE_PATH}/swagger-ui.css" />
  </head>
  <body>
    <noscript>This reference needs JavaScript. The document itself: <a href="${OPENAPI_PATH}">${OPENAPI_PATH}</a>.</noscript>
    <main id="reference" aria-label="Vellum API reference"></main>
    <script src="${API_REFERENCE_PATH}/swagger-ui-bundle.js"></script>
    <script src="${API_REFERENCE_PATH}/start.js"></script>
  </body>
</html>
`;

/**
 * GET /api/reference: the public API's reference for the people who integrate with Vellum, rendered by Swagger UI
 * from GET /api/openapi.json (so it is never written by hand and never drifts from the document).
 */
export function apiReferenceRouter(): Router {
  const router = Router();
  router.get(API_REFERENCE_PATH, (_req, res) => {
    res.set({ 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache' }).send(PAGE);
  });
  router.get(`${API_REFERENCE_PATH}/start.js`, (_req, res) => {
    res.set({ 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache' }).send(STARTER);
  });
  for (const file of SWAGGER_UI_FILES) {
    router.get(`${API_REFERENCE_PATH}/${file}`, (_req, res, next) => {
      // The renderer changes only with the package's version, which a release pins.
      res.sendFile(path.join(SWAGGER_UI_DIR, file), { maxAge: '1d' }, (err) => err && next(err));
    });
  }
  return router;
}
