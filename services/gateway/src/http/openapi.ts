import { Router } from 'express';
import { buildOpenApiDocument } from '@vellum/proto/openapi';

export const OPENAPI_PATH = '/api/openapi.json';

/**
 * GET /api/openapi.json: the whole public API as OpenAPI 3.1, built once (on the first call) from the operations and
 * zod schemas of @vellum/proto, never written by hand. Public and cacheable: it changes only with a release.
 */
export function openApiRouter(options: { version: string; publicUrl: string }): Router {
  const router = Router();
  let body: string | undefined;
  router.get(OPENAPI_PATH, (_req, res) => {
    body ??= JSON.stringify(buildOpenApiDocument({ version: options.version, serverUrl: options.publicUrl }));
    res.set({ 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'public, max-age=300' });
    res.send(body);
  });
  return router;
}
