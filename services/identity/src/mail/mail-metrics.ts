import { Counter, Gauge, type Queryable, type Registry } from '@vellum/platform';

const MAIL_STATES = ['requested', 'prepared', 'given_up'] as const;

/** What the mail relay tells of its sends (`mail_sent_total`, `mail_send_failures_total`). */
export interface MailObserver {
  sent(): void;
  /** A failed send; `givenUp` when it was the last attempt (the row is kept for an operator). */
  failed(givenUp: boolean): void;
}

/**
 * The mail relay's series: sends and failures counted as they happen, and `identity.mail_outbox` read at each scrape
 * by state — `requested` (not yet rendered), `prepared` (rendered, waiting for its send or its retry) and `given_up`
 * (failed `maxAttempts` times, kept for an operator). A database that does not answer leaves the gauge out.
 */
export function mailMetrics(registry: Registry, db: Queryable, maxAttempts: number): MailObserver {
  const registers = [registry];
  const sent = new Counter({
    name: 'mail_sent_total',
    help: "Mail identity's relay handed to the mail server.",
    registers,
  });
  const failures = new Counter({
    name: 'mail_send_failures_total',
    help: 'Failed sends of the mail relay, by outcome: retrying, or given_up after the last attempt.',
    labelNames: ['outcome'] as const,
    registers,
  });
  new Gauge({
    name: 'mail_outbox_messages',
    help: 'Mail waiting in identity.mail_outbox, by state: requested, prepared, given_up.',
    labelNames: ['state'] as const,
    registers,
    async collect() {
      this.reset();
      const rows = await db
        .query<{ state: string; n: number }>(
          `SELECT CASE WHEN message IS NULL THEN 'requested' WHEN attempts >= $1 THEN 'given_up' ELSE 'prepared' END
                    AS state, count(*)::int AS n
             FROM identity.mail_outbox GROUP BY 1`,
          [maxAttempts],
        )
        .then(
          (result) => result.rows,
          () => undefined,
        );
      if (!rows) return;
      for (const state of MAIL_STATES) this.set({ state }, rows.find((row) => row.state === state)?.n ?? 0);
    },
  });
  return {
    sent: () => sent.inc(),
    failed: (givenUp) => failures.inc({ outcome: givenUp ? 'given_up' : 'retrying' }),
  };
}
