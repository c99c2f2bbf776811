// Fails (exit 1) when src/gen is not exactly what buf generates from events/*.proto now, naming the stale files.
// Run: npm run check-generated -w @vellum/proto
// An optional argument names another folder to compare instead of src/gen (the tests use it to prove a stale copy
// is caught).
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { protoDir, runBuf } from './buf.mjs';

function listFiles(dir, prefix = '') {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch (err) {
    if (err.code === 'ENOENT') return [];
    throw err;
  }
  return entries.flatMap((e) =>
    e.isDirectory()
      ? listFiles(path.join(dir, e.name), path.join(prefix, e.name))
      : [path.join(prefix, e.name)],
  );
}

const committed = process.argv[2] ? path.resolve(process.argv[2]) : path.join(protoDir, 'src', 'gen');
const tmp = mkdtempSync(path.join(os.tmpdir(), 'vellum-proto-gen-'));
try {
  // -o prefixes the template's out (src/gen), so this writes to <tmp>/src/gen and leaves the real one alone.
  const result = runBuf(['generate', '-o', tmp], { stdio: 'pipe' });
  if (result.status !== 0) {
    process.stderr.write(result.stderr);
    throw new Error('buf generate failed');
  }
  const fresh = path.join(tmp, 'src', 'gen');
  const names = new Set([...listFiles(fresh), ...listFiles(committed)]);
  const stale = [];
  for (const name of [...names].sort()) {
    const rel = path.relative(process.cwd(), path.join(committed, name));
    let want, have;
    try {
      want = readFileSync(path.join(fresh, name));
    } catch {
      stale.push(`${rel} (no longer generated: delete it)`);
      continue;
    }
    try {
      have = readFileSync(path.join(committed, name));
    } catch {
      stale.push(`${rel} (missing)`);
      continue;
    }
    if (!want.equals(have)) stale.push(`${rel} (differs)`);
  }
  if (stale.length > 0) {
    console.error(`check-generated: stale generated code:\n  ${stale.join('\n  ')}`);
    console.error('Run `npm run generate -w @vellum/proto` and commit the result.');
    process.exitCode = 1;
  } else {
    console.log(`check-generated: src/gen is up to date (${names.size} files)`);
  }
} catch (err) {
  console.error(`check-generated: ${err.message}`);
  process.exitCode = 1;
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
