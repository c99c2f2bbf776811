// `npm run parked -- list|replay <service> [...]`: the events a service's consumers parked in the embedded data
// folder (DATA_DIR), listed or replayed through that service's handlers, with the product stopped.
import {
  loadConfig,
  parkedCommandOf,
  ParkedUsageError,
  postgresParkedEvents,
  processIo,
  runParkedCommand,
  type ParkedCommand,
} from '@vellum/platform';
import { embeddedEnv } from './config';
import { startEmbedded } from './embedded';
import { serviceNamed } from './replay';

const USAGE =
  'Usage: npm run parked -- list <service> [group] | npm run parked -- replay <service> [event id ...]';
const [action, service, ...rest] = process.argv.slice(2);
let command: ParkedCommand | undefined;
try {
  command = parkedCommandOf(['--parked', ...(action === undefined ? [] : [action]), ...rest]);
} catch (error) {
  if (!(error instanceof ParkedUsageError)) throw error;
  process.stderr.write(`${error.message.split(';')[0]}\n`);
}
if (!command || !service || !/^[a-z][a-z0-9-]*$/.test(service)) {
  process.stderr.write(`${USAGE}   (with the product stopped)\n`);
  process.exit(2);
}
const parked = command;

startEmbedded(loadConfig(embeddedEnv), {
  name: 'npm run parked',
  run: async (db, services) => {
    const definition = serviceNamed(services, service);
    const store = postgresParkedEvents(db, definition.schema);
    return runParkedCommand(parked, store, definition.subscriptions, processIo);
  },
}).then(
  (status) => process.exit(status),
  (err: unknown) => {
    process.stderr.write(`Parked events: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
