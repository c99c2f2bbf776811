import { connect } from 'node:net';
import pino from 'pino';
import { createHttpApp, serve, type RunningServer } from '../../src';

const logger = pino({ level: 'silent' });

/** Sends `raw` on a fresh connection and resolves with what the server sent and how long until it closed. */
function hold(port: number, raw: string): Promise<{ answer: string; closedAfterMs: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    let answer = '';
    const socket = connect(port, '127.0.0.1', () => socket.write(raw));
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('error', reject);
    socket.on('close', () => resolve({ answer, closedAfterMs: Date.now() - started }));
  });
}

describe('request and header time-outs', () => {
  let running: RunningServer;
  beforeAll(async () => {
    const app = createHttpApp({ logger });
    app.post('/echo', (req, res) => void res.json(req.body));
    running = await serve(app, {
      port: 0,
      host: '127.0.0.1',
      logger,
      requestTimeoutMs: 1500,
      headersTimeoutMs: 1000,
    });
  });
  afterAll(() => running.stop());

  it('ends a request whose body never completes (408), instead of holding the connection for minutes', async () => {
    const { answer, closedAfterMs } = await hold(
      running.port,
      'POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a":',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(closedAfterMs).toBeLessThan(4000);
  });

  it('ends a request whose headers never complete', async () => {
    const { answer, closedAfterMs } = await hold(running.port, 'GET /healthz HTTP/1.1\r\nHost: x\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(closedAfterMs).toBeLessThan(4000);
  });

  it('still answers a complete request', async () => {
    const res = await fetch(`${running.url}/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"a":1}',
    });
    expect(await res.json()).toEqual({ a: 1 });
  });
});
