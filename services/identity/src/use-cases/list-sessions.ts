import { sessionIsLive, sessionKeyOf, type Caller, type SessionRecord } from '@vellum/platform';
import type { IdentityContext } from '../context';

export interface OwnSession {
  /** The session's id: never leaves identity (the views show `key`). */
  sid: string;
  key: string;
  device: string;
  createdAt: Date;
  lastSeenAt: Date;
  current: boolean;
}

const dateOf = (ms: number | undefined, fallback: Date) => (typeof ms === 'number' ? new Date(ms) : fallback);

/**
 * The caller's live sessions, the current one (the key the gateway's assertion names) first, then the most recently
 * used. A session past a time-out is ended here as on its next request, and is not listed.
 */
export async function listSessions(ctx: IdentityContext, caller: Caller): Promise<OwnSession[]> {
  const now = ctx.clock();
  const found = await ctx.sessionStore.listUserSessions(caller.id);
  const live: OwnSession[] = [];
  for (const { sid, record } of found) {
    if (!sessionIsLive(record, now, ctx.sessionLimits)) {
      await destroy(ctx, sid);
      continue;
    }
    live.push(viewOf(ctx, sid, record, caller, now));
  }
  return live.sort(
    (a, b) => Number(b.current) - Number(a.current) || b.lastSeenAt.getTime() - a.lastSeenAt.getTime(),
  );
}

function viewOf(
  ctx: IdentityContext,
  sid: string,
  record: SessionRecord,
  caller: Caller,
  now: Date,
): OwnSession {
  const key = sessionKeyOf(sid, ctx.config.internalAuthSecret);
  const createdAt = dateOf(record.createdAt, now);
  return {
    sid,
    key,
    device: record.device ?? 'Unknown device',
    createdAt,
    lastSeenAt: dateOf(record.lastSeenAt, createdAt),
    current: key === caller.session,
  };
}

export const destroy = (ctx: IdentityContext, sid: string) =>
  new Promise<void>((resolve, reject) =>
    ctx.sessionStore.destroy(sid, (err) => (err ? reject(err as Error) : resolve())),
  );
