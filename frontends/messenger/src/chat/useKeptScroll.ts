import { useLayoutEffect, useRef, type RefObject } from 'react';

/** Close enough to the end to follow new messages. */
const NEAR_END_PX = 80;

/**
 * Keeps the history's scroll where the reader expects it: at the newest message when the chat opens and when a
 * message arrives while they are at the end (or sent it), and on the same message when older ones load above.
 * Without `follow` (a search's page, newer ones still to load below) newer messages never move the scroll.
 */
export function useKeptScroll(
  box: RefObject<HTMLElement | null>,
  oldest?: string,
  newest?: string,
  mine = false,
  follow = true,
) {
  const last = useRef({ oldest, newest, height: 0, top: 0, atEnd: true });
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const before = last.current;
    if (before.oldest && oldest !== before.oldest && newest === before.newest) {
      element.scrollTop = element.scrollHeight - before.height + before.top;
    } else if (follow && (newest !== before.newest || !before.height)) {
      if (before.atEnd || mine || !before.newest) element.scrollTop = element.scrollHeight;
    }
    last.current = {
      oldest,
      newest,
      height: element.scrollHeight,
      top: element.scrollTop,
      atEnd: before.atEnd,
    };
  }, [box, oldest, newest, mine, follow]);

  /** The scroll handler's part: remembers where the reader is. */
  return () => {
    const element = box.current;
    if (!element) return;
    last.current.top = element.scrollTop;
    last.current.height = element.scrollHeight;
    last.current.atEnd = element.scrollHeight - element.scrollTop - element.clientHeight < NEAR_END_PX;
  };
}
