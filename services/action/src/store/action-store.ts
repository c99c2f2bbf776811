import type { Queryable } from '@vellum/platform';
import type { ActionPriorityName, ActionState } from '@vellum/proto';

export interface ActionRecord {
  id: string;
  ownerId: string;
  requesterId: string | null;
  text: string;
  priority: ActionPriorityName;
  state: ActionState;
  createdAt: Date;
}

/** An open action with, for a request, who sent it (current names when known, else the ones it was sent with). */
export interface OpenAction extends ActionRecord {
  requester: { id: string; username: string; displayName: string } | null;
}

export type NewAction = Pick<ActionRecord, 'id' | 'ownerId' | 'text' | 'priority' | 'createdAt'> & {
  requester?: { id: string; username: string };
};

interface ActionRow {
  id: string;
  owner_id: string;
  requester_id: string | null;
  text: string;
  priority: ActionPriorityName;
  state: ActionState;
  created_at: Date | string;
}

interface OpenRow extends ActionRow {
  requester_username: string | null;
  requester_display_name: string | null;
}

const toRecord = (row: ActionRow): ActionRecord => ({
  id: row.id,
  ownerId: row.owner_id,
  requesterId: row.requester_id,
  text: row.text,
  priority: row.priority,
  state: row.state,
  createdAt: new Date(row.created_at),
});

const COLUMNS = 'a.id, a.owner_id, a.requester_id, a.text, a.priority, a.state, a.created_at';

/** Postgres access for actions; every function takes the connection or transaction to use. */
export const actionStore = {
  /**
   * Locks the owner's list for the rest of the transaction. Every write to a list takes this lock first, so
   * writers of one list run one after the other.
   */
  async lockList(tx: Queryable, ownerId: string): Promise<void> {
    await tx.query(`INSERT INTO action.lists (owner_id) VALUES ($1) ON CONFLICT DO NOTHING`, [ownerId]);
    await tx.query(`SELECT owner_id FROM action.lists WHERE owner_id = $1 FOR UPDATE`, [ownerId]);
  },

  async insert(tx: Queryable, action: NewAction): Promise<ActionRecord> {
    const { rows } = await tx.query<ActionRow>(
      `INSERT INTO action.actions AS a (id, owner_id, requester_id, requester_username, text, priority, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${COLUMNS}`,
      [
        action.id,
        action.ownerId,
        action.requester?.id ?? null,
        action.requester?.username ?? null,
        action.text,
        action.priority,
        action.createdAt,
      ],
    );
    return toRecord(rows[0]!);
  },

  /** The owner's action, locked; null when it does not exist or is someone else's. */
  async lockOwned(tx: Queryable, id: string, ownerId: string): Promise<ActionRecord | null> {
    const { rows } = await tx.query<ActionRow>(
      `SELECT ${COLUMNS} FROM action.actions a WHERE a.id = $1 AND a.owner_id = $2 FOR UPDATE`,
      [id, ownerId],
    );
    return rows[0] ? toRecord(rows[0]) : null;
  },

  async close(tx: Queryable, id: string, state: Exclude<ActionState, 'open'>, at: Date): Promise<void> {
    await tx.query(`UPDATE action.actions SET state = $2, closed_at = $3 WHERE id = $1 AND state = 'open'`, [
      id,
      state,
      at,
    ]);
  },

  /**
   * A deleted cirrus's actions: its own list, and the requests it made on others' lists. Answers the requests that
   * were still open on others' lists (their owners' outstanding counts move).
   */
  async removeCirrus(tx: Queryable, cirrusId: string): Promise<Array<{ id: string; ownerId: string }>> {
    const { rows } = await tx.query<{
      id: string;
      owner_id: string;
      state: string;
      requester_id: string | null;
    }>(
      `DELETE FROM action.actions WHERE owner_id = $1 OR requester_id = $1
       RETURNING id, owner_id, state, requester_id`,
      [cirrusId],
    );
    await tx.query(`DELETE FROM action.lists WHERE owner_id = $1`, [cirrusId]);
    return rows
      .filter((r) => r.owner_id !== cirrusId && r.state === 'open')
      .map((r) => ({ id: r.id, ownerId: r.owner_id }));
  },

  /** The owners (sorted) of the open requests a cirrus made on others' lists. */
  async ownersRequestedBy(q: Queryable, requesterId: string): Promise<string[]> {
    const { rows } = await q.query<{ owner_id: string }>(
      `SELECT DISTINCT owner_id FROM action.actions
        WHERE requester_id = $1 AND owner_id <> $1 AND state = 'open' ORDER BY owner_id`,
      [requesterId],
    );
    return rows.map((r) => r.owner_id);
  },

  /** Open action requests the owner has received. */
  async outstanding(q: Queryable, ownerId: string): Promise<number> {
    const { rows } = await q.query<{ n: number | string }>(
      `SELECT count(*) AS n FROM action.actions
        WHERE owner_id = $1 AND state = 'open' AND requester_id IS NOT NULL`,
      [ownerId],
    );
    return Number(rows[0]?.n ?? 0);
  },

  /** The owner's open actions, newest first. */
  async open(q: Queryable, ownerId: string): Promise<OpenAction[]> {
    const { rows } = await q.query<OpenRow>(
      `SELECT ${COLUMNS},
              COALESCE(c.username, a.requester_username) AS requester_username,
              COALESCE(NULLIF(c.display_name, ''), c.username, a.requester_username) AS requester_display_name
         FROM action.actions a LEFT JOIN action.cirri c ON c.id = a.requester_id
        WHERE a.owner_id = $1 AND a.state = 'open'
        ORDER BY a.created_at DESC, a.id`,
      [ownerId],
    );
    return rows.map((row) => ({
      ...toRecord(row),
      requester: row.requester_id
        ? {
            id: row.requester_id,
            username: row.requester_username!,
            displayName: row.requester_display_name!,
          }
        : null,
    }));
  },

  /** How many actions the owner has open, and of which priorities (for the top bar's badge). */
  async openCounts(q: Queryable, ownerId: string): Promise<Record<ActionPriorityName, number>> {
    const { rows } = await q.query<{ priority: ActionPriorityName; n: number | string }>(
      `SELECT priority, count(*) AS n FROM action.actions WHERE owner_id = $1 AND state = 'open' GROUP BY priority`,
      [ownerId],
    );
    const counts: Record<ActionPriorityName, number> = { High: 0, Medium: 0, Low: 0 };
    for (const row of rows) counts[row.priority] = Number(row.n);
    return counts;
  },
};
