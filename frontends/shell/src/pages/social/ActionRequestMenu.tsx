import { useState } from 'react';
import Dropdown from 'react-bootstrap/Dropdown';
import type { ExposedProps } from '@vellum/ui/remotes';
import { RemoteModule } from '../../federation/RemoteModule';
import type { Person } from './PeopleList';

/** Whom the actions remote's modal is for: its props' type, from the registry of remotes. */
type Recipient = ExposedProps<'actions', 'ActionRequestModal'>['recipient'];

/**
 * The owner's 'Action Request' item on each follower, and the actions remote's New Action Request modal it opens
 * (loaded on the first click; the remote then shows its own success modal).
 */
export function useActionRequestMenu(isOwner: boolean) {
  const [recipient, setRecipient] = useState<Recipient>(null);
  const [used, setUsed] = useState(false);
  const menu = (person: Person) =>
    person.i ? (
      <Dropdown align="end">
        <Dropdown.Toggle variant="light" size="sm" aria-label={`More for @${person.username}`}>
          ⋯
        </Dropdown.Toggle>
        <Dropdown.Menu>
          <Dropdown.Item
            as="button"
            onClick={() => {
              setRecipient({ i: person.i!, username: person.username, displayName: person.displayName });
              setUsed(true);
            }}
          >
            Action Request
          </Dropdown.Item>
        </Dropdown.Menu>
      </Dropdown>
    ) : null;
  const modal = used ? (
    <RemoteModule
      remote="actions"
      module="ActionRequestModal"
      props={{ recipient, onClose: () => setRecipient(null) }}
    />
  ) : null;
  return isOwner ? { menu, modal } : { menu: undefined, modal: null };
}
