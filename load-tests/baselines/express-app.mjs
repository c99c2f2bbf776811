// The two reads as a bare express app over any `query(sql, params) => rows` (pg's pool or PGlite).
import express from 'express';
import {
  BAD_REQUEST,
  BY_ID,
  decodeCursor,
  discoverQuery,
  isVellumId,
  pageAnswer,
  pageSize,
  readAnswer,
} from './queries.mjs';

export function expressApp(query) {
  const app = express();
  app.get('/readyz', (_req, res) => res.json({ status: 'ready' }));
  app.get('/api/vellum/:id', async (req, res, next) => {
    try {
      const rows = isVellumId(req.params.id) ? await query(BY_ID, [req.params.id]) : [];
      res.json(readAnswer(rows[0]));
    } catch (error) {
      next(error);
    }
  });
  app.get('/api/vellums', async (req, res, next) => {
    try {
      const limit = pageSize(req.query.limit);
      const after = decodeCursor(req.query.cursor);
      if (limit === undefined || after === null) return void res.status(400).json(BAD_REQUEST);
      const { sql, params } = discoverQuery(after, limit + 1);
      res.json(pageAnswer(await query(sql, params), limit));
    } catch (error) {
      next(error);
    }
  });
  return app;
}
