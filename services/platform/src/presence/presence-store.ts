import { PRESENCE_TTL_S } from '@vellum/proto';

/** A person's presence as the sockets tell it: online now, else when last seen (null: never). */
export interface PresenceState {
  online: boolean;
  lastSeen: Date | null;
}

/**
 * Who has a socket open, shared by every replica (Redis distributed, memory embedded). Each replica beats for the
 * people whose sockets it holds; a beat keeps them online for `PRESENCE_TTL_S`, so a replica that dies without
 * saying goodbye lets its people go after that. The last socket closing anywhere ends it at once.
 */
export interface PresenceStore {
  /** These people have a socket open here now: online until `at` + the TTL. Answers those who were not online. */
  beat(ids: readonly string[], at: Date): Promise<string[]>;
  /** The person's last socket (on any replica) closed at `at`: offline, last seen then. */
  left(id: string, at: Date): Promise<void>;
  read(ids: readonly string[], now: Date): Promise<Map<string, PresenceState>>;
  /** The person's account is gone: nothing of their presence is kept. */
  forget(id: string): Promise<void>;
}

export const PRESENCE_TTL_MS = PRESENCE_TTL_S * 1000;

/** One process's presence (embedded mode, tests): the same rules in two maps. */
export function memoryPresence(): PresenceStore {
  const beats = new Map<string, number>();
  const seen = new Map<string, number>();
  const onlineAt = (id: string, now: number) => {
    const beat = beats.get(id);
    return beat !== undefined && now - beat < PRESENCE_TTL_MS;
  };
  return {
    async beat(ids, at) {
      const now = at.getTime();
      const arrived = ids.filter((id) => !onlineAt(id, now));
      for (const id of ids) {
        beats.set(id, now);
        seen.set(id, now);
      }
      return arrived;
    },
    async left(id, at) {
      beats.delete(id);
      seen.set(id, at.getTime());
    },
    async forget(id) {
      beats.delete(id);
      seen.delete(id);
    },
    async read(ids, now) {
      const states = new Map<string, PresenceState>();
      for (const id of ids) {
        const last = seen.get(id);
        states.set(id, {
          online: onlineAt(id, now.getTime()),
          lastSeen: last === undefined ? null : new Date(last),
        });
      }
      return states;
    },
  };
}
