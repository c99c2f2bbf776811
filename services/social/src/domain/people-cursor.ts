import { keysetCursor } from '@vellum/platform';

/** The cursor of a followers or following page: the `seq` of its last follow edge (pages go newest first). */
export const peopleCursor = keysetCursor({ parts: [/^[1-9]\d{0,17}$/] });
