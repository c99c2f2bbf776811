// What the charts' jest tests share: the command-line tools (on PATH or in ~/.cache/vellum/bin, where
// scripts/servers/go-tools.sh installs them), running them, and a copy of the charts with their dependencies packed,
// so a test renders the umbrella chart and leaves no .tgz or Chart.lock in the work tree.
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

/** The Kubernetes version the charts are rendered and validated for (the offline schemas in charts/schemas). */
const KUBE_VERSION = '1.33.0';

/** `helm template` of the umbrella chart in `work` (see `packedCharts`), release vellum in `namespace`, then `args`. */
function templateArgs(work, args, namespace = 'vellum') {
  return [
    'template',
    'vellum',
    path.join(work, 'vellum'),
    '--namespace',
    namespace,
    '--kube-version',
    KUBE_VERSION,
    ...args,
  ];
}

/** The executable `name` on PATH or in ~/.cache/vellum/bin, or undefined. */
function findTool(name) {
  const dirs = [
    ...(process.env.PATH ?? '').split(path.delimiter),
    path.join(os.homedir(), '.cache', 'vellum', 'bin'),
  ];
  return dirs
    .filter(Boolean)
    .map((dir) => path.join(dir, name))
    .find((file) => {
      try {
        fs.accessSync(file, fs.constants.X_OK);
        return true;
      } catch {
        return false;
      }
    });
}

/** Runs a command to its end: its status, stdout and stderr (text). */
function run(cmd, args, options = {}) {
  const result = spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, ...options });
  if (result.error) throw result.error;
  return result;
}

/** Runs a command that must succeed: its stdout, or an error with everything it printed. */
function ok(cmd, args, options) {
  const result = run(cmd, args, options);
  if (result.status !== 0) {
    throw new Error(
      `${path.basename(cmd)} ${args.join(' ')} exited ${result.status}\n${result.stdout}\n${result.stderr}`,
    );
  }
  return result.stdout;
}

/**
 * Every chart of charts/ copied into a new temporary folder (`prefix`), their file:// dependencies packed there by
 * build-deps.sh with `helm`, which finds its cache and config in that folder too. `work` is the folder (the umbrella
 * is `<work>/vellum`); `env` the environment to run helm in.
 */
function packedCharts(prefix, helm) {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  for (const entry of fs.readdirSync(__dirname, { withFileTypes: true })) {
    if (entry.isDirectory() && fs.existsSync(path.join(__dirname, entry.name, 'Chart.yaml'))) {
      fs.cpSync(path.join(__dirname, entry.name), path.join(work, entry.name), {
        recursive: true,
        filter: (src) => !/[/\\]charts[/\\][^/\\]+[/\\]charts$/.test(src) && !src.endsWith('Chart.lock'),
      });
    }
  }
  fs.copyFileSync(path.join(__dirname, 'build-deps.sh'), path.join(work, 'build-deps.sh'));
  const env = {
    ...process.env,
    PATH: [path.dirname(helm), process.env.PATH].join(path.delimiter),
    HELM_CACHE_HOME: path.join(work, '.helm', 'cache'),
    HELM_CONFIG_HOME: path.join(work, '.helm', 'config'),
    HELM_DATA_HOME: path.join(work, '.helm', 'data'),
  };
  ok('bash', [path.join(work, 'build-deps.sh'), work], { env });
  return { work, env };
}

module.exports = { KUBE_VERSION, findTool, run, ok, packedCharts, templateArgs };
