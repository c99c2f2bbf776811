import { forwardRef } from 'react';

/** The line above the first message that was unread when the chat opened. */
export const NewMessagesDivider = forwardRef<HTMLLIElement>(function NewMessagesDivider(_props, ref) {
  return (
    <li
      ref={ref}
      className="d-flex align-items-center gap-2 my-2 text-danger small"
      data-testid="new-messages"
    >
      <hr className="flex-grow-1 m-0 border-danger opacity-50" aria-hidden="true" />
      <span>New messages</span>
      <hr className="flex-grow-1 m-0 border-danger opacity-50" aria-hidden="true" />
    </li>
  );
});
