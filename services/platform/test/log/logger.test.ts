import { spawn } from 'node:child_process';
import path from 'node:path';
import { context, propagation, trace } from '@opentelemetry/api';
import { node } from '@opentelemetry/sdk-node';
import { createLogger } from '../../src/log/logger';

const register = path.join(__dirname, '../events/fixtures/swc-register.cjs');
const logger = path.join(__dirname, '../../src/log/logger.ts');

/** Runs `body` in a child process with `log` (createLogger's) in scope; resolves its stdout lines as they come. */
function child(body: string) {
  const script = `const log = require(${JSON.stringify(logger)}).createLogger({ service: 't' });\n${body}`;
  const proc = spawn(process.execPath, ['-r', register, '-e', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines: Array<{ msg: string; at: number }> = [];
  let rest = '';
  proc.stdout.on('data', (chunk: Buffer) => {
    const parts = (rest + chunk.toString()).split('\n');
    rest = parts.pop()!;
    for (const part of parts) lines.push({ msg: JSON.parse(part).msg, at: Date.now() });
  });
  const exited = new Promise<number | null>((resolve) => proc.on('exit', resolve));
  return { lines, exited };
}

describe('the logger', () => {
  it('writes a quiet process’s line soon (the half-second flush), not only once its buffer fills', async () => {
    const started = Date.now();
    const { lines, exited } = child(`log.info('hello'); setTimeout(() => process.exit(0), 3000);`);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(lines.map((l) => l.msg)).toEqual(['hello']);
    expect(lines[0]!.at - started).toBeLessThan(2000);
    await exited;
  });

  it('loses no line when the process exits at once, after an error too', async () => {
    const { lines, exited } = child(
      `for (let i = 0; i < 50; i++) log.info('line ' + i); log.error('last words'); process.exit(1);`,
    );
    expect(await exited).toBe(1);
    expect(lines).toHaveLength(51);
    expect(lines[50]!.msg).toBe('last words');
  });
});

describe('log lines and traces', () => {
  it('carry trace_id and span_id of the span they were written in, and none outside a span', async () => {
    // Registers the tracer and the async context manager, as the SDK does in a service (`startTelemetry`).
    const provider = new node.NodeTracerProvider();
    provider.register();
    const lines: Array<Record<string, unknown>> = [];
    const log = createLogger({
      service: 't',
      destination: { write: (line: string) => void lines.push(JSON.parse(line)) },
    });
    try {
      log.info('outside');
      const ids = await trace.getTracer('test').startActiveSpan('work', async (span) => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        log.info('inside');
        span.end();
        return span.spanContext();
      });
      expect(lines[0]).not.toHaveProperty('trace_id');
      expect(lines[0]).not.toHaveProperty('span_id');
      expect(lines[1]).toMatchObject({ msg: 'inside', trace_id: ids.traceId, span_id: ids.spanId });
      expect(ids.traceId).toMatch(/^[0-9a-f]{32}$/);
    } finally {
      context.disable();
      propagation.disable();
      trace.disable();
      await provider.shutdown();
    }
  });
});
