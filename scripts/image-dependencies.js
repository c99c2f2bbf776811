#!/usr/bin/env node
// The production dependency tree of one service's image, read from package-lock.json the way `npm ci -w
// @vellum/<service> --omit=dev` (services/Dockerfile's deps stage) installs it: the workspace's dependencies, its
// optional dependencies for this platform and the peers its packages require (an optional peer only when something
// else brings it), followed through node_modules lookup and the workspace links.
//   node scripts/image-dependencies.js link             # one package per line: name@version
//   node scripts/image-dependencies.js --verify link    # and compare with what npm ci really installs (slow)
'use strict';
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { execFileSync } = require('node:child_process');

const ROOT = path.join(__dirname, '..');

function readLock(root = ROOT) {
  return JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8')).packages;
}

/** Where `name` resolves from the package at `from` (a lockfile location), as node's lookup walks up. */
function resolveFrom(packages, from, name) {
  for (let dir = from; ;) {
    const candidate = dir ? `${dir}/node_modules/${name}` : `node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (!dir) return undefined;
    const up = dir.lastIndexOf('/node_modules/');
    dir = up >= 0 ? dir.slice(0, up) : '';
  }
}

function fitsThisMachine(entry) {
  const allowed = (list, value) =>
    !list || list.some((x) => x === value || (x.startsWith('!') ? x !== `!${value}` : false));
  return allowed(entry.os, process.platform) && allowed(entry.cpu, process.arch);
}

/**
 * Every package the workspace `services/<service>` installs in production: a Map from its lockfile location to
 * `{ name, version }`.
 */
function imageDependencies(service, packages = readLock()) {
  const start = `services/${service}`;
  if (!packages[start]) throw new Error(`no workspace ${start} in package-lock.json`);
  const found = new Map();
  const pending = [start];
  while (pending.length > 0) {
    const location = pending.pop();
    if (found.has(location)) continue;
    let entry = packages[location];
    let at = location;
    if (entry.link) {
      at = entry.resolved;
      entry = packages[at];
    }
    const name = entry.name ?? location.slice(location.lastIndexOf('node_modules/') + 'node_modules/'.length);
    found.set(location, { name, version: entry.version });
    const optionalPeers = entry.peerDependenciesMeta ?? {};
    const wanted = [
      ...Object.keys(entry.dependencies ?? {}).map((n) => [n, true]),
      ...Object.keys(entry.optionalDependencies ?? {}).map((n) => [n, false]),
      ...Object.keys(entry.peerDependencies ?? {})
        .filter((n) => !optionalPeers[n]?.optional)
        .map((n) => [n, true]),
    ];
    for (const [dep, required] of wanted) {
      const target = resolveFrom(packages, at, dep);
      if (!target) {
        if (required) throw new Error(`${at} needs ${dep}, which package-lock.json does not hold`);
        continue;
      }
      if (!required && !fitsThisMachine(packages[target])) continue;
      pending.push(target);
    }
  }
  // An optional peer that something else in the tree brings is installed too: it is already in `found`.
  return found;
}

/** `name@version` of every package in the tree, sorted, workspaces (`@vellum/*`) included. */
function imageDependencyList(service, packages) {
  const names = [...imageDependencies(service, packages).values()].map((p) => `${p.name}@${p.version}`);
  return [...new Set(names)].sort();
}

/**
 * What `npm ci -w @vellum/<service> --omit=dev` really installs (the Dockerfile's deps stage), in a temporary copy
 * of the manifests and the lockfile: `name@version` sorted.
 */
function installedByNpm(service) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `image-${service}-`));
  try {
    for (const manifest of manifestsOf(ROOT)) {
      fs.mkdirSync(path.join(dir, path.dirname(manifest)), { recursive: true });
      fs.copyFileSync(path.join(ROOT, manifest), path.join(dir, manifest));
    }
    execFileSync(
      'npm',
      [
        'ci',
        '-w',
        `@vellum/${service}`,
        '--include-workspace-root=false',
        '--omit=dev',
        '--ignore-scripts',
        '--prefer-offline',
        '--no-audit',
        '--no-fund',
      ],
      { cwd: dir, stdio: 'ignore' },
    );
    const found = new Set();
    const visit = (modules) => {
      if (!fs.existsSync(modules)) return;
      for (const entry of fs.readdirSync(modules)) {
        if (entry.startsWith('.')) continue;
        const names = entry.startsWith('@')
          ? fs.readdirSync(path.join(modules, entry)).map((n) => `${entry}/${n}`)
          : [entry];
        for (const name of names) {
          const at = fs.realpathSync(path.join(modules, name));
          const manifest = path.join(at, 'package.json');
          if (!fs.existsSync(manifest)) continue;
          const { version } = JSON.parse(fs.readFileSync(manifest, 'utf8'));
          found.add(`${name}@${version}`);
          visit(path.join(at, 'node_modules'));
        }
      }
    };
    visit(path.join(dir, 'node_modules'));
    return [...found].sort();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The lockfile, the root's manifests and every workspace's package.json (what npm ci checks). */
function manifestsOf(root) {
  const { workspaces } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  return [
    'package.json',
    'package-lock.json',
    '.npmrc',
    ...workspaces.map((w) => `${w}/package.json`),
  ].filter((f) => fs.existsSync(path.join(root, f)));
}

module.exports = { imageDependencies, imageDependencyList, installedByNpm, readLock };

if (require.main === module) {
  const verify = process.argv[2] === '--verify';
  const service = process.argv[verify ? 3 : 2];
  if (!service) {
    console.error('usage: node scripts/image-dependencies.js [--verify] <service>');
    process.exit(2);
  }
  const listed = imageDependencyList(service);
  if (!verify) {
    for (const line of listed) console.log(line);
  } else {
    const npm = installedByNpm(service);
    const onlyNpm = npm.filter((p) => !listed.includes(p));
    const onlyListed = listed.filter((p) => !npm.includes(p));
    console.log(`${service}: ${listed.length} listed, ${npm.length} installed by npm ci`);
    for (const p of onlyNpm) console.log(`  npm also installs ${p}`);
    for (const p of onlyListed) console.log(`  listed but not installed: ${p}`);
    process.exitCode = onlyListed.length > 0 ? 1 : 0;
  }
}
