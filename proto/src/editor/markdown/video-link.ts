import { videoIdOf } from '../video';

/** The label of the link a video embed is written as; a paragraph holding only such a link reads back as a video. */
export const VIDEO_LINK_TEXT = 'Video';

/** The one address a video is exported under: its watch link, with `&t=` when it starts later. */
export function videoLinkOf(src: unknown, start: unknown): string | null {
  const id = videoIdOf(src);
  if (!id) return null;
  const seconds = typeof start === 'number' && Number.isInteger(start) && start > 0 ? start : 0;
  return `https://www.youtube.com/watch?v=${id}${seconds ? `&t=${seconds}` : ''}`;
}

/** The video a link stands for, when it is exactly an exported video link (anything else stays a link). */
export function videoOfLink(href: string): { src: string; start: number } | null {
  const id = videoIdOf(href);
  if (!id) return null;
  const start = Number(new URL(href).searchParams.get('t') ?? 0);
  if (videoLinkOf(href, start) !== href) return null;
  return { src: `https://www.youtube.com/watch?v=${id}`, start };
}
