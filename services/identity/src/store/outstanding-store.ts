import type { Queryable } from '@vellum/platform';

/** `identity.outstanding_actions`: each cirrus's count of open action requests, as the action service reports it. */
export const outstandingStore = {
  async set(q: Queryable, cirrusId: string, count: number): Promise<void> {
    await q.query(
      `INSERT INTO identity.outstanding_actions (cirrus_id, count) VALUES ($1, $2)
         ON CONFLICT (cirrus_id) DO UPDATE SET count = EXCLUDED.count`,
      [cirrusId, count],
    );
  },
};
