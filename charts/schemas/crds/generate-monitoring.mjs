#!/usr/bin/env node
// Writes the JSON schemas kubeconform validates the chart's prometheus-operator objects against (ServiceMonitor,
// PodMonitor, PrometheusRule), from the CRDs prometheus-operator publishes in its Go module (the Go module proxy
// serves it where the project's site cannot be reached):
//
//   go mod download -json github.com/prometheus-operator/prometheus-operator@v0.94.0   # prints its "Dir"
//   node charts/schemas/crds/generate-monitoring.mjs <Dir>/example/prometheus-operator-crd
//
// Each CRD's openAPIV3Schema becomes a strict JSON schema as kubeconform's openapi2jsonschema makes one: every
// object that lists its properties refuses others (unless the CRD keeps unknown fields), apiVersion and kind are
// fixed, metadata is Kubernetes' ObjectMeta (charts/schemas/v1.33.0/_definitions.json) and status is left out (nobody
// writes it). The files go through the repository's prettier settings, as generate.mjs's do.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import YAML from 'yaml';

const CRDS = ['servicemonitors', 'podmonitors', 'prometheusrules'];
const GROUP = 'monitoring.coreos.com';
const VERSION = 'v1';
const OBJECT_META = '../v1.33.0/_definitions.json#/$defs/io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta';

const [source] = process.argv.slice(2);
if (!source) {
  console.error('usage: generate-monitoring.mjs <prometheus-operator>/example/prometheus-operator-crd');
  process.exit(2);
}
const to = path.dirname(fileURLToPath(import.meta.url));

/** Strict in place: no property an object does not list, no Kubernetes-only keyword left. */
function strict(node) {
  if (Array.isArray(node)) return node.forEach(strict);
  if (!node || typeof node !== 'object') return;
  const preserve = node['x-kubernetes-preserve-unknown-fields'] === true;
  for (const key of Object.keys(node)) if (key.startsWith('x-kubernetes-')) delete node[key];
  if (node.type === 'object' && node.properties && !preserve && node.additionalProperties === undefined)
    node.additionalProperties = false;
  for (const value of Object.values(node)) strict(value);
}

for (const plural of CRDS) {
  const crd = YAML.parse(readFileSync(path.join(source, `${GROUP}_${plural}.yaml`), 'utf8'));
  const version = crd.spec.versions.find((v) => v.name === VERSION);
  if (!version) throw new Error(`${plural}: no version ${VERSION}`);
  const schema = structuredClone(version.schema.openAPIV3Schema);
  delete schema.properties.status;
  strict(schema);
  const kind = crd.spec.names.kind;
  schema.properties.apiVersion = { enum: [`${GROUP}/${VERSION}`] };
  schema.properties.kind = { enum: [kind] };
  schema.properties.metadata = { $ref: OBJECT_META };
  schema.required = [...new Set(['apiVersion', 'kind', 'metadata', ...(schema.required ?? [])])];
  const file = path.join(to, `${kind.toLowerCase()}-monitoring-${VERSION}.json`);
  const written = {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $comment: `${kind} (${GROUP}/${VERSION}), from prometheus-operator's CRD (${crd.metadata.annotations?.['operator.prometheus.io/version'] ?? 'unknown version'}): status left out.`,
    ...schema,
  };
  const options = (await prettier.resolveConfig(file)) ?? {};
  writeFileSync(file, await prettier.format(JSON.stringify(written), { ...options, parser: 'json' }));
  console.log(`${kind} -> ${path.relative(process.cwd(), file)}`);
}
