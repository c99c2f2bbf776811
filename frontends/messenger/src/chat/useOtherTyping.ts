import { useEffect, useState } from 'react';
import { realtime } from '@vellum/ui';
import { REALTIME_EVENTS, TYPING_SHOWN_S, type MessageView, type TypingEvent } from '@vellum/proto/api';

/**
 * Whether the other participant is typing in this conversation: true from their notice until TYPING_SHOWN_S after
 * the last one, and false at once when their message arrives.
 */
export function useOtherTyping(conversation: string, other: string | undefined): boolean {
  const [typing, setTyping] = useState(false);
  useEffect(() => {
    if (!other) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = () => {
      clearTimeout(timer);
      setTyping(false);
    };
    const stops = [
      realtime.on<TypingEvent>(REALTIME_EVENTS.typing, (event) => {
        if (event?.conversation !== conversation || event.typist !== other) return;
        clearTimeout(timer);
        setTyping(true);
        timer = setTimeout(stop, TYPING_SHOWN_S * 1000);
      }),
      realtime.on<MessageView>(REALTIME_EVENTS.newMessage, (message) => {
        if (message?.conversation === conversation && message.sender === other) stop();
      }),
    ];
    return () => {
      clearTimeout(timer);
      stops.forEach((off) => off());
    };
  }, [conversation, other]);
  return typing;
}
