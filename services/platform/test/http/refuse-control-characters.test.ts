import express, { Router } from 'express';
import pino from 'pino';
import request from 'supertest';
import { addressRefused, bodyRefused, mountService, type ServiceDefinition } from '../../src';

const logger = pino({ level: 'silent' });

/** A service whose routes tell what reached them (and so whether anything ran). */
function serviceApp() {
  const reached: string[] = [];
  const router = Router();
  router.get('/api/cirrus/:username', (req, res) => {
    reached.push(req.params.username);
    res.json({ username: req.params.username, query: req.query });
  });
  router.post('/api/echo', (req, res) => {
    reached.push('echo');
    res.json({ body: req.body as unknown });
  });
  const service: ServiceDefinition = {
    name: 'test',
    schema: 'test',
    migrations: [],
    router,
    subscriptions: [],
    bodyLimit: '4mb',
  };
  return { app: mountService(express(), service, logger), reached };
}

describe('mountService refuses control characters in the address', () => {
  it.each(['%00', '%01', '%07', '%09', '%0A', '%0d', '%1F', '%7F', '%7f'])(
    'refuses %s in a path parameter with 400, before any route',
    async (code) => {
      const { app, reached } = serviceApp();
      const res = await request(app).get(`/api/cirrus/a${code}b`);
      expect([res.status, res.body]).toEqual([400, addressRefused]);
      expect(addressRefused).toEqual({
        error: 'The address contains characters that are not allowed.',
        code: 'invalid',
      });
      expect(reached).toEqual([]);
    },
  );

  it.each(['/api/cirrus/a%ZZb', '/api/cirrus/%', '/api/cirrus/%E0%A4%A', '/api/nowhere/%C0'])(
    'refuses the broken percent-encoding of %s with 400, never 500',
    async (path) => {
      const { app, reached } = serviceApp();
      const res = await request(app).get(path);
      expect([res.status, res.body]).toEqual([400, addressRefused]);
      expect(reached).toEqual([]);
    },
  );

  it.each([
    ['a value', '?search=ab%00'],
    ['a value with BEL', '?query=%07ada'],
    ['a plus-encoded value with DEL', '?query=a+%7F'],
    ['a repeated value', '?q=ok&q=b%0A'],
    ['a name', '?a%00b=1'],
  ])('refuses a control character in %s of the query string', async (_, query) => {
    const { app, reached } = serviceApp();
    const res = await request(app).get(`/api/cirrus/ada${query}`);
    expect([res.status, res.body]).toEqual([400, addressRefused]);
    expect(reached).toEqual([]);
  });

  it('lets ordinary addresses through, decoded as before', async () => {
    const { app, reached } = serviceApp();
    const res = await request(app).get("/api/cirrus/Jo%C3%A9.O'Neil-42?search=two%20words&q=%25ZZ&q=%C3%A9");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      username: "Joé.O'Neil-42",
      query: { search: 'two words', q: ['%ZZ', 'é'] },
    });
    expect(reached).toEqual(["Joé.O'Neil-42"]);
  });

  it('leaves other unknown paths to the JSON 404', async () => {
    const { app } = serviceApp();
    expect((await request(app).get('/api/nowhere')).status).toBe(404);
  });
});

describe('mountService refuses NUL in a JSON body', () => {
  const post = (app: express.Express, body: string) =>
    request(app).post('/api/echo').set('content-type', 'application/json').send(body);

  it.each([
    ['a value', { name: 'a\u0000' }],
    ['a key', { ['na\u0000me']: 'x' }],
    ['a nested array', { a: { b: [1, true, null, ['x', 'y\u0000']] } }],
    ['a top-level string in an array', ['\u0000']],
    ['a JSON string escape', '{"name":"\\u0000"}'],
  ])('refuses NUL in %s with 400, before any route', async (_, body) => {
    const { app, reached } = serviceApp();
    const res = await post(app, typeof body === 'string' ? body : JSON.stringify(body));
    expect([res.status, res.body]).toEqual([400, bodyRefused]);
    expect(bodyRefused).toEqual({
      error: 'The request contains characters that are not allowed.',
      code: 'invalid',
    });
    expect(reached).toEqual([]);
  });

  it('leaves other control characters to the routes, whose field schemas name them', async () => {
    const { app, reached } = serviceApp();
    const body = { text: 'tab\tline\nbell\u0007del\u007f', doc: '{"text":"\\u0000"}' };
    const res = await post(app, JSON.stringify(body));
    expect([res.status, res.body]).toEqual([200, { body }]);
    expect(reached).toEqual(['echo']);
  });

  it('walks a very wide and a very deep body without overflowing the stack', async () => {
    const { app } = serviceApp();
    const wide = JSON.stringify(Array.from({ length: 300_000 }, (_, i) => i));
    expect((await post(app, wide)).status).toBe(200);
    const deep = '['.repeat(3000) + '"\\u0000"' + ']'.repeat(3000);
    const refused = await post(app, deep);
    expect([refused.status, refused.body]).toEqual([400, bodyRefused]);
  });
});
