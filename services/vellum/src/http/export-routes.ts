import { Router } from 'express';
import { callerOf, paramOf } from '@vellum/platform';
import { vellumMessages } from '@vellum/proto';
import type { VellumContext } from '../context';
import { exportAllVellums } from '../use-cases/export-all-vellums';
import { exportVellumMarkdown } from '../use-cases/export-vellum-markdown';
import { ZipReaderGone, ZipWriter } from '../zip/zip-writer';

/** The header that tells a client how many files the zip will hold, so it can show progress. */
export const VELLUM_COUNT_HEADER = 'X-Vellum-Count';

/** File names here are slugs (ASCII letters, digits, hyphens, dots), safe in a quoted header value. */
const attachment = (fileName: string) => `attachment; filename="${fileName}"`;

/** Markdown out: one vellum for whoever may read it, all of an owner's vellums as a zip for the owner. */
export function exportRoutes(ctx: VellumContext): Router {
  const router = Router();

  router.get('/api/vellum/:id/markdown', async (req, res) => {
    const file = await exportVellumMarkdown(ctx, req.caller, { id: paramOf(req, 'id') });
    res.set({
      'Content-Type': 'text/markdown; charset=utf-8',
      'Content-Disposition': attachment(file.fileName),
    });
    res.send(file.markdown);
  });

  router.get('/api/cirrus/:username/vellums.zip', async (req, res) => {
    const caller = callerOf(req, vellumMessages.signInToExport);
    const username = paramOf(req, 'username');
    const { count, files } = await exportAllVellums(ctx, caller, { username });
    res.status(200).set({
      'Content-Type': 'application/zip',
      'Content-Disposition': attachment(`${username.replace(/[^A-Za-z0-9._-]/g, '') || 'my'}-vellums.zip`),
      [VELLUM_COUNT_HEADER]: String(count),
    });
    res.flushHeaders();
    const zip = new ZipWriter(res);
    try {
      for await (const file of files) await zip.add(file.name, file.content, file.modified);
      await zip.finish();
      res.end();
    } catch (error) {
      // The headers are sent: the only way left to say it failed is to cut the download short.
      if (!(error instanceof ZipReaderGone)) ctx.logger.error({ err: error }, 'vellum zip export failed');
      res.destroy();
    }
  });

  return router;
}
