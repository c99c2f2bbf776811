import { randomUUID } from 'node:crypto';
import type { Queryable } from '@vellum/platform';
import type { MailMessage } from '../mail/mailer';
import type { TokenPurpose } from './cirrus-store';

/**
 * Why a mail is queued: a link of a token purpose (requested by `use-cases/request-mail-link` and prepared by the
 * relay, or prepared at sign-up), or the note to an address owner that someone tried to sign up with it.
 */
export type MailPurpose = TokenPurpose | 'account_exists';

/** A row the relay still has to look up and render (`message` NULL). */
export interface RequestedMail {
  id: string;
  purpose: string;
  email: string;
}

/** A rendered row, claimed for sending. */
export interface PreparedMail {
  id: string;
  purpose: string;
  message: MailMessage;
  attempts: number;
}

const MS = `* interval '1 millisecond'`;

/**
 * `identity.mail_outbox`: mail written in the transaction of the request (or of the relay's preparation) and sent
 * by the mail relay after the answer. Every function takes the connection or transaction to use.
 */
export const mailOutboxStore = {
  /** Queues a link request for `email`; the relay decides whether anything is sent. */
  async request(q: Queryable, purpose: TokenPurpose, email: string): Promise<void> {
    await q.query(`INSERT INTO identity.mail_outbox (id, purpose, email) VALUES ($1, $2, $3)`, [
      randomUUID(),
      purpose,
      email,
    ]);
  },

  /** Queues a rendered message, ready to send. */
  async enqueue(q: Queryable, purpose: MailPurpose, message: MailMessage): Promise<void> {
    await q.query(
      `INSERT INTO identity.mail_outbox (id, purpose, email, message) VALUES ($1, $2, $3, $4::jsonb)`,
      [randomUUID(), purpose, message.to, JSON.stringify(message)],
    );
  },

  /** Locks up to `limit` requested rows, oldest first, skipping those another relay holds. Call inside a transaction. */
  async claimRequested(tx: Queryable, limit: number): Promise<RequestedMail[]> {
    const { rows } = await tx.query<RequestedMail>(
      `SELECT id, purpose, email FROM identity.mail_outbox
        WHERE message IS NULL ORDER BY created_at LIMIT $1 FOR UPDATE SKIP LOCKED`,
      [limit],
    );
    return rows;
  },

  /** Stores the rendered message on a requested row: from now on it is sent as it is, however often it is retried. */
  async prepare(tx: Queryable, id: string, message: MailMessage): Promise<void> {
    await tx.query(
      `UPDATE identity.mail_outbox SET message = $2::jsonb, next_attempt_at = now() WHERE id = $1`,
      [id, JSON.stringify(message)],
    );
  },

  /**
   * Drops the other prepared rows of `purpose` to `email` that no relay is sending: a new link has just replaced
   * their tokens, so their links would no longer work.
   */
  async supersede(tx: Queryable, keepId: string, purpose: TokenPurpose, email: string): Promise<number> {
    const { rowCount } = await tx.query(
      `DELETE FROM identity.mail_outbox
        WHERE email = $2 AND purpose = $3 AND id <> $1 AND message IS NOT NULL
          AND (locked_until IS NULL OR locked_until <= now())`,
      [keepId, email, purpose],
    );
    return rowCount;
  },

  /**
   * Leases up to `limit` prepared rows that are due (not leased, next attempt reached, fewer than `maxAttempts`
   * attempts) for `leaseMs`, in one statement: concurrent relays skip each other's rows, and a relay that dies
   * mid-send leaves a lease that simply runs out.
   */
  async claimDue(
    q: Queryable,
    options: { limit: number; leaseMs: number; maxAttempts: number },
  ): Promise<PreparedMail[]> {
    const { rows } = await q.query<PreparedMail>(
      `UPDATE identity.mail_outbox SET locked_until = now() + $2::double precision ${MS}
        WHERE id IN (
          SELECT id FROM identity.mail_outbox
           WHERE message IS NOT NULL AND attempts < $3 AND next_attempt_at <= now()
             AND (locked_until IS NULL OR locked_until <= now())
           ORDER BY next_attempt_at LIMIT $1 FOR UPDATE SKIP LOCKED)
        RETURNING id, purpose, message, attempts`,
      [options.limit, options.leaseMs, options.maxAttempts],
    );
    return rows.map((row) => ({
      ...row,
      message: typeof row.message === 'string' ? (JSON.parse(row.message) as MailMessage) : row.message,
    }));
  },

  /** Deletes a row: its mail went out, or there is nothing to send. */
  async remove(q: Queryable, id: string): Promise<void> {
    await q.query(`DELETE FROM identity.mail_outbox WHERE id = $1`, [id]);
  },

  /**
   * Counts a failed attempt, keeps the error, frees the lease and puts the next attempt `retryBaseMs · 2^attempts`
   * ahead (at most `retryCapMs`). Returns the attempts made so far.
   */
  async failed(
    q: Queryable,
    id: string,
    error: string,
    backoff: { retryBaseMs: number; retryCapMs: number },
  ): Promise<number> {
    const { rows } = await q.query<{ attempts: number }>(
      `UPDATE identity.mail_outbox
          SET attempts = attempts + 1, last_error = $2, locked_until = NULL,
              next_attempt_at = now() + least($4::double precision, $3::double precision * power(2, attempts)) ${MS}
        WHERE id = $1 RETURNING attempts`,
      [id, error, backoff.retryBaseMs, backoff.retryCapMs],
    );
    return Number(rows[0]?.attempts ?? 0);
  },
};
