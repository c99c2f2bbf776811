import { Router } from 'express';
import { callerOf, clientAddressOfCall, errorShape, maybeCallerOf, paramOf } from '@vellum/platform';
import { LINK_CLICK_DAYS, linkMessages } from '@vellum/proto';
import type { LinkContext } from '../context';
import { foundPage, linkIdOf, pageOwner } from '../domain/access';
import { countsAsClick } from '../domain/click';
import { clicksView, dayOf, pageView } from '../domain/link-views';
import { followLink } from '../use-cases/follow-link';
import { viewPage } from '../use-cases/view-page';

/** The public page, a visitor's click through one of its links, and the owner's click counts. */
export function pageRoutes(ctx: LinkContext): Router {
  const router = Router();
  router.use('/api/link', errorShape('errorMessage'));

  // A visitor may follow links: a navigation's click is counted, then 302 to the link's stored URL, never one from
  // the request (HEAD too: express answers it with the GET route).
  router.get('/api/link/go/:id', async (req, res) => {
    const url = await followLink(ctx, {
      linkId: linkIdOf(paramOf(req, 'id')),
      client: clientAddressOfCall(req),
      navigation: countsAsClick({
        method: req.method,
        secFetchMode: req.get('sec-fetch-mode'),
        secFetchDest: req.get('sec-fetch-dest'),
      }),
    });
    res.setHeader('Referrer-Policy', 'no-referrer');
    res.redirect(302, url);
  });

  router.get('/api/link/:username', async (req, res) => {
    res.json(pageView(await viewPage(ctx, maybeCallerOf(req), paramOf(req, 'username'))));
  });

  router.get('/api/link/:username/clicks', async (req, res) => {
    const owner = pageOwner(
      callerOf(req, linkMessages.signIn),
      paramOf(req, 'username'),
      linkMessages.ownerOnlyClicks,
    );
    // A deleted owner (its assertion still valid) or a page removed meanwhile: Not Found, never a null read.
    const page = foundPage(await ctx.pages.ensure(owner));
    const today = ctx.clock();
    const since = dayOf(new Date(today.getTime() - (LINK_CLICK_DAYS - 1) * 86_400_000));
    res.json(clicksView(page, await ctx.pages.clicks(page.ownerId, since), today));
  });

  return router;
}
