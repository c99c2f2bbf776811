import { setMaxListeners } from 'node:events';
import { pollingLoop, type Db, type Logger, type NextTurn, type ServiceWorker } from '@vellum/platform';
import { cirrusStore, type CirrusRecord, type TokenPurpose } from '../store/cirrus-store';
import { mailOutboxStore, type PreparedMail } from '../store/mail-outbox-store';
import { issueToken } from '../use-cases/issue-token';
import type { MailObserver } from './mail-metrics';
import type { Mailer, MailMessage } from './mailer';
import { passwordResetMail, verificationMail } from './templates';

/** Attempts after which a mail is kept but no longer retried. */
export const DEFAULT_MAIL_MAX_ATTEMPTS = 10;

/** The relay's tuning; every field has a production default. */
export interface MailRelaySettings {
  /** Polling period when nobody calls `wake()` (default 500 ms). */
  pollIntervalMs?: number;
  /** Rows prepared per transaction, and most sends at a time (default 10). */
  batchSize?: number;
  /** How long a claimed row stays reserved for the relay sending it (default 60 s). */
  leaseMs?: number;
  /** A send with no answer after this counts as failed; keep it below `leaseMs` (default 30 s). */
  sendTimeoutMs?: number;
  /** Attempts after which a row is kept but no longer retried (default 10). */
  maxAttempts?: number;
  /** Wait after the first failure; it doubles per failure (default 2 s: 10 attempts span about 34 minutes). */
  retryBaseMs?: number;
  /** Longest wait between two attempts (default 1 h). */
  retryCapMs?: number;
  /** How long `stop()` waits for the sends in progress before leaving them to their lease (default 10 s). */
  stopTimeoutMs?: number;
}

export interface MailRelayOptions extends MailRelaySettings {
  db: Db;
  mailer: Mailer;
  logger: Logger;
  clock: () => Date;
  /** Read at each preparation (the embedded mode learns its port after start). */
  publicUrl: () => string;
  /** Told each send's outcome (the metrics). */
  observer?: MailObserver;
}

export interface MailRelay extends ServiceWorker {
  /** Nudges the loop to work now; a handler calls it right after committing a row. */
  wake(): void;
}

interface LinkMail {
  /** Whether this cirrus gets a link (a verified address needs no verification link). */
  eligible: (cirrus: CirrusRecord) => boolean;
  render: (publicUrl: string, to: string, token: string) => MailMessage;
}

/** What a requested row of each purpose becomes. */
const LINK_MAILS: Record<TokenPurpose, LinkMail> = {
  verify_email: { eligible: (cirrus) => !cirrus.emailVerifiedAt, render: verificationMail },
  reset_password: { eligible: () => true, render: passwordResetMail },
};

type SendOutcome = { kind: 'sent' } | { kind: 'failed'; error: unknown } | { kind: 'abandoned' };

/**
 * Sends identity's mail after the answer, from `identity.mail_outbox`. Each round:
 *
 * 1. prepare: one transaction claims requested rows (`FOR UPDATE SKIP LOCKED`), looks each address up and, for an
 *    eligible cirrus, issues the link token and stores the rendered message on the row, or else deletes the row.
 *    Token and message commit together, so a message is rendered once: a retry, or a relay that takes over after
 *    a crash, sends the same message with the same (still valid) link.
 * 2. send: a short statement leases due prepared rows (`locked_until`), then `mailer.send` runs outside any
 *    transaction (PGlite has one connection, and SMTP can take seconds), up to `batchSize` sends at a time, while
 *    the loop goes on (a slow mail server holds up neither preparing nor other sends). A sent row is deleted; a
 *    failed one (or one unanswered after `sendTimeoutMs`) counts the attempt, keeps the error and backs off
 *    exponentially, up to `maxAttempts` after which it is kept for an operator to see and logged at error level.
 *
 * Several replicas may run it: the row locks and leases keep them apart; delivery is at least once.
 */
