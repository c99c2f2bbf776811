/**
 * A save's precondition (issue 28, two tabs): a save that names the revision its edits started from may write only
 * over that revision. Left out, the save is not checked (the spec's call).
 */
export const isBehind = (baseRevision: number | undefined, revision: number): boolean =>
  baseRevision !== undefined && baseRevision !== revision;

/**
 * The vellum already holds exactly what a save sends (a title-only save: the title): a save repeated after its
 * answer was lost (a time-out, the connection dropped) is then no conflict with itself.
 */
export const repeatsStored = (
  stored: { title: string; body: string },
  save: { title: string; body?: string },
) => save.title === stored.title && (save.body === undefined || save.body === stored.body);
