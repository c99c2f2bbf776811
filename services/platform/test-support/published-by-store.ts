import pino from 'pino';
import { createInProcessBus, type BusMessage, type EventBus } from '@vellum/platform';

/**
 * A store contract's set-up (link's, messaging's): opens the adapter under test before the suite, with an in-process
 * bus on which the adapter's relay publishes and whose `topic` is recorded; closes both after. `opened` hands the
 * contract the adapter and the bus; the answer is every message published on `topic`, in order.
 */
export function publishedByStore<T extends { close(): Promise<void> }>(
  open: () => Promise<T>,
  topic: string,
  opened: (store: T, bus: EventBus) => void,
): BusMessage[] {
  const published: BusMessage[] = [];
  let store: T | undefined;
  let bus: EventBus | undefined;
  beforeAll(async () => {
    store = await open();
    bus = createInProcessBus({ logger: pino({ level: 'silent' }) });
    await bus.subscribe({ group: 'contract', topics: [topic], handler: async (m) => void published.push(m) });
    opened(store, bus);
  }, 60_000);
  afterAll(async () => {
    await bus?.close();
    await store?.close();
  });
  return published;
}
