import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '../ports';
import { findTool } from './chart';

/** One span as the collector's debug exporter printed it. */
export interface CollectedSpan {
  /** The resource's service.name: the process that made it. */
  service: string;
  traceId: string;
  /** '' for a trace's root. */
  parentId: string;
  id: string;
  name: string;
  /** Server, Client, Producer, Consumer or Internal. */
  kind: string;
  attributes: Record<string, string>;
}

export interface RunningCollector {
  /** OTEL_EXPORTER_OTLP_ENDPOINT for the processes (OTLP over HTTP). */
  endpoint: string;
  /** Every span received so far. */
  spans(): CollectedSpan[];
  stop(): Promise<void>;
}

const field = (block: string, name: string) =>
  new RegExp(`^\\s*${name}\\s*: ?(.*)$`, 'm').exec(block)?.[1]?.trim() ?? '';

/** The spans in the debug exporter's `detailed` output (its format: `ResourceSpans #n`, then `Span #n` blocks). */
export function parseDebugSpans(output: string): CollectedSpan[] {
  const spans: CollectedSpan[] = [];
  // A batch's first `ResourceSpans #0` ends its log line's prefix (time, level), so it is not at a line's start.
  for (const resource of output.split(/ResourceSpans #\d+\n/).slice(1)) {
    const service = /-> service\.name: Str\((.*)\)$/m.exec(resource)?.[1] ?? '';
    for (const block of resource.split(/^Span #\d+$/m).slice(1)) {
      const attributes: Record<string, string> = {};
      const own = block.split(/^(Events|Links):$/m)[0]!;
      for (const [, key, value] of own.matchAll(/^ {5}-> ([\w.]+): \w+\((.*)\)$/gm))
        attributes[key!] = value!;
      spans.push({
        service,
        traceId: field(block, 'Trace ID'),
        parentId: field(block, 'Parent ID'),
        id: field(block, 'ID'),
        name: field(block, 'Name'),
        kind: field(block, 'Kind'),
        attributes,
      });
    }
  }
  return spans;
}

/**
 * A real OpenTelemetry Collector (scripts/servers/go-tools.sh builds `otelcol-vellum`: the OTLP receiver, the batch
 * processor and the debug exporter) on a loopback port; the spans it receives are read from its output.
 */
export async function startCollector(dir: string): Promise<RunningCollector> {
  const port = await freePort();
  mkdirSync(dir, { recursive: true });
  const config = path.join(dir, 'otelcol.json');
  writeFileSync(
    config,
    JSON.stringify({
      receivers: { otlp: { protocols: { http: { endpoint: `127.0.0.1:${port}` } } } },
      processors: { batch: { timeout: '200ms' } },
      exporters: { debug: { verbosity: 'detailed' } },
      service: {
        telemetry: { metrics: { level: 'none' } },
        pipelines: { traces: { receivers: ['otlp'], processors: ['batch'], exporters: ['debug'] } },
      },
    }),
  );
  let output = '';
  const child = spawn(findTool('otelcol-vellum'), [`--config=${config}`], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const deadline = Date.now() + 30_000;
  while (!output.includes('Everything is ready')) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`otelcol-vellum did not start:\n${output.slice(-3000)}`);
    }
    await sleep(100);
  }
  return {
    endpoint: `http://127.0.0.1:${port}`,
    spans: () => parseDebugSpans(output),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
    },
  };
}