export function createMailRelay(options: MailRelayOptions): MailRelay {
  const { db, mailer, logger } = options;
  const pollIntervalMs = options.pollIntervalMs ?? 500;
  const batchSize = options.batchSize ?? 10;
  const leaseMs = options.leaseMs ?? 60_000;
  const sendTimeoutMs = options.sendTimeoutMs ?? 30_000;
  const maxAttempts = options.maxAttempts ?? DEFAULT_MAIL_MAX_ATTEMPTS;
  const backoff = { retryBaseMs: options.retryBaseMs ?? 2_000, retryCapMs: options.retryCapMs ?? 3_600_000 };
  const stopTimeoutMs = options.stopTimeoutMs ?? 10_000;

  let stopping: Promise<void> | undefined;
  let stopped = false;
  /** Aborted when `stop()` gives up waiting: the sends in progress are left to their lease. */
  const abandon = new AbortController();
  setMaxListeners(0, abandon.signal); // one listener per send in progress

  /** Returns how many requested rows it handled. */
  const prepare = () =>
    db.transaction(async (tx) => {
      const rows = await mailOutboxStore.claimRequested(tx, batchSize);
      const seen = new Set<string>();
      for (const row of rows) {
        const link = Object.hasOwn(LINK_MAILS, row.purpose)
          ? LINK_MAILS[row.purpose as TokenPurpose]
          : undefined;
        const key = `${row.purpose} ${row.email}`;
        if (!link || seen.has(key)) {
          // Two requests for one address in a batch get one mail (a second link would replace the first anyway).
          if (!link)
            logger.error({ mailId: row.id, purpose: row.purpose }, 'mail request of unknown purpose dropped');
          await mailOutboxStore.remove(tx, row.id);
          continue;
        }
        seen.add(key);
        const cirrus = await cirrusStore.byEmail(tx, row.email);
        if (!cirrus || !link.eligible(cirrus)) {
          await mailOutboxStore.remove(tx, row.id);
          logger.debug({ mailId: row.id, purpose: row.purpose }, 'mail request needs no mail');
          continue;
        }
        const purpose = row.purpose as TokenPurpose;
        const token = await issueToken(tx, cirrus.id, purpose, options.clock());
        await mailOutboxStore.prepare(tx, row.id, link.render(options.publicUrl(), cirrus.email, token));
        await mailOutboxStore.supersede(tx, row.id, purpose, row.email);
      }
      return rows.length;
    });

  /** `mailer.send` with a time limit, or until `stop()` gives up on it. */
  const attempt = (message: MailMessage) =>
    new Promise<SendOutcome>((resolve) => {
      const settle = (outcome: SendOutcome) => {
        clearTimeout(timer);
        abandon.signal.removeEventListener('abort', onAbandon);
        resolve(outcome);
      };
      const onAbandon = () => settle({ kind: 'abandoned' });
      const timer = setTimeout(
        () =>
          settle({ kind: 'failed', error: new Error(`no answer from the mailer in ${sendTimeoutMs} ms`) }),
        sendTimeoutMs,
      );
      abandon.signal.addEventListener('abort', onAbandon);
      Promise.resolve()
        .then(() => mailer.send(message))
        .then(
          () => settle({ kind: 'sent' }),
          (error: unknown) => settle({ kind: 'failed', error }),
        );
    });

  const sendOne = async (row: PreparedMail) => {
    const outcome = await attempt(row.message);
    if (outcome.kind === 'abandoned') return;
    if (outcome.kind === 'sent') {
      options.observer?.sent();
      await mailOutboxStore.remove(db, row.id);
      return;
    }
    const attempts = await mailOutboxStore.failed(db, row.id, errorText(outcome.error), backoff);
    options.observer?.failed(attempts >= maxAttempts);
    const facts = { err: outcome.error, mailId: row.id, purpose: row.purpose, attempts };
    if (attempts >= maxAttempts) {
      logger.error(facts, 'mail not sent after the last attempt; kept in identity.mail_outbox');
    } else {
      logger.warn(facts, 'mail not sent; will retry');
    }
  };

  /** Sends in progress: the loop goes on preparing and claiming while a slow mail server answers. */
  const sending = new Set<Promise<void>>();

  /** Claims as many due rows as there is room for and starts sending them; true when it filled the room. */
  const send = async () => {
    const room = batchSize - sending.size;
    if (room <= 0) return false;
    const rows = await mailOutboxStore.claimDue(db, { limit: room, leaseMs, maxAttempts });
    for (const row of rows) {
      const job: Promise<void> = sendOne(row)
        .catch((err: unknown) => logger.error({ err, mailId: row.id }, 'mail relay could not record a send'))
        .finally(() => {
          sending.delete(job);
          // Room again: claim the next due rows without waiting for a poll.
          if (!stopped) wake();
        });
      sending.add(job);
    }
    return rows.length === room;
  };

  /** One round; `more` when a batch was full, `failed` when the database did not answer. */
  const round = async () => {
    let more = false;
    let failed = false;
    try {
      more = (await prepare()) === batchSize;
    } catch (err) {
      failed = true;
      logger.error({ err }, 'mail relay could not prepare mail');
    }
    try {
      more = (await send()) || more;
    } catch (err) {
      failed = true;
      logger.error({ err }, 'mail relay could not claim mail');
    }
    return { more, failed };
  };

  let failures = 0;
  /** One round, then the wait: none after a full batch, a growing one after a failure (which wake() cannot cut). */
  const loop = pollingLoop(async (): Promise<NextTurn> => {
    const { more, failed } = await round();
    failures = failed ? failures + 1 : 0;
    if (more && !failed) return { delayMs: 0, wakeable: true };
    if (failed) return { delayMs: Math.min(30_000, pollIntervalMs * 2 ** failures), wakeable: false };
    return { delayMs: pollIntervalMs, wakeable: true };
  });
  const wake = () => loop.wake();

  return {
    name: 'identity mail relay',

    start() {
      if (!stopped) loop.start();
    },

    /**
     * Stops polling, finishes the round in progress and waits for the sends in progress, at most `stopTimeoutMs`
     * for those: a send still unanswered then keeps its row's lease and goes out again once it runs out. Idempotent.
     */
    stop() {
      return (stopping ??= (async () => {
        stopped = true;
        await loop.stop();
        if (sending.size === 0) return;
        let timer: NodeJS.Timeout | undefined;
        const gaveUp = await Promise.race([
          Promise.all(sending).then(() => false),
          new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), stopTimeoutMs))),
        ]);
        clearTimeout(timer);
        if (gaveUp) {
          logger.warn(
            { sending: sending.size },
            'mail relay stopped with sends unanswered; they go out again once their lease runs out',
          );
          abandon.abort();
          await Promise.all(sending);
        }
      })());
    },

    wake,
  };
}

function errorText(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.slice(0, 2000);
}
