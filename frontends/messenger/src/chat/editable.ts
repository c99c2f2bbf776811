import { MESSAGE_EDIT_MINUTES, type MessageView } from '@vellum/proto/api';

/** Whether my message may still be edited now (the service decides again by its own clock). */
export const editable = (message: MessageView, now = Date.now()): boolean =>
  !message.deleted && now - new Date(message.sentAt).getTime() <= MESSAGE_EDIT_MINUTES * 60_000;
