import { lazy, Suspense, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Container from 'react-bootstrap/Container';
import Form from 'react-bootstrap/Form';
import { ADMIN_FILTER_MAX, type AdminList } from '@vellum/proto/api';
import { LoadingOverlay, NotFound, useDebounce, useSession, useTitle } from '@vellum/ui/core';
import { adminApi, adminKeys } from './adminApi';
import { adminTexts } from './adminTexts';
import { CirriTable } from './CirriTable';

// The charting library is only for this page: its own chunk, loaded once the page is allowed.
const SeriesCharts = lazy(() => import('./SeriesCharts'));

const LISTS: AdminList[] = ['active', 'confirmed', 'all'];
const FILTER_DEBOUNCE_MS = 300;

/**
 * /admin (spec: Analytics admin): Not Found unless the server says the viewer is authorized. The three tables share
 * one filter box; each sorts and pages on its own, on the server.
 */
export default function AdminPage() {
  const { signedCirrus } = useSession();
  const summary = useQuery({
    queryKey: [...adminKeys.summary, signedCirrus?.i ?? null],
    queryFn: adminApi.summary,
  });
  const [text, setText] = useState('');
  const filter = useDebounce(text.trim(), FILTER_DEBOUNCE_MS);
  const authorized = summary.data?.authorized === true;
  useTitle(authorized ? adminTexts.title : undefined);
  if (summary.isPending) return <LoadingOverlay show delay={300} />;
  if (!authorized) return <NotFound />;
  return (
    <Container fluid className="py-4 px-4">
      <h1 className="h3 mb-3">{adminTexts.title}</h1>
      <Suspense fallback={<p role="status">{adminTexts.loading}</p>}>
        <SeriesCharts />
      </Suspense>
      <Form.Group className="mb-4" style={{ maxWidth: 480 }} controlId="admin-filter">
        <Form.Label>{adminTexts.filterLabel}</Form.Label>
        <Form.Control
          type="search"
          value={text}
          maxLength={ADMIN_FILTER_MAX}
          onChange={(e) => setText(e.target.value)}
        />
        <Form.Text>{adminTexts.activeNote}</Form.Text>
      </Form.Group>
      {LISTS.map((list) => (
        <CirriTable key={list} list={list} filter={filter} />
      ))}
    </Container>
  );
}
