// Finding and running k6 (installed by scripts/servers/go-tools.sh under ~/.cache/vellum/bin), and reading the
// summary it exports.
import { spawn } from 'node:child_process';
import { accessSync, constants, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';

/** The k6 binary: $K6_BIN, then $VELLUM_BIN_DIR/k6 or ~/.cache/vellum/bin/k6, then k6 on the PATH; or undefined. */
export function findK6() {
  const candidates = [
    process.env.K6_BIN,
    path.join(process.env.VELLUM_BIN_DIR || path.join(homedir(), '.cache/vellum/bin'), 'k6'),
    ...(process.env.PATH || '').split(path.delimiter).map((dir) => dir && path.join(dir, 'k6')),
  ].filter(Boolean);
  for (const file of candidates) {
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {
      // next
    }
  }
  return undefined;
}

/** The k6 binary for a benchmark, or an error saying how to install it. */
export function requireK6() {
  const k6 = findK6();
  if (!k6) throw new Error('k6 not found: bash scripts/servers/tools.sh installs it (or set K6_BIN)');
  return k6;
}

/** The median of a benchmark's rounds. */
export function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

/**
 * Runs `k6 run <script>` with `env` as -e variables, exporting its summary to `summaryFile`; resolves with k6's
 * exit code (99 when a threshold failed) and the summary. `quiet` keeps k6's own output off the terminal.
 */
export function runK6(k6, script, { env = {}, summaryFile, quiet = false, extraArgs = [] }) {
  const args = ['run', '--no-color', '-q', '--summary-export', summaryFile, ...extraArgs];
  for (const [key, value] of Object.entries(env)) args.push('-e', `${key}=${value}`);
  args.push(script);
  return new Promise((resolve, reject) => {
    const child = spawn(k6, args, { stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    let output = '';
    if (quiet) {
      child.stdout.on('data', (d) => (output += d));
      child.stderr.on('data', (d) => (output += d));
    }
    child.once('error', reject);
    child.once('exit', (code) => {
      let summary;
      try {
        summary = JSON.parse(readFileSync(summaryFile, 'utf8'));
      } catch {
        // k6 stopped before writing it; the exit code says why
      }
      resolve({ code: code ?? 1, summary, output });
    });
  });
}

/** Every threshold of the summary: metric, expression, and whether it passed. */
export function thresholdsOf(summary) {
  const rows = [];
  for (const [metric, data] of Object.entries(summary?.metrics ?? {})) {
    for (const [expression, failed] of Object.entries(data.thresholds ?? {})) {
      rows.push({ metric, expression, ok: !failed });
    }
  }
  return rows;
}
