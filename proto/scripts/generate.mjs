// Regenerates src/gen from events/*.proto (see buf.gen.yaml).
import { runBuf } from './buf.mjs';

for (const args of [['lint'], ['generate']]) {
  const { status } = runBuf(args);
  if (status !== 0) process.exit(status ?? 1);
}
