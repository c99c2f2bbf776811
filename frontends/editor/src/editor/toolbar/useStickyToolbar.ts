import { useEffect, useRef, useState } from 'react';

/** The shell's top bar (sticky itself): the toolbar sticks just below it. */
function topBar(): Element | null {
  return document.querySelector('[data-testid="top-bar"]') ?? document.querySelector('header.sticky-top');
}

/**
 * The toolbar sticks once the page is scrolled past its place (spec section 2). CSS sticky does the sticking; this
 * gives its offset (the top bar's height) and whether it is stuck (for its shadow), from a sentinel placed just
 * above it.
 */
export function useStickyToolbar() {
  const sentinel = useRef<HTMLDivElement>(null);
  const [offset, setOffset] = useState(0);
  const [stuck, setStuck] = useState(false);

  useEffect(() => {
    const header = topBar();
    if (!header) return;
    const update = () => setOffset(Math.round(header.getBoundingClientRect().height));
    update();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(update);
    observer.observe(header);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const element = sentinel.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      ([entry]) =>
        setStuck(Boolean(entry && !entry.isIntersecting && entry.boundingClientRect.top < offset + 1)),
      { rootMargin: `-${offset}px 0px 0px 0px`, threshold: 0 },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [offset]);

  return { sentinel, offset, stuck };
}
