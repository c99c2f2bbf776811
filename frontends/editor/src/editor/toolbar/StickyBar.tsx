import type { ReactNode } from 'react';
import { useStickyToolbar } from './useStickyToolbar';

/** A toolbar row that sticks below the top bar once scrolled past. */
export function StickyBar({ label, children }: { label: string; children: ReactNode }) {
  const { sentinel, offset, stuck } = useStickyToolbar();
  return (
    <>
      <div ref={sentinel} aria-hidden="true" />
      <div
        role="toolbar"
        aria-label={label}
        className={`vellum-toolbar sticky-top d-flex flex-wrap align-items-center gap-1 py-2${stuck ? ' is-stuck' : ''}`}
        style={{ top: offset }}
        data-stuck={stuck}
      >
        {children}
      </div>
    </>
  );
}
