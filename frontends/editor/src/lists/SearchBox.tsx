import { Form } from '@vellum/ui';
import type { TextSearch } from './useTextSearch';

/** The text search box of a list (the owner's, Discover's), named by its placeholder. */
export function SearchBox({ search, label }: { search: TextSearch; label: string }) {
  return (
    <Form.Control
      type="search"
      style={{ maxWidth: 280 }}
      aria-label={label}
      placeholder={label}
      value={search.value}
      onChange={(event) => search.setValue(event.target.value)}
      aria-busy={search.searching}
    />
  );
}
