import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import ListGroup from 'react-bootstrap/ListGroup';
import { Avatar, paths } from '@vellum/ui/core';

export interface Person {
  /** The cirrus id, when the list gives it (followers do). */
  i?: string;
  username: string;
  displayName?: string;
  image?: string | null;
}

export interface PeopleListProps {
  people: Person[];
  /** Signed-in visitors get the filter box (spec section 2). */
  filterable: boolean;
  emptyText: string;
  filterLabel: string;
  /** Names the list for assistive technology, e.g. 'Followers'. */
  listLabel: string;
  /** The server has more people than it sent so far. */
  hasMore?: boolean;
  loadingMore?: boolean;
  onShowMore?: () => void;
  /** Items of a per-person menu, e.g. the owner's 'Action Request' on the followers page. */
  menu?: (person: Person) => ReactNode;
}

/** Case-insensitive substring match on username and display name, client-side. */
export function filterPeople(people: Person[], text: string): Person[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return people;
  return people.filter(
    (person) =>
      person.username.toLowerCase().includes(needle) ||
      (person.displayName ?? '').toLowerCase().includes(needle),
  );
}

export function PeopleList(props: PeopleListProps) {
  const { people, filterable, emptyText, filterLabel, listLabel } = props;
  const [filter, setFilter] = useState('');
  const visible = filterable ? filterPeople(people, filter) : people;
  return (
    <>
      {filterable ? (
        <Form.Control
          className="mb-3"
          type="search"
          placeholder={filterLabel}
          aria-label={filterLabel}
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
        />
      ) : null}
      {people.length === 0 ? (
        <p className="text-secondary">{emptyText}</p>
      ) : visible.length === 0 ? (
        <p className="text-secondary">No Cirri found.</p>
      ) : (
        <ListGroup as="ul" aria-label={listLabel}>
          {visible.map((person) => (
            <ListGroup.Item
              key={person.username}
              as="li"
              className="list-group-item-action d-flex align-items-center gap-3 position-relative"
            >
              <Avatar username={person.username} image={person.image} size={36} />
              <Link
                to={paths.cirrus(person.username)}
                className="stretched-link text-reset text-decoration-none"
              >
                {person.displayName ? <strong className="me-2">{person.displayName}</strong> : null}{' '}
                <span className="text-secondary">@{person.username}</span>
              </Link>
              {props.menu ? (
                // Above the stretched link, so that the menu takes its own clicks.
                <div className="ms-auto position-relative" style={{ zIndex: 2 }}>
                  {props.menu(person)}
                </div>
              ) : null}
            </ListGroup.Item>
          ))}
        </ListGroup>
      )}
      {props.hasMore ? (
        <Button variant="link" className="mt-2" disabled={props.loadingMore} onClick={props.onShowMore}>
          Show more
        </Button>
      ) : null}
    </>
  );
}
