import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import Container from 'react-bootstrap/Container';
import Form from 'react-bootstrap/Form';
import ListGroup from 'react-bootstrap/ListGroup';
import { LoadingOverlay, NotFound, api, paths, useDebounce, useSession, useTitle } from '@vellum/ui/core';

// Spec section 9: user search is debounced by 500 ms and its loading overlay shows after 500 ms.
export const SEARCH_DEBOUNCE_MS = 500;
export const SEARCH_OVERLAY_DELAY_MS = 500;

interface SearchResult {
  username: string;
  display_name?: string;
}

export function resultLabel(result: SearchResult): string {
  return result.display_name ? `@${result.username} (${result.display_name})` : `@${result.username}`;
}

/** /search: signed-in only. A typeahead over the user directory. */
export default function SearchPage() {
  useTitle('Search');
  const { signedCirrus, loading } = useSession();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const query = useDebounce(text.trim(), SEARCH_DEBOUNCE_MS);
  const results = useQuery({
    queryKey: ['search', query],
    enabled: Boolean(signedCirrus) && query !== '',
    queryFn: () =>
      api
        .get<{ results?: SearchResult[] } | SearchResult[]>(`/api/search?query=${encodeURIComponent(query)}`)
        .catch((error: unknown) => {
          console.warn('Search failed', error);
          return [];
        }),
  });
  if (loading) return <LoadingOverlay show delay={SEARCH_OVERLAY_DELAY_MS} />;
  if (!signedCirrus) return <NotFound />;
  const list = Array.isArray(results.data) ? results.data : (results.data?.results ?? []);
  return (
    <Container className="py-5" style={{ maxWidth: 640 }}>
      <h1 className="h3 mb-4">Search</h1>
      <Form.Control
        type="search"
        placeholder="Search cirri by username or name"
        aria-label="Search cirri"
        role="combobox"
        aria-expanded={list.length > 0}
        aria-controls="search-results"
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <LoadingOverlay show={results.isFetching} delay={SEARCH_OVERLAY_DELAY_MS} />
      <ListGroup id="search-results" role="listbox" className="mt-2">
        {query && text.trim() === query
          ? list.map((result) => (
              <ListGroup.Item
                key={result.username}
                action
                role="option"
                aria-selected={false}
                onClick={() => navigate(paths.cirrus(result.username))}
              >
                {resultLabel(result)}
              </ListGroup.Item>
            ))
          : null}
      </ListGroup>
    </Container>
  );
}
