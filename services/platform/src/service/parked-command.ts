import { isUuid } from '@vellum/proto';
import { replayParked, type ParkedEventStore } from '../events/parked';
import type { Subscription } from '../events/types';

/** The argument that makes a service's entry list or replay its parked events and exit instead of serving. */
export const PARKED_ARGUMENT = '--parked';

export const PARKED_USAGE = `${PARKED_ARGUMENT} list [group] | ${PARKED_ARGUMENT} replay [event id ...]`;

/** `list` the parked events (of one group), or `replay` them (all, or those ids) through the service's handlers. */
export type ParkedCommand = { action: 'list'; group?: string } | { action: 'replay'; ids?: string[] };

export class ParkedUsageError extends Error {
  constructor(problem: string) {
    super(`${problem}; usage: ${PARKED_USAGE}`);
    this.name = 'ParkedUsageError';
  }
}

const printable = (text: string) => text.replace(/[^\x20-\x7e]/g, '?');

/** The command after `--parked` in `args` (undefined without it); a malformed one throws `ParkedUsageError`. */
export function parkedCommandOf(args: readonly string[]): ParkedCommand | undefined {
  const at = args.indexOf(PARKED_ARGUMENT);
  if (at < 0) return undefined;
  const [action, ...rest] = args.slice(at + 1);
  if (action === 'list') {
    if (rest.length > 1) throw new ParkedUsageError('list takes at most one group');
    const [group] = rest;
    if (group !== undefined && !/^[a-z][a-z0-9-]*$/.test(group))
      throw new ParkedUsageError(`"${printable(group)}" is not a consumer group`);
    return group === undefined ? { action } : { action, group };
  }
  if (action === 'replay') {
    const wrong = rest.find((id) => !isUuid(id));
    if (wrong !== undefined) throw new ParkedUsageError(`"${printable(wrong)}" is not an event id`);
    return rest.length === 0 ? { action } : { action, ids: rest };
  }
  throw new ParkedUsageError(action === undefined ? 'no command' : `unknown command "${printable(action)}"`);
}

/**
 * Runs an operator's command on a service's parked events: `list` prints one JSON line per event (oldest first),
 * `replay` one line per event replayed or still failing. Resolves to the exit status: 1 when a replay left an
 * event parked, else 0. A summary goes to `note` (stderr), the lines to `print` (stdout).
 */
export async function runParkedCommand(
  command: ParkedCommand,
  store: ParkedEventStore,
  subscriptions: readonly Subscription[],
  io: { print: (line: string) => void; note: (line: string) => void },
): Promise<number> {
  if (command.action === 'list') {
    const parked = await store.list(command.group === undefined ? {} : { group: command.group });
    for (const event of parked) {
      io.print(
        JSON.stringify({
          id: event.id,
          group: event.group,
          topic: event.topic,
          key: event.key,
          type: event.type,
          bytes: event.value.length,
          attempts: event.attempts,
          parkedAt: event.parkedAt.toISOString(),
          error: event.error,
        }),
      );
    }
    io.note(`${parked.length} parked event(s)`);
    return 0;
  }
  const result = await replayParked(store, subscriptions, command.ids ? { ids: command.ids } : {});
  for (const { id, group } of result.replayed) io.print(JSON.stringify({ id, group, replayed: true }));
  for (const { id, group, error } of result.failed)
    io.print(JSON.stringify({ id, group, replayed: false, error }));
  io.note(`${result.replayed.length} replayed, ${result.failed.length} still parked`);
  return result.failed.length > 0 ? 1 : 0;
}

/**
 * The parked command of this process's arguments, if any. A malformed one ends the process here, status 2, with
 * the usage: before anything connects.
 */
export function parkedCommandOfProcess(argv: readonly string[] = process.argv): ParkedCommand | undefined {
  try {
    return parkedCommandOf(argv.slice(2));
  } catch (error) {
    if (!(error instanceof ParkedUsageError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(2);
  }
}

/** Standard output for the lines, standard error for the summary. */
export const processIo = {
  print: (line: string) => void process.stdout.write(`${line}\n`),
  note: (line: string) => void process.stderr.write(`${line}\n`),
};
