import type { Redis } from 'ioredis';
import { storeOperations, type Registry } from '@vellum/platform';

/**
 * Measures every command `redis` sends (`db_client_operation_duration_seconds{db_system_name="redis"}`): from the
 * call until its reply, by command name, with the error's class when it failed (a `ReplyError`, or the `Error` of a
 * connection that closed). Without a registry (METRICS_PORT=off) the client is left as it is.
 */
export function measureRedis(redis: Redis, registry: Registry | undefined): Redis {
  if (!registry) return redis;
  const record = storeOperations(registry, 'redis');
  const send = redis.sendCommand.bind(redis);
  // A command sent while the connection is not ready waits in the offline queue and comes through here again when
  // it is: it is measured once, from the first call, as its caller waits.
  const measured = new WeakSet<object>();
  redis.sendCommand = (command, stream) => {
    if (measured.has(command)) return send(command, stream);
    measured.add(command);
    const started = process.hrtime.bigint();
    const seconds = () => Number(process.hrtime.bigint() - started) / 1e9;
    command.promise.then(
      () => record(command.name, seconds()),
      (error: unknown) => record(command.name, seconds(), error instanceof Error ? error.name : 'Error'),
    );
    return send(command, stream);
  };
  return redis;
}
