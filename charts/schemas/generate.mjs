#!/usr/bin/env node
// Writes the offline JSON schemas kubeconform validates the rendered chart and k8s/ against.
//
// Source: the strict Kubernetes schemas shipped in the PyPI package `kubernetes-validate` (a registry package, so it
// can be fetched where kubeconform's default schema download cannot):
//
//   pip download --no-deps kubernetes-validate==1.37.0 -d /tmp/kv && unzip -q /tmp/kv/*.whl -d /tmp/kv/whl
//   node charts/schemas/generate.mjs /tmp/kv/whl/kubernetes_validate/kubernetes-json-schema v1.33.0
//
// The package's schemas point at `https://kubernetes.io/api/_definitions.json`; kubeconform would try to download
// that. This script keeps only the kinds the charts use, makes every reference relative to the schema folder and
// prunes `_definitions.json` to what those kinds reach, so the folder is small and works without a network. The files
// are written through the repository's prettier settings, so `npm run lint` accepts them as generated.
// Add a kind here (and re-run) when a chart starts rendering a new one.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';

const KINDS = [
  'configmap-v1',
  'namespace-v1',
  'secret-v1',
  'service-v1',
  'serviceaccount-v1',
  'deployment-apps-v1',
  'horizontalpodautoscaler-autoscaling-v2',
  'poddisruptionbudget-policy-v1',
  'networkpolicy-networking-v1',
  'ingress-networking-v1',
];

const [source, version] = process.argv.slice(2);
if (!source || !/^v\d+\.\d+\.\d+$/.test(version ?? '')) {
  console.error('usage: generate.mjs <kubernetes-json-schema dir> <vMAJOR.MINOR.PATCH>');
  process.exit(2);
}

const from = path.join(source, `${version}-local-strict`);
const to = path.join(path.dirname(fileURLToPath(import.meta.url)), version);
const DEFS = '/api/_definitions.json#/$defs/';

const definitions = JSON.parse(readFileSync(path.join(from, '_definitions.json'), 'utf8')).$defs;
const reached = new Set();

/** Rewrites references in place and records every definition they reach. */
function relink(node, internal) {
  if (Array.isArray(node)) return node.forEach((item) => relink(item, internal));
  if (!node || typeof node !== 'object') return;
  for (const [key, value] of Object.entries(node)) {
    if (key === '$ref' && typeof value === 'string') {
      const name = value.startsWith(DEFS) ? value.slice(DEFS.length) : value.replace(/^#\/\$defs\//, '');
      if (!(name in definitions)) throw new Error(`unknown reference ${value}`);
      node.$ref = internal ? `#/$defs/${name}` : `_definitions.json#/$defs/${name}`;
      if (!reached.has(name)) {
        reached.add(name);
        relink(definitions[name], true);
      }
    } else {
      relink(value, internal);
    }
  }
}

async function write(file, value) {
  const options = (await prettier.resolveConfig(file)) ?? {};
  writeFileSync(file, await prettier.format(JSON.stringify(value), { ...options, parser: 'json' }));
}

rmSync(to, { recursive: true, force: true });
mkdirSync(to, { recursive: true });
for (const kind of KINDS) {
  const schema = JSON.parse(readFileSync(path.join(from, `${kind}.json`), 'utf8'));
  delete schema.$id;
  relink(schema, false);
  await write(path.join(to, `${kind}.json`), schema);
}
const pruned = Object.fromEntries([...reached].sort().map((name) => [name, definitions[name]]));
await write(path.join(to, '_definitions.json'), {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $defs: pruned,
});
console.log(`${KINDS.length} kinds, ${reached.size} definitions -> ${path.relative(process.cwd(), to)}`);
