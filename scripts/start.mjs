// `npm start`: build whatever is missing or stale, then run the embedded product (every service in one process).
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Said first, before any build output: who can reach this process, and where mail goes.
const host = process.env.HOST || '127.0.0.1';
const port = process.env.PORT || '8080';
const local = ['127.0.0.1', 'localhost', '::1'].includes(host);
// The dev mailbox holds verification and reset links: on by default only for a product on this machine alone, and
// only ever served to a direct client of this machine (never through a proxy, even one on this machine).
const mailbox = process.env.SMTP_URL ? 'off' : (process.env.DEV_MAILBOX ?? (local ? 'on' : 'off'));
console.log(
  [
    `Vellum (embedded): every service in this one process, data under ${process.env.DATA_DIR || './.data'}.`,
    local
      ? `Listening on ${host}:${port}, this machine only; set HOST=0.0.0.0 to open it to the network.`
      : `Listening on ${host}:${port}: reachable from the network (HOST=${host}).`,
    process.env.SMTP_URL
      ? 'Mail goes out through SMTP_URL.'
      : mailbox === 'on'
        ? `No SMTP_URL: mail is not sent but kept at http://localhost:${port}/dev/mailbox (DEV_MAILBOX=on), ` +
          'answered only to a browser on this machine, never through a proxy; DEV_MAILBOX=off turns it off.'
        : 'No SMTP_URL: mail is not sent; its links are written to this log (DEV_MAILBOX=on would list them).',
    '',
  ].join('\n'),
);

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const run = (cmd, args) => {
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : statSync(full).mtimeMs);
  }
  return latest;
}

const stale = (srcDirs, builtFile) =>
  !existsSync(builtFile) ||
  srcDirs.some((dir) => existsSync(dir) && newest(dir) > statSync(builtFile).mtimeMs);

const backend = ['proto/src', 'services'].map((d) => path.join(root, d));
if (stale(backend, path.join(root, 'services/all-in-one/dist/main.js'))) {
  console.log('Building the services…');
  run('npx', ['tsc', '-b', 'tsconfig.build.json']);
}
for (const name of ['ui', 'shell', 'editor', 'messenger', 'actions', 'links']) {
  const dir = path.join(root, 'frontends', name);
  if (name === 'ui' || !existsSync(path.join(dir, 'package.json'))) continue;
  const sources = [path.join(dir, 'src'), path.join(root, 'frontends/ui/src'), path.join(root, 'proto/src')];
  const built = path.join(dir, 'dist', name === 'shell' ? 'index.html' : 'mf-manifest.json');
  if (stale(sources, built)) {
    console.log(`Building the ${name} frontend…`);
    run('npm', ['run', 'build', '-w', `@vellum/${name}`]);
  }
}

const child = spawn(process.execPath, [path.join(root, 'services/all-in-one/dist/main.js')], {
  cwd: root,
  env: { ...process.env, DEV_MAILBOX: mailbox },
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
