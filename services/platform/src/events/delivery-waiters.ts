interface Waiter {
  offset: number;
  resolve: () => void;
  reject: (error: Error) => void;
}

/**
 * Publishes waiting (`awaitDelivery`) for one group's cursor on one partition to pass their message's offset, in
 * offset order: `passed(next)` resolves those below the cursor's next offset, `rejectAll` ends them at close.
 */
export class DeliveryWaiters {
  private readonly waiters: Waiter[] = [];

  /** Resolves once the cursor's next offset is past `offset`. */
  wait(offset: number): Promise<void> {
    return new Promise<void>((resolve, reject) => this.waiters.push({ offset, resolve, reject }));
  }

  /** The cursor's next offset is now `next`: every wait for an offset below it resolves. */
  passed(next: number): void {
    let count = 0;
    while (count < this.waiters.length && this.waiters[count]!.offset < next) count++;
    if (count > 0) for (const waiter of this.waiters.splice(0, count)) waiter.resolve();
  }

  /** Every wait still pending fails with `error`. */
  rejectAll(error: Error): void {
    for (const waiter of this.waiters.splice(0)) waiter.reject(error);
  }
}
