import express from 'express';
import request from 'supertest';
import pino from 'pino';
import { z } from 'zod';
import {
  bodyOf,
  callerOf,
  clientAddressOfCall,
  Conflict,
  errorHandler,
  errorShape,
  queryAs,
  queryOf,
  RateLimited,
  type ErrorShape,
} from '../../src';

const logger = pino({ level: 'silent' });
const schema = z.object({ name: z.string().min(1, 'Give a name.') });

/** One route per shape, each reading its request the one way and throwing what goes wrong. */
function app() {
  const a = express();
  a.use(express.json());
  for (const shape of [
    'error',
    'errorMessage',
    'statusErrorMessage',
    'messages',
    'message',
    'fieldErrors',
  ] as ErrorShape[]) {
    a.post(`/${shape}`, errorShape(shape), (req, res) => {
      const { name } = bodyOf(req, schema);
      if (name === 'taken') throw new Conflict('That name is taken.');
      if (name === 'busy') throw new RateLimited('Slow down.', 42);
      if (name === 'boom') throw new Error('internals');
      res.json({ name });
    });
  }
  a.get('/query', (req, res) => {
    res.json({
      q: queryOf(req, 'q') ?? null,
      limit: queryAs(req, 'limit', z.coerce.number().int().max(9).default(5)),
    });
  });
  a.get('/me', (req, res) => void res.json(callerOf(req, 'Sign in to see yourself.')));
  a.use(errorHandler(logger));
  return a;
}

describe('reading a request the one way', () => {
  it('answers each error in the shape its route declared', async () => {
    const post = (shape: string, name: string) => request(app()).post(`/${shape}`).send({ name });
    expect((await post('error', '')).body).toEqual({ error: 'Give a name.', code: 'invalid' });
    expect((await post('statusErrorMessage', '')).body).toEqual({
      status: 'Error',
      errorMessage: 'Give a name.',
    });
    expect((await post('errorMessage', 'taken')).body).toEqual({ errorMessage: 'That name is taken.' });
    expect((await post('messages', '')).body).toEqual({ messages: ['Give a name.'] });
    expect((await post('message', 'taken')).body).toEqual({ message: 'That name is taken.' });
    const conflict = await post('statusErrorMessage', 'taken');
    expect(conflict.status).toBe(409);
    const limited = await post('messages', 'busy');
    expect([limited.status, limited.headers['retry-after'], limited.body]).toEqual([
      429,
      '42',
      { messages: ['Slow down.'] },
    ]);
    expect((await post('messages', 'ada')).body).toEqual({ name: 'ada' });
    const crash = await post('statusErrorMessage', 'boom');
    expect(crash.status).toBe(500);
    expect(crash.body).toEqual({
      status: 'Error',
      errorMessage: 'Something went wrong on our side.',
      errorId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
  });

  it("answers a form's call with each refused field's message under `fieldErrors`", async () => {
    const post = (body: unknown) =>
      request(app())
        .post('/fieldErrors')
        .send(body as object);
    expect((await post({ name: '' })).body).toEqual({
      error: 'Give a name.',
      code: 'invalid',
      fieldErrors: { name: 'Give a name.' },
    });
    // An error about no field in particular names none.
    expect((await post({ name: 'taken' })).body).toEqual({
      error: 'That name is taken.',
      code: 'conflict',
      fieldErrors: {},
    });
    // The other shapes never show the fields.
    expect((await request(app()).post('/error').send({ name: '' })).body).toEqual({
      error: 'Give a name.',
      code: 'invalid',
    });
  });

  it('takes a query parameter once, as text, and parses it with a schema', async () => {
    expect((await request(app()).get('/query?q=a&limit=3')).body).toEqual({ q: 'a', limit: 3 });
    expect((await request(app()).get('/query')).body).toEqual({ q: null, limit: 5 });
    // Express 5 parses query strings flat: `q[]=a` is a parameter named `q[]`, which other parsers read as an array
    // named `q`. Issue 23: `?sort[]=email` was silently ignored; it is refused like a repeated parameter.
    for (const bad of ['q=a&q=b', 'limit=10', 'limit=x', 'q[]=a', 'q[0]=a', 'limit[]=3', 'q[x]=1&q=a']) {
      const res = await request(app()).get(`/query?${bad}`);
      expect([bad, res.status, res.body.code]).toEqual([bad, 400, 'invalid']);
    }
    expect((await request(app()).get('/query?q[]=a')).body.error).toBe(
      'The parameter q must be given once, as text.',
    );
    // A parameter no route reads stays ignored, as before.
    expect((await request(app()).get('/query?qq[]=a&other=1')).body).toEqual({ q: null, limit: 5 });
  });

  it("refuses a visitor with the route's own message", async () => {
    expect((await request(app()).get('/me')).body).toEqual({
      error: 'Sign in to see yourself.',
      code: 'unauthenticated',
    });
  });
});

describe('clientAddressOfCall', () => {
  const echo = express().get('/', (req, res) => void res.json({ client: clientAddressOfCall(req) }));

  it("reads the one address the gateway put in X-Forwarded-For, else the socket's peer", async () => {
    const forwarded = await request(echo).get('/').set('X-Forwarded-For', '203.0.113.9');
    expect(forwarded.body).toEqual({ client: '203.0.113.9' });
    // Hops appended after the gateway's (none in the product): the nearest one is taken.
    const hops = await request(echo).get('/').set('X-Forwarded-For', '198.51.100.1, 203.0.113.9');
    expect(hops.body).toEqual({ client: '203.0.113.9' });
    const direct = await request(echo).get('/');
    expect(direct.body.client).toMatch(/127\.0\.0\.1|::1/);
  });
});
