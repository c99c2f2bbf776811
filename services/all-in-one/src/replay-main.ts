// `npm run replay -- <service>`: rebuilds one service's projections in the embedded data folder (DATA_DIR).
import { loadConfig } from '@vellum/platform';
import { embeddedEnv } from './config';
import { startEmbedded } from './embedded';
import { replayEmbeddedService } from './replay';

const [service, ...rest] = process.argv.slice(2);
if (!service || rest.length > 0 || !/^[a-z][a-z0-9-]*$/.test(service)) {
  process.stderr.write('Usage: npm run replay -- <service>   (e.g. social), with the product stopped\n');
  process.exit(2);
}

startEmbedded(loadConfig(embeddedEnv), {
  name: 'npm run replay',
  run: (db, services, logger) => replayEmbeddedService(db, services, service, logger),
}).then(
  (report) => {
    for (const p of report.projections) {
      process.stdout.write(
        `${p.group} (${p.topics.join(', ')}): ${p.events} events replayed, ${p.parked} parked\n`,
      );
    }
    process.exit(0);
  },
  (err: unknown) => {
    process.stderr.write(`Replay failed: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
