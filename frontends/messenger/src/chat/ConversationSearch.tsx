import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Alert, Button, Form, isApiError, markedParts, Spinner } from '@vellum/ui';
import { messagingMessages, type MessageSearchHit } from '@vellum/proto/api';
import { messageTime } from './messageTime';
import { useConversationSearch } from './useConversationSearch';

/** The result buttons of the panel, in order (arrow keys move between them). */
const resultButtons = (list: HTMLElement | null) =>
  Array.from(list?.querySelectorAll<HTMLButtonElement>('button[data-result]') ?? []);

function Result({
  hit,
  me,
  chosen,
  onChoose,
}: {
  hit: MessageSearchHit;
  me: string;
  chosen: boolean;
  onChoose(): void;
}) {
  const { message, snippet } = hit;
  return (
    <li>
      <button
        type="button"
        data-result
        className="btn btn-light w-100 text-start mb-1"
        aria-current={chosen || undefined}
        onClick={onChoose}
      >
        <span className="d-block small text-body-secondary">
          {message.sender === me ? 'You' : `@${message.senderUsername}`} ·{' '}
          <time dateTime={message.sentAt}>{messageTime(message.sentAt)}</time>
        </span>
        <span className="d-block text-break" data-testid="search-snippet">
          {markedParts(snippet.text, snippet.marks)}
        </span>
      </button>
    </li>
  );
}

/**
 * Search in this conversation: a button opens the field (Escape closes it and gives the focus back); typing
 * searches after a short pause, Enter at once. The messages found are listed newest first with their date and
 * their snippet, the found words marked (built from the service's ranges, never its markup); "More results" reads
 * the next page. Arrow keys move from the field through the results; choosing one opens the chat there.
 */
export function ConversationSearch({
  conversation,
  me,
  onChoose,
}: {
  conversation: string;
  me: string;
  onChoose(messageId: string): void;
}) {
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<string | null>(null);
  const search = useConversationSearch(conversation);
  const toggle = useRef<HTMLButtonElement>(null);
  const field = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const panelId = useId();
  useEffect(() => {
    if (open) field.current?.focus();
  }, [open]);

  const close = () => {
    setOpen(false);
    toggle.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
      return;
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const buttons = resultButtons(list.current);
    if (buttons.length === 0) return;
    event.preventDefault();
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (event.key === 'ArrowUp' && at <= 0) field.current?.focus();
    else buttons[Math.min(at + (event.key === 'ArrowDown' ? 1 : -1), buttons.length - 1)]?.focus();
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    search.enter();
  };
  const { results } = search;

  return (
    <div className="mt-2" onKeyDown={open ? onKeyDown : undefined}>
      <Button
        ref={toggle}
        variant="outline-secondary"
        size="sm"
        aria-label="Search this conversation"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => (open ? close() : setOpen(true))}
      >
        {open ? 'Close search' : 'Search'}
      </Button>
      {open ? (
        <section id={panelId} className="border rounded-3 p-2 mt-2" aria-label="Search this conversation">
          <Form role="search" onSubmit={onSubmit}>
            <Form.Control
              ref={field}
              type="search"
              value={search.text}
              onChange={(event) => search.change(event.target.value)}
              placeholder="Search messages"
              aria-label="Search messages"
              isInvalid={search.invalid !== null}
              autoComplete="off"
            />
            <Form.Control.Feedback type="invalid">{search.invalid}</Form.Control.Feedback>
          </Form>
          <div className="mt-2" style={{ maxHeight: '40vh', overflowY: 'auto' }}>
            <p className="small text-body-secondary mb-1" role="status">
              {search.searching ? (
                <>
                  <Spinner as="span" animation="border" size="sm" className="me-1" aria-hidden="true" />
                  Searching…
                </>
              ) : results && results.length > 0 ? (
                `${results.length}${search.hasMore ? '+' : ''} ${results.length === 1 ? 'message' : 'messages'} found`
              ) : results ? (
                messagingMessages.noMessagesFound
              ) : null}
            </p>
            {search.error ? (
              <Alert variant="danger" className="py-2 mb-2">
                {isApiError(search.error) ? search.error.message : messagingMessages.searchFailed}
              </Alert>
            ) : null}
            {results && results.length > 0 ? (
              <ul ref={list} className="list-unstyled mb-0" aria-label="Messages found">
                {results.map((hit) => (
                  <Result
                    key={hit.message.id}
                    hit={hit}
                    me={me}
                    chosen={hit.message.id === chosen}
                    onChoose={() => {
                      setChosen(hit.message.id);
                      onChoose(hit.message.id);
                    }}
                  />
                ))}
              </ul>
            ) : null}
            {search.hasMore ? (
              <Button variant="link" size="sm" onClick={search.loadMore} disabled={search.loadingMore}>
                {search.loadingMore ? 'Loading more results…' : 'More results'}
              </Button>
            ) : null}
          </div>
        </section>
      ) : null}
    </div>
  );
}
