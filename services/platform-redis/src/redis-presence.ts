import type { Redis } from 'ioredis';
import { PRESENCE_TTL_MS, type PresenceState, type PresenceStore } from '@vellum/platform';

/** How long a last-seen time is kept after the person's last socket: a year, then they were never seen. */
const SEEN_KEPT_S = 365 * 24 * 3600;
const onlineKey = (id: string) => `presence:on:{${id}}`;
const seenKey = (id: string) => `presence:seen:{${id}}`;

/**
 * Presence in Redis, shared by every messaging replica: `presence:on:{id}` lives for the TTL after each beat (its
 * value the beat's time), `presence:seen:{id}` holds the last time seen. One key per person and kind (no growing
 * hash); a person's two keys share their hash tag `{id}`, so every command and transaction here stays in one slot
 * and works on a Redis Cluster as on one server.
 */
export function redisPresence(redis: Redis): PresenceStore {
  return {
    async beat(ids, at) {
      if (ids.length === 0) return [];
      const now = String(at.getTime());
      const batch = redis.pipeline();
      for (const id of ids) {
        // SET … GET answers the value it replaced: none means the person was not online.
        batch.set(onlineKey(id), now, 'PX', PRESENCE_TTL_MS, 'GET');
        batch.set(seenKey(id), now, 'EX', SEEN_KEPT_S);
      }
      const answers = (await batch.exec()) ?? [];
      return ids.filter((_, i) => {
        const [err, before] = answers[i * 2] ?? [];
        if (err) throw err;
        return before === null;
      });
    },
    async left(id, at) {
      await redis.multi().del(onlineKey(id)).set(seenKey(id), String(at.getTime()), 'EX', SEEN_KEPT_S).exec();
    },
    async forget(id) {
      await redis.del(onlineKey(id), seenKey(id));
    },
    async read(ids, _now) {
      const batch = redis.pipeline();
      for (const id of ids) batch.exists(onlineKey(id)).get(seenKey(id));
      const answers = (await batch.exec()) ?? [];
      const states = new Map<string, PresenceState>();
      ids.forEach((id, i) => {
        const [onErr, on] = answers[i * 2] ?? [];
        const [seenErr, seen] = answers[i * 2 + 1] ?? [];
        if (onErr || seenErr) throw onErr ?? seenErr;
        states.set(id, {
          online: on === 1,
          lastSeen: typeof seen === 'string' && /^\d+$/.test(seen) ? new Date(Number(seen)) : null,
        });
      });
      return states;
    },
  };
}
