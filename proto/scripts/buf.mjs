// Runs the buf CLI from node_modules with the local protoc-gen-es plugin first on PATH, so generation needs no
// network and no global install. npm 11 does not run @bufbuild/buf's postinstall (it is not in allowScripts), so
// bin/buf may be the package's Node launcher rather than the native binary; both are handled.
import { spawnSync } from 'node:child_process';
import { openSync, readSync, closeSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const protoDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(path.join(protoDir, 'package.json'));

function startsWithShebang(file) {
  const fd = openSync(file, 'r');
  try {
    const head = Buffer.alloc(2);
    readSync(fd, head, 0, 2, 0);
    return head.toString() === '#!';
  } finally {
    closeSync(fd);
  }
}

function bufCommand() {
  const launcher = require.resolve('@bufbuild/buf/bin/buf');
  return startsWithShebang(launcher) ? [process.execPath, [launcher]] : [launcher, []];
}

/** Runs `buf <args>` in the proto folder; returns the exit status, output goes to this process's stdio. */
export function runBuf(args, { stdio = 'inherit' } = {}) {
  const [command, prefix] = bufCommand();
  const pluginDir = path.dirname(require.resolve('@bufbuild/protoc-gen-es/bin/protoc-gen-es'));
  const result = spawnSync(command, [...prefix, ...args], {
    cwd: protoDir,
    stdio,
    encoding: 'utf8',
    env: {
      ...process.env,
      PATH: [pluginDir, path.dirname(process.execPath), process.env.PATH].join(path.delimiter),
    },
  });
  if (result.error) throw result.error;
  return result;
}
