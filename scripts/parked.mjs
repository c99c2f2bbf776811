// `npm run parked -- list|replay <service> [...]`: the events a service's consumers failed `maxAttempts` times and
// parked (services/README.md, "Nothing dropped"), listed or replayed through that service's own handlers, on any
// store. Embedded (the default): the data folder DATA_DIR, with the product stopped. `--mode distributed`: the
// service's own store from the environment its pod has (DATABASE_URL or MONGO_URL, KAFKA_BROKERS, ...): the
// service's entry with `--parked`, as `kubectl exec deploy/<service> -- node dist/main.js --parked list` runs it.
//   list <service> [group]          one JSON line per parked event, oldest first
//   replay <service> [event id...]  through the service's handlers; exit 1 while any stays parked
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const args = process.argv.slice(2);
const modeAt = args.findIndex((arg) => arg === '--mode' || arg.startsWith('--mode='));
let mode = 'embedded';
if (modeAt >= 0) {
  const [flag] = args.splice(modeAt, 1);
  mode = flag.includes('=') ? flag.slice('--mode='.length) : (args.splice(modeAt, 1)[0] ?? '');
}
const [action, service, ...rest] = args;
if (!['embedded', 'distributed'].includes(mode) || !service || !/^[a-z][a-z0-9-]*$/.test(service)) {
  console.error(
    'usage: npm run parked -- [--mode embedded|distributed] list <service> [group]\n' +
      '       npm run parked -- [--mode embedded|distributed] replay <service> [event id ...]',
  );
  process.exit(2);
}

let entry;
let entryArgs;
if (mode === 'embedded') {
  entry = path.join(root, 'services/all-in-one/dist/parked-main.js');
  entryArgs = [action, service, ...rest];
} else {
  entry = path.join(root, 'services', service, 'dist/main.js');
  entryArgs = ['--parked', action, ...rest];
}
if (!existsSync(entry)) {
  console.error(
    `${path.relative(root, entry)} is missing: no service "${service}", or not built (npm run build)`,
  );
  process.exit(2);
}
const run = spawnSync(process.execPath, [entry, ...entryArgs], { stdio: 'inherit' });
process.exit(run.status ?? 1);
