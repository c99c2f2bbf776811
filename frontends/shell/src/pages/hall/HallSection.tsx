import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import Card from 'react-bootstrap/Card';
import ListGroup from 'react-bootstrap/ListGroup';
import Spinner from 'react-bootstrap/Spinner';
import { hallTexts } from './hallTexts';

/** What a section shows of its one query: still loading, failed, or its rows (possibly none). */
export type SectionState<T> = { status: 'pending' } | { status: 'error' } | { status: 'success'; rows: T[] };

interface Props<T> {
  /** Names the section's region and its heading's id. */
  id: string;
  texts: { heading: string; empty: string; error: string; more: string };
  /** The full page's path. */
  more: string;
  state: SectionState<T>;
  /** What an empty section offers beside its text (a New Vellum link). */
  emptyAction?: ReactNode;
  row: (item: T) => { key: string; content: ReactNode };
}

/** One card of the Hall: heading and full-page link, then loading, error, empty text or the rows as a list. */
export function HallSection<T>({ id, texts, more, state, emptyAction, row }: Props<T>) {
  const headingId = `hall-${id}-heading`;
  return (
    <Card as="section" aria-labelledby={headingId} className="h-100 shadow-sm" data-testid={`hall-${id}`}>
      <Card.Header className="d-flex align-items-center gap-2 bg-transparent">
        <h2 id={headingId} className="h6 mb-0 flex-grow-1">
          {texts.heading}
        </h2>
        <Link to={more} className="small">
          {texts.more}
        </Link>
      </Card.Header>
      <SectionBody texts={texts} state={state} emptyAction={emptyAction} row={row} />
    </Card>
  );
}

function SectionBody<T>({ texts, state, emptyAction, row }: Omit<Props<T>, 'id' | 'more'>) {
  if (state.status === 'pending') {
    return (
      <Card.Body role="status" className="d-flex align-items-center gap-2 text-secondary small">
        <Spinner animation="border" size="sm" aria-hidden="true" />
        {hallTexts.loading(texts.heading)}
      </Card.Body>
    );
  }
  if (state.status === 'error') return <Card.Body className="text-danger small">{texts.error}</Card.Body>;
  if (state.rows.length === 0) {
    return (
      <Card.Body className="text-secondary small">
        <p className="mb-2">{texts.empty}</p>
        {emptyAction}
      </Card.Body>
    );
  }
  return (
    <ListGroup as="ul" variant="flush" aria-label={texts.heading}>
      {state.rows.map((item) => {
        const { key, content } = row(item);
        return (
          <ListGroup.Item as="li" key={key}>
            {content}
          </ListGroup.Item>
        );
      })}
    </ListGroup>
  );
}
