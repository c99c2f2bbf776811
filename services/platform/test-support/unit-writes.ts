import type { BusMessage, Unit, UnitOfWork } from '@vellum/platform';

/**
 * One unit of work as a use case runs it: `events` published, then `write`, the store's write that carries them (a
 * store contract states what a write with given events stores).
 */
export function publishedThenWritten<S, T>(
  unitOfWork: UnitOfWork<S>,
  events: readonly BusMessage[],
  write: (unit: Unit<S>) => Promise<T>,
): Promise<T> {
  return unitOfWork(async (unit) => {
    for (const event of events) unit.publish(event);
    return write(unit);
  });
}
