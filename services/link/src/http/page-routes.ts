import { Router } from 'express';
import { callerOf, clientAddressOfCall, errorShape, maybeCallerOf, paramOf } from '@vellum/platform';
import { linkMessages } from '@vellum/proto';
import type { LinkContext } from '../context';
import { linkIdOf } from '../domain/access';
import { countsAsClick } from '../domain/click';
import { clicksView, pageView } from '../domain/link-views';
import { followLink } from '../use-cases/follow-link';
import { viewClicks } from '../use-cases/view-clicks';
import { viewPage } from '../use-cases/view-page';

/** The public page, a visitor's click through one of its links, and the owner's click counts. */
export function pageRoutes(ctx: LinkContext): Router {
  const router = Router();
  router.use('/api/link', errorShape('errorMessage'));

  // A visitor may follow links: a navigation's click is counted, then 302 to the link's stored URL, never one from
  // the request (HEAD too: express answers it with the GET route).
  router.get('/api/link/go/:id', async (req, res) => {
    const url = await followLink(ctx, maybeCallerOf(req), {
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
    res.json(pageView(await viewPage(ctx, maybeCallerOf(req), { username: paramOf(req, 'username') })));
  });

  router.get('/api/link/:username/clicks', async (req, res) => {
    const caller = callerOf(req, linkMessages.signIn);
    const { page, clicks, today } = await viewClicks(ctx, caller, { username: paramOf(req, 'username') });
    res.json(clicksView(page, clicks, today));
  });

  return router;
}
