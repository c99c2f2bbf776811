import { useQuery } from '@tanstack/react-query';
import { useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import Container from 'react-bootstrap/Container';
import Form from 'react-bootstrap/Form';
import ListGroup from 'react-bootstrap/ListGroup';
import { LoadingOverlay, NotFound, paths, useDebounce, useSession, useTitle } from '@vellum/ui/core';
import { socialApi, type SearchResult } from './socialApi';

// Spec section 9: user search is debounced by 500 ms and its loading overlay shows after 500 ms.
export const SEARCH_DEBOUNCE_MS = 500;
export const SEARCH_OVERLAY_DELAY_MS = 500;

/** '@username (display name)', or '@username' alone when there is no display name (spec section 2). */
export function resultLabel(result: SearchResult): string {
  return result.display_name ? `@${result.username} (${result.display_name})` : `@${result.username}`;
}

const optionId = (index: number) => `search-result-${index}`;

/** /search: signed-in only. A typeahead over the people directory; choosing a result opens the profile. */
export default function SearchPage() {
  useTitle('Search');
  const { signedCirrus, loading } = useSession();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [active, setActive] = useState(-1);
  const query = useDebounce(text.trim(), SEARCH_DEBOUNCE_MS);
  const results = useQuery({
    queryKey: ['search', query],
    enabled: Boolean(signedCirrus) && query !== '',
    queryFn: ({ signal }) =>
      socialApi.search(query, { signal }).then(
        (answer) => answer.results ?? [],
        (error: unknown) => {
          console.warn('Search failed', error);
          return [];
        },
      ),
  });
  if (loading) return <LoadingOverlay show delay={SEARCH_OVERLAY_DELAY_MS} />;
  if (!signedCirrus) return <NotFound />;
  // Results of an older text are not shown while the newer one waits for its debounce.
  const list = query && text.trim() === query ? (results.data ?? []) : [];
  const choose = (result: SearchResult | undefined) => {
    if (result) navigate(paths.cirrus(result.username));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (list.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((index) => (index + step + list.length) % list.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      choose(list[active] ?? list[0]);
    }
  };
  return (
    <Container className="py-5" style={{ maxWidth: 640 }}>
      <h1 className="h3 mb-4">Search</h1>
      <Form.Control
        type="search"
        placeholder="Search cirri by username or name"
        aria-label="Search cirri"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={list.length > 0}
        aria-controls="search-results"
        aria-activedescendant={list[active] ? optionId(active) : undefined}
        autoFocus
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
      />
      <LoadingOverlay show={results.isFetching} delay={SEARCH_OVERLAY_DELAY_MS} label="Searching…" />
      <ListGroup id="search-results" role="listbox" aria-label="Cirri found" className="mt-2">
        {list.map((result, index) => (
          <ListGroup.Item
            key={result.username}
            id={optionId(index)}
            action
            active={index === active}
            role="option"
            aria-selected={index === active}
            onClick={() => choose(result)}
          >
            {resultLabel(result)}
          </ListGroup.Item>
        ))}
      </ListGroup>
    </Container>
  );
}
