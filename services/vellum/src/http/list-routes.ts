import { Router } from 'express';
import { vellumMessages } from '@vellum/proto';
import { Invalid, paramOf, queryOf } from '@vellum/platform';
import type { VellumContext } from '../context';
import { decodeCursor, encodeCursor } from '../domain/cursor';
import { CREATORS_SIZE, pageSizeOf, searchTermOf, SHOWCASE_SIZE } from '../domain/listing';
import { creatorView, listItemView } from '../domain/views';
import { authorStore } from '../store/author-store';
import { vellumStore } from '../store/vellum-store';
import type { PublicListCache } from './public-list-cache';

/** Lists of lean rows (no body), newest edited first. */
export function listRoutes(ctx: VellumContext, publicLists: PublicListCache): Router {
  const router = Router();

  /**
   * An author's vellums: all of them for the signed-in author, the public ones for everybody else (and for the
   * author with ?public=true, the public list page). ?search= narrows to a text in the title or body.
   */
  router.get('/api/cirrus/:username/vellums', async (req, res) => {
    const rawSearch = queryOf(req, 'search');
    const search = rawSearch === undefined ? undefined : searchTermOf(rawSearch);
    const author = await authorStore.byUsername(ctx.db, paramOf(req, 'username'));
    if (!author) {
      res.json({ vellums: [] });
      return;
    }
    const all = req.caller?.id === author.id && queryOf(req, 'public') !== 'true';
    const vellums = await vellumStore.listByOwner(ctx.db, author.id, { all, search });
    res.json({ vellums: vellums.map(listItemView) });
  });

  /** Discovery: every public vellum, a page at a time (?cursor= from the previous page's nextCursor). */
  router.get('/api/vellums', async (req, res) => {
    const cursor = queryOf(req, 'cursor');
    const after = cursor ? decodeCursor(cursor) : undefined;
    if (after === null) throw new Invalid(vellumMessages.badCursor);
    const limit = pageSizeOf(queryOf(req, 'limit'));
    // One row more than asked tells whether another page follows.
    const rows = await vellumStore.discover(ctx.db, { after, limit: limit + 1 });
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    res.json({
      vellums: page.map(listItemView),
      nextCursor: rows.length > limit && last ? encodeCursor(last.key) : null,
    });
  });

  /** The showcase: best-rated public vellums whose score shows, then the newest public ones to fill it. */
  router.get('/api/get-showcase-vellums', async (_req, res) => {
    res.json({ vellums: await publicLists.get('showcase', () => showcase(ctx)) });
  });

  /** The creators: authors with the most public vellums. */
  router.get('/api/get-creators', async (_req, res) => {
    res.json({ creators: await publicLists.get('creators', () => creators(ctx)) });
  });

  return router;
}

/** The showcase: best-rated public vellums whose score shows, then the newest public ones to fill it. */
async function showcase(ctx: VellumContext) {
  const vellums = [...(await vellumStore.bestRated(ctx.db, ctx.config.ratingsRequired, SHOWCASE_SIZE))];
  if (vellums.length < SHOWCASE_SIZE) {
    const shown = new Set(vellums.map((v) => v.id));
    const newest = await vellumStore.discover(ctx.db, { limit: SHOWCASE_SIZE * 2 });
    for (const v of newest) {
      if (vellums.length >= SHOWCASE_SIZE) break;
      if (!shown.has(v.id)) vellums.push(v);
    }
  }
  return vellums.map(listItemView);
}

async function creators(ctx: VellumContext) {
  return (await vellumStore.creators(ctx.db, CREATORS_SIZE)).map(creatorView);
}
