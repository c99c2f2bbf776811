import type { Db, Migration } from '../db/db';
import { migrate } from '../db/migrate';

/** Where each consumer group of the in-process bus is in each partition's log: the next offset to deliver. */
export interface BusOffsets {
  /** The group's saved positions by `topic` then partition; empty for a group never seen (it starts at 0). */
  load(group: string): Promise<Map<string, Map<number, number>>>;
  save(
    positions: ReadonlyArray<{ group: string; topic: string; partition: number; nextOffset: number }>,
  ): Promise<void>;
}

export const BUS_OFFSETS_SCHEMA = 'platform';

const migrations: Migration[] = [
  {
    id: 'platform_bus_offsets_0001',
    sql: `
      CREATE TABLE platform.bus_offsets (
        group_name text NOT NULL,
        topic text NOT NULL,
        partition integer NOT NULL,
        next_offset bigint NOT NULL,
        PRIMARY KEY (group_name, topic, partition)
      );
    `,
  },
];

/**
 * The in-process bus's group positions in `platform.bus_offsets` (migrated here, forward-only). Offsets only move
 * forward: a save never takes a group back.
 */
export async function pgBusOffsets(db: Db): Promise<BusOffsets> {
  await migrate(db, BUS_OFFSETS_SCHEMA, migrations);
  return {
    async load(group) {
      const { rows } = await db.query<{ topic: string; partition: number; next_offset: string }>(
        `SELECT topic, partition, next_offset FROM platform.bus_offsets WHERE group_name = $1`,
        [group],
      );
      const byTopic = new Map<string, Map<number, number>>();
      for (const row of rows) {
        const partitions = byTopic.get(row.topic) ?? new Map<number, number>();
        partitions.set(Number(row.partition), Number(row.next_offset));
        byTopic.set(row.topic, partitions);
      }
      return byTopic;
    },
    async save(positions) {
      if (positions.length === 0) return;
      const params: unknown[] = [];
      const rows = positions.map((p) => {
        const n = params.push(p.group, p.topic, p.partition, p.nextOffset);
        return `($${n - 3}, $${n - 2}, $${n - 1}::integer, $${n}::bigint)`;
      });
      await db.query(
        `INSERT INTO platform.bus_offsets (group_name, topic, partition, next_offset) VALUES ${rows.join(', ')}
           ON CONFLICT (group_name, topic, partition)
           DO UPDATE SET next_offset = GREATEST(platform.bus_offsets.next_offset, EXCLUDED.next_offset)`,
        params,
      );
    },
  };
}
