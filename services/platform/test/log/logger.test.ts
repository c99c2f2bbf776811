import { spawn } from 'node:child_process';
import path from 'node:path';

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
