import { exitOnSignals, loadConfig } from '@vellum/platform';
import { embeddedEnv } from './config';
import { startEmbedded } from './embedded';

startEmbedded(loadConfig(embeddedEnv)).then(
  (running) => exitOnSignals(running, running.logger),
  (err: unknown) => {
    process.stderr.write(`Vellum failed to start: ${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(1);
  },
);
