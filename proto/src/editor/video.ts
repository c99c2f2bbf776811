import { MAX_URL_LENGTH, VIDEO_ID_LENGTH } from './limits';

const VIDEO_ID = new RegExp(`^[A-Za-z0-9_-]{${VIDEO_ID_LENGTH}}$`);
const WATCH_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com']);
const EMBED_HOSTS = new Set([...WATCH_HOSTS, 'youtube-nocookie.com', 'www.youtube-nocookie.com']);
/**
 * The origins a page frames videos from (the editor's YouTube node, `nocookie: true`, and its players' own
 * navigation): the product's policy for the pages' `frame-src`, which the gateway and the shell's nginx set.
 */
export const VIDEO_FRAME_ORIGINS: readonly string[] = [
  'https://www.youtube-nocookie.com',
  'https://www.youtube.com',
];

/** Query parameters a shared video link may carry besides the id; anything else is refused. */
const KNOWN_PARAMS = new Set(['v', 't', 'start', 'si', 'feature']);

/**
 * The 11-character identifier of a video link, or null when `src` is not one. Accepted forms (http or https):
 * youtube.com/watch?v=ID, youtu.be/ID, youtube.com/embed/ID, youtube.com/shorts/ID, youtube-nocookie.com/embed/ID.
 */
export function videoIdOf(src: unknown): string | null {
  if (typeof src !== 'string' || src.length > MAX_URL_LENGTH || !/^https?:\/\/[^\s\\]+$/i.test(src))
    return null;
  let url: URL;
  try {
    url = new URL(src);
  } catch {
    return null;
  }
  if (url.username || url.password || url.port) return null;
  for (const key of url.searchParams.keys()) if (!KNOWN_PARAMS.has(key)) return null;
  const host = url.hostname.toLowerCase();
  const segments = url.pathname.split('/').slice(1);
  let id: string | null | undefined;
  if (host === 'youtu.be' && segments.length === 1) id = segments[0];
  else if (WATCH_HOSTS.has(host) && url.pathname === '/watch') id = url.searchParams.get('v');
  else if (WATCH_HOSTS.has(host) && segments.length === 2 && segments[0] === 'shorts') id = segments[1];
  else if (EMBED_HOSTS.has(host) && segments.length === 2 && segments[0] === 'embed') id = segments[1];
  return id && VIDEO_ID.test(id) ? id : null;
}
