import { useEffect, useRef } from 'react';
import { Button, Spinner } from '@vellum/ui';
import { texts } from '../texts';

/** Loads the next page when the end of the list comes near; the button does the same by hand. */
export function MoreOnScroll({ loading, onMore }: { loading: boolean; onMore(): void }) {
  const marker = useRef<HTMLDivElement>(null);
  const latest = useRef(onMore);
  latest.current = onMore;
  // Observed afresh after each page: a short page leaves the marker in view, and that must load the next one too.
  useEffect(() => {
    const element = marker.current;
    if (loading || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) latest.current();
      },
      { rootMargin: '800px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [loading]);
  return (
    <div ref={marker} className="text-center py-3" data-testid="more-vellums">
      {loading ? (
        <Spinner animation="border" size="sm" role="status" aria-label="Loading more Vellums" />
      ) : (
        <Button variant="light" onClick={onMore}>
          {texts.moreVellums}
        </Button>
      )}
    </div>
  );
}
