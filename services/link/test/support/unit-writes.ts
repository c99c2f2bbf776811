import type { BusMessage } from '@vellum/platform';
import { publishedThenWritten } from '@vellum/platform/test-support';
import type { LinkStore } from '../../src/service';
import type { StoredPage } from '../../src/store/link-repository';

/**
 * The store's writes as a use case makes them, one unit of work each: `events` published, then the write that
 * carries them (the contract states what a write with given events stores).
 */
export function unitWrites({ unitOfWork }: Pick<LinkStore, 'unitOfWork'>) {
  return {
    replace: (next: StoredPage, expectedVersion: number, events: readonly BusMessage[], at: Date) =>
      publishedThenWritten(unitOfWork, events, (unit) => unit.pages.replace(next, expectedVersion, at)),
    countClick: (
      click: { ownerId: string; linkId: string; day: string },
      events: readonly BusMessage[],
      at: Date,
    ) => publishedThenWritten(unitOfWork, events, (unit) => unit.pages.countClick(click, at)),
  };
}
