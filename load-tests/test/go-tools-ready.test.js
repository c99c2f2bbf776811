// .ci/run leaves the Go tools compiling in the background (scripts/servers/up.sh with VELLUM_GO_TOOLS=background);
// the test lanes wait for them by the status file the background job keeps (scripts/go-tools-ready.js).
const { spawn } = require('node:child_process');
const { mkdtempSync, writeFileSync } = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { goToolsReady } = require('../../scripts/go-tools-ready.js');

describe('waiting for the Go tools', () => {
  let runDir;
  const lines = [];
  const status = (text) => writeFileSync(path.join(runDir, 'go-tools.status'), `${text}\n`);
  const ready = () => goToolsReady({ runDir, log: (line) => lines.push(line) });

  beforeEach(() => {
    runDir = mkdtempSync(path.join(os.tmpdir(), 'vellum-go-tools-'));
    lines.length = 0;
  });

  it('goes on at once when nothing was left compiling, or it is done', async () => {
    await ready();
    status('done');
    await ready();
    expect(lines).toEqual([]);
  });

  it('waits while the build runs, and goes on when it is done', async () => {
    const build = spawn('sleep', ['30']);
    status(`running ${build.pid}`);
    const finished = setTimeout(() => status('done'), 2500);
    try {
      const started = Date.now();
      await ready();
      expect(Date.now() - started).toBeGreaterThanOrEqual(2000);
      expect(lines[0]).toMatch(/waiting for the Go tools/);
      expect(lines.at(-1)).toMatch(/ready after \d+ s of waiting/);
    } finally {
      clearTimeout(finished);
      build.kill();
    }
  });

  it("fails with the build's log when it failed, or its process is gone without saying so", async () => {
    writeFileSync(path.join(runDir, 'go-tools.log'), 'go: module helm.sh/helm/v3: reading: 404 Not Found\n');
    status('failed');
    await expect(ready()).rejects.toThrow(/go-tools.sh failed:[\s\S]*404 Not Found/);
    const gone = spawn('true');
    await new Promise((resolve) => gone.once('exit', resolve));
    status(`running ${gone.pid}`);
    await expect(ready()).rejects.toThrow(/go-tools.sh ended early/);
  });
});
