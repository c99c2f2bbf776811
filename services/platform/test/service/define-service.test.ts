import express, { Router } from 'express';
import request from 'supertest';
import {
  CALLER_HEADER,
  defineService,
  eventTablesMigrations,
  signAssertion,
  withContextDefaults,
} from '../../src';

const secret = 'i'.repeat(48);
const caller = { id: '00000000-0000-4000-8000-000000000001', username: 'ada', isAdmin: false };
const own = [{ id: '0001_things', sql: 'CREATE TABLE s.things (id int)' }];

function whoRoutes(): Router {
  const router = Router();
  router.get(
    '/who',
    (req, res) => void res.json({ caller: req.caller ?? null, before: res.getHeader('x-before') }),
  );
  return router;
}

const spec = (name: string) => ({
  name,
  schema: name,
  internalAuthSecret: secret,
  routes: [],
  subscriptions: [],
});

describe('defineService', () => {
  it("puts the service's own migrations first, then the platform's event tables; none on MongoDB", () => {
    const onPostgres = defineService({
      name: 's',
      schema: 's',
      migrations: own,
      internalAuthSecret: secret,
      routes: [],
      subscriptions: [],
    });
    expect(onPostgres.migrations.map((m) => m.id)).toEqual([
      '0001_things',
      ...eventTablesMigrations('s').map((m) => m.id),
    ]);
    expect(eventTablesMigrations('s').map((m) => m.id)).toEqual([
      'platform_outbox_0001',
      'platform_inbox_0001',
      'platform_inbox_0002',
      'platform_inbox_0003',
    ]);
    const onMongo = defineService({
      name: 'm',
      schema: 'm',
      internalAuthSecret: secret,
      routes: [],
      subscriptions: [],
    });
    expect(onMongo.migrations).toEqual([]);
    expect(onMongo).not.toHaveProperty('workers');
    // A service that only consumes says so: the composition roots then run no outbox relay for it.
    expect(onPostgres).not.toHaveProperty('publishes');
    const consumer = defineService({ ...spec('c'), publishes: false });
    expect(consumer.publishes).toBe(false);
  });

  it('reads the caller from the assertion, refuses a forged one, after the handlers that go before it', async () => {
    const service = defineService({
      name: 's',
      schema: 's',
      internalAuthSecret: secret,
      before: [(_req, res, next) => void (res.setHeader('x-before', 'yes'), next())],
      routes: [whoRoutes()],
      subscriptions: [],
    });
    const app = express().use(service.router);
    const signed = await request(app).get('/who').set(CALLER_HEADER, signAssertion(caller, secret));
    expect(signed.body).toEqual({ caller: expect.objectContaining({ id: caller.id }), before: 'yes' });
    const forged = await request(app)
      .get('/who')
      .set(CALLER_HEADER, signAssertion(caller, 'x'.repeat(48)));
    expect(forged.status).toBe(401);
    expect(forged.body).toEqual({ error: 'Your identity could not be verified.', code: 'unauthenticated' });
    expect((await request(app).get('/who')).body.caller).toBeNull();
  });

  it('gives a context a clock and an outbox wake-up when the composition root leaves them out', () => {
    const ctx = withContextDefaults({ db: 'db' } as { db: string; clock?: () => Date });
    expect(ctx.clock()).toBeInstanceOf(Date);
    expect(() => ctx.wakeOutbox()).not.toThrow();
    const clock = () => new Date(0);
    expect(withContextDefaults({ clock }).clock).toBe(clock);
  });
});
