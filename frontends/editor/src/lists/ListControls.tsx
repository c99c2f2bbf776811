import type { ReactNode } from 'react';
import { Form } from '@vellum/ui';
import { texts } from '../texts';

export interface ListControlsProps {
  filter: string;
  onFilter(value: string): void;
  /** Visible rows (after the filter). */
  count: number;
  /** The owner's text search box and New Vellum button, when shown. */
  children?: ReactNode;
}

/** The filter-by-title box and the count of visible items with US thousands separators (spec section 2). */
export function ListControls({ filter, onFilter, count, children }: ListControlsProps) {
  return (
    <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
      <Form.Control
        type="search"
        className="vellum-filter"
        style={{ maxWidth: 280 }}
        aria-label={texts.filterPlaceholder}
        placeholder={texts.filterPlaceholder}
        value={filter}
        onChange={(event) => onFilter(event.target.value)}
      />
      {children}
      <span className="ms-auto text-secondary small" data-testid="vellum-count" aria-live="polite">
        {texts.vellumsCount(count)}
      </span>
    </div>
  );
}
