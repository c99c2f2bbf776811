/** What a request to the redirect says of itself: its method and the browser's fetch metadata, when sent. */
export interface RedirectRequest {
  method: string;
  secFetchMode?: string;
  secFetchDest?: string;
}

/**
 * Whether following a link counts as a click: only a GET that is a document navigation (a person following the
 * link). A browser says so in its fetch metadata (`Sec-Fetch-Mode: navigate`, `Sec-Fetch-Dest: document`), so a
 * request whose metadata says anything else (an `<img>`, a script's fetch, a frame, a prefetch) is not counted, nor
 * is a HEAD. A request with no fetch metadata at all (a browser from before it, curl, the load tests) counts: any
 * other client can send the headers as easily, so refusing it would only lose old browsers' clicks; the limit per
 * client address is what bounds such clients.
 */
export function countsAsClick(req: RedirectRequest): boolean {
  if (req.method !== 'GET') return false;
  return (
    (req.secFetchMode === undefined || req.secFetchMode === 'navigate') &&
    (req.secFetchDest === undefined || req.secFetchDest === 'document')
  );
}

/** The redirect's limits per client address (`LINK_REDIRECTS_PER_MINUTE`, `LINK_COUNTED_CLICKS_PER_MINUTE`). */
export interface ClickLimits {
  /** Redirects answered per address and minute, counted or not, known link or not; beyond it 429. */
  redirectsPerMinute: number;
  /** Clicks counted per address and link and minute; beyond it the visitor is redirected, the click not counted. */
  countedClicksPerMinute: number;
}

export const DEFAULT_CLICK_LIMITS: ClickLimits = { redirectsPerMinute: 120, countedClicksPerMinute: 1 };
