import { createRequire } from 'node:module';
import { MongoNetworkError } from 'mongodb';

/** The part of the driver's internal `Connection` this patch touches. */
interface DriverConnection {
  id: number | '<monitor>';
  address: string;
  closed: boolean;
  error?: Error;
  socket: { destroyed: boolean };
  once(event: 'close', listener: () => void): unknown;
  off(event: 'close', listener: () => void): unknown;
  writeCommand(command: unknown, options: unknown): Promise<void>;
}

let applied = false;

/**
 * Ends a driver write whose socket closed under it. The driver (mongodb 6.22, and 7.9 alike) writes a command and,
 * when `socket.write` returns false, waits for 'drain'. A socket the server closed is destroyed a moment before the
 * driver's connection hears its 'close'; a write in that moment returns false, and a destroyed socket never drains
 * nor errors again, so the wait never ends. For the server monitor's heartbeat that is for ever: the monitor stays
 * "checking", never reconnects, and once the server has been marked down (its pool failed on the restart) every
 * operation fails server selection until the process restarts. Found by the fault drills (load-tests/faults): after
 * a MongoDB restart, a link or messaging replica stayed unready, its `mongodb` check down, with no connection open.
 *
 * The patch makes every write also end when the connection closes: it rejects with the connection's own error
 * (a `MongoNetworkError`), which the monitor and the operations handle as any lost connection. It wraps one method of
 * the driver's internal `Connection` class, found beside the package's entry; if a driver version moves it, the
 * patch refuses to start rather than silently doing nothing (its test covers the driver the lockfile installs).
 */
export function closeAwareWrites(): void {
  if (applied) return;
  const driver = createRequire(require.resolve('mongodb'));
  const { Connection } = driver('./cmap/connection') as {
    Connection?: { prototype: DriverConnection };
  };
  const original = Connection?.prototype.writeCommand;
  if (typeof original !== 'function')
    throw new Error('mongodb: Connection.prototype.writeCommand not found; check close-aware-writes.ts');
  Connection!.prototype.writeCommand = function (this: DriverConnection, command, options) {
    const lost = () => this.error ?? new MongoNetworkError(`connection ${this.id} to ${this.address} closed`);
    if (this.closed || this.socket.destroyed) return Promise.reject(lost());
    return new Promise<void>((resolve, reject) => {
      const onClose = () => reject(lost());
      this.once('close', onClose);
      original.call(this, command, options).then(
        () => {
          this.off('close', onClose);
          resolve();
        },
        (error: unknown) => {
          this.off('close', onClose);
          reject(error);
        },
      );
    });
  };
  applied = true;
}
