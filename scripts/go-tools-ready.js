// Waits for the Go-built tools (helm, kubeconform, k6, Toxiproxy, promtool, Prometheus, the OpenTelemetry Collector)
// when scripts/servers/up.sh left them compiling in the background (VELLUM_GO_TOOLS=background, as .ci/run does):
// their state is in $VELLUM_RUN_DIR/go-tools.status. No status file: nothing is compiling (up.sh waited for them).
const { existsSync, readFileSync } = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { setTimeout: sleep } = require('node:timers/promises');

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Resolves when the tools are built (or were never left to build); rejects, with the build's log, if it failed. */
async function goToolsReady({
  runDir = process.env.VELLUM_RUN_DIR ?? path.join(os.homedir(), '.cache', 'vellum', 'run'),
  log = (line) => process.stderr.write(`${line}\n`),
} = {}) {
  const statusFile = path.join(runDir, 'go-tools.status');
  const logFile = path.join(runDir, 'go-tools.log');
  const read = () => (existsSync(statusFile) ? readFileSync(statusFile, 'utf8').trim() : '');
  const started = Date.now();
  let said = false;
  for (;;) {
    const status = read();
    if (status === '' || status === 'done') break;
    const [state, pid] = status.split(' ');
    const gone = state === 'failed' || (state === 'running' && !alive(Number(pid)));
    // `starting` lasts until the background job writes its pid: a moment.
    if (gone || (state === 'starting' && Date.now() - started > 30_000)) {
      const tail = existsSync(logFile) ? readFileSync(logFile, 'utf8').split('\n').slice(-40).join('\n') : '';
      throw new Error(
        `scripts/servers/go-tools.sh ${state === 'failed' ? 'failed' : 'ended early'}:\n${tail}`,
      );
    }
    if (!said) {
      log(`waiting for the Go tools still compiling (scripts/servers/go-tools.sh, log: ${logFile})`);
      said = true;
    }
    await sleep(2000);
  }
  if (said) log(`the Go tools are ready after ${Math.round((Date.now() - started) / 1000)} s of waiting`);
}

module.exports = { goToolsReady };
