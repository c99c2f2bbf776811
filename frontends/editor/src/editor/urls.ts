import { IMAGE_PROTOCOLS, LINK_PROTOCOLS, isSafeUrl, urlMessages, videoIdOf } from '@vellum/proto/editor';

export type Checked = { ok: true; url: string } | { ok: false; message: string };

const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:/i;
const LOOKS_LIKE_HOST = /^[\w-]+(\.[\w-]+)+([/:?#].*)?$/;

/** A link typed in the link menu: 'example.com/page' becomes https://example.com/page; only http, https, mailto. */
export function checkLink(input: string): Checked {
  const value = input.trim();
  const url = !HAS_SCHEME.test(value) && LOOKS_LIKE_HOST.test(value) ? `https://${value}` : value;
  return isSafeUrl(url, LINK_PROTOCOLS) ? { ok: true, url } : { ok: false, message: urlMessages.link };
}

/** An image address from the prompt: http or https only. */
export function checkImage(input: string): Checked {
  const url = input.trim();
  return isSafeUrl(url, IMAGE_PROTOCOLS) ? { ok: true, url } : { ok: false, message: urlMessages.image };
}

/** A video link: stored in one canonical form, by its 11-character identifier. */
export function checkVideo(input: string): Checked {
  const id = videoIdOf(input.trim());
  return id
    ? { ok: true, url: `https://www.youtube.com/watch?v=${id}` }
    : { ok: false, message: urlMessages.video };
}
