import type { Logger } from 'pino';
import type { BusOffsets } from './bus-offsets';

/** Names a topic's partition (a group keeps one cursor on each). */
export function cursorKey(topic: string, partition: number): string {
  return `${topic}\u0000${partition}`;
}

/** The groups' positions to save, batched: each moved cursor is saved at the next tick of the interval. */
export function savedPositions(store: BusOffsets, intervalMs: number, logger: Logger) {
  const dirty = new Map<string, { group: string; topic: string; partition: number; nextOffset: number }>();
  let timer: NodeJS.Timeout | undefined;
  let saving: Promise<void> = Promise.resolve();
  const save = () => {
    timer = undefined;
    const batch = [...dirty.values()];
    dirty.clear();
    saving = saving
      .then(() => store.save(batch))
      .catch((error: unknown) => logger.error({ err: error }, 'saving the consumer groups offsets failed'));
    return saving;
  };
  return {
    load: (group: string) => store.load(group),
    moved(group: string, cursor: { topic: string; partition: number; offset: number }) {
      const { topic, partition, offset } = cursor;
      dirty.set(`${group}\u0000${cursorKey(topic, partition)}`, {
        group,
        topic,
        partition,
        nextOffset: offset,
      });
      timer ??= setTimeout(save, intervalMs);
    },
    async close() {
      if (timer) clearTimeout(timer);
      await save();
    },
  };
}
