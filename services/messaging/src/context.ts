import type { Server } from 'node:http';
import type { Limiter, LimiterFactory, Logger, UnitOfWork } from '@vellum/platform';
import type { RealtimePort } from './realtime/realtime-port';
import type { MessagingRepository, MessagingUnit } from './store/messaging-repository';

export interface MessagingConfig {
  /** Verifies the gateway's caller assertion. */
  internalAuthSecret: string;
}

/** The ports the messaging service runs on; its composition root (main.ts or all-in-one) builds them. */
export interface MessagingPorts {
  logger: Logger;
  config: MessagingConfig;
  /** The per-sender limit of sending (memory embedded, Redis distributed: shared by every replica). */
  limiters: LimiterFactory;
  /**
   * Tells the participants' open tabs (socket.io, `socketRealtime`, which also attaches to the HTTP server the
   * service is reached through); tests record instead.
   */
  realtime: RealtimePort & {
    attach?: (server: Server) => void;
    /** Tells the service of each person who came online or went offline (`socketRealtime`'s). */
    onPresenceChange?: (listener: (id: string) => unknown) => void;
  };
  clock?: () => Date;
  /** Nudges the outbox relay after a write that carried events. */
  wakeOutbox?: () => void;
}

export type MessagingContext = Required<Omit<MessagingPorts, 'limiters'>> & {
  store: MessagingRepository;
  /** A use case's write boundary: a transaction on Postgres, one document with its events on MongoDB. */
  unitOfWork: UnitOfWork<MessagingUnit>;
  sendLimiter: Limiter;
  /** New conversations per starter and hour (opening an existing one counts nothing). */
  startLimiter: Limiter;
  /** Typing notices per typist and conversation (TYPING_NOTICE_INTERVAL_S). */
  typingLimiter: Limiter;
};
