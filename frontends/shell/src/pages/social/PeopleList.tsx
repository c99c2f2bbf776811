import { useState } from 'react';
import { Link } from 'react-router-dom';
import Form from 'react-bootstrap/Form';
import ListGroup from 'react-bootstrap/ListGroup';
import { Avatar, paths } from '@vellum/ui/core';

export interface Person {
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

export function PeopleList({ people, filterable, emptyText, filterLabel }: PeopleListProps) {
  const [filter, setFilter] = useState('');
  const visible = filterPeople(people, filter);
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
      ) : (
        <ListGroup>
          {visible.map((person) => (
            <ListGroup.Item
              key={person.username}
              action
              as={Link}
              to={paths.cirrus(person.username)}
              className="d-flex align-items-center gap-3"
            >
              <Avatar username={person.username} image={person.image} size={36} />
              <span>
                {person.displayName ? <strong className="me-2">{person.displayName}</strong> : null}
                <span className="text-secondary">@{person.username}</span>
              </span>
            </ListGroup.Item>
          ))}
        </ListGroup>
      )}
    </>
  );
}
