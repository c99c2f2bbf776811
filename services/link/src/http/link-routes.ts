import { Router } from 'express';
import type { z } from 'zod';
import { bodyOf, callerOf, errorShape, paramOf } from '@vellum/platform';
import {
  backgroundColorSchema,
  itemBackgroundColorSchema,
  itemFontColorSchema,
  linkColorCalls,
  linkMessages,
  linkSchema,
  reorderSchema,
  type LinkColorCall,
} from '@vellum/proto';
import type { LinkContext } from '../context';
import { linkIdOf } from '../domain/access';
import { changedView, linkView } from '../domain/link-views';
import { addLink } from '../use-cases/add-link';
import { deleteLink, editLink } from '../use-cases/edit-link';
import { reorderLinks } from '../use-cases/reorder-links';
import { setColour } from '../use-cases/set-colour';

const colourSchemas: Record<LinkColorCall, z.ZodType<Record<string, string>>> = {
  'set-background-color': backgroundColorSchema,
  'set-item-font-color': itemFontColorSchema,
  'set-item-background-color': itemBackgroundColorSchema,
};

/**
 * The owner's changes to their page (spec section 7), each refusal answered as `{ errorMessage }`. The fixed paths
 * (`position`, the colours) are matched before `/api/link/:username` and `/api/link/:id`.
 */
export function linkRoutes(ctx: LinkContext): Router {
  const router = Router();
  router.use('/api/link', errorShape('errorMessage'));

  router.put('/api/link/position', async (req, res) => {
    const caller = callerOf(req, linkMessages.signIn);
    const input = bodyOf(req, reorderSchema);
    const page = await reorderLinks(ctx, caller, input);
    res.json({ links: page.links.map(linkView) });
  });

  for (const call of Object.keys(linkColorCalls) as LinkColorCall[]) {
    const { field, colour } = linkColorCalls[call];
    router.post(`/api/link/${call}`, async (req, res) => {
      const caller = callerOf(req, linkMessages.signIn);
      const value = bodyOf(req, colourSchemas[call])[field]!;
      res.json({ [field]: await setColour(ctx, caller, { name: colour, colour: value }) });
    });
  }

  router.post('/api/link/:username', async (req, res) => {
    const caller = callerOf(req, linkMessages.signIn);
    const input = bodyOf(req, linkSchema);
    const { page, link } = await addLink(ctx, caller, { ...input, username: paramOf(req, 'username') });
    res.status(201).json(changedView(page, link));
  });

  router.put('/api/link/:id', async (req, res) => {
    const caller = callerOf(req, linkMessages.signIn);
    const id = linkIdOf(paramOf(req, 'id'));
    const input = bodyOf(req, linkSchema);
    const { page, link } = await editLink(ctx, caller, { ...input, id });
    res.json(changedView(page, link));
  });

  router.delete('/api/link/:id', async (req, res) => {
    const caller = callerOf(req, linkMessages.signIn);
    const id = linkIdOf(paramOf(req, 'id'));
    const { page, link } = await deleteLink(ctx, caller, { id });
    res.json(changedView(page, link));
  });

  return router;
}
