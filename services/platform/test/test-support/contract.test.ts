import express from 'express';
import type { AddressInfo } from 'node:net';
import {
  checkAnswersAgainstTheContract,
  contractBreach,
  operationOf,
  TestClient,
} from '@vellum/platform/test-support';

const vellum = {
  i: 'v-1',
  title: 'T',
  last_edited: '2026-01-01T00:00:00.000Z',
  is_new: false,
  is_public: true,
  cirrus_i: 'c-1',
  owned_by_cirrus: { i: 'c-1', username: 'ann', display_name: 'Ann' },
  text: '',
  created_at: '2026-01-01T00:00:00.000Z',
  revision: 1,
};
const json = (status: number, body: unknown) => ({
  status,
  contentType: 'application/json; charset=utf-8',
  location: null,
  body,
});

describe('the check of answers against the OpenAPI document', () => {
  it('finds the operation of a call, a fixed path before a template', () => {
    expect(operationOf('PUT', '/api/link/position')?.operationId).toBe('reorderLinks');
    expect(operationOf('PUT', '/api/link/0be7e0c4-0000-4000-8000-000000000000')?.operationId).toBe(
      'editLink',
    );
    expect(operationOf('GET', '/api/vellums?cursor=x')?.operationId).toBe('discoverVellums');
    expect(operationOf('PATCH', '/api/vellums')).toBeUndefined();
    expect(operationOf('GET', '/dev/mailbox')).toBeUndefined();
  });

  it('passes an answer that keeps its schema, and says what breaks it', () => {
    expect(contractBreach('POST', '/api/vellum-new', json(201, { savedVellum: vellum }))).toBeUndefined();
    expect(
      contractBreach('POST', '/api/vellum-new', json(201, { savedVellum: { ...vellum, is_new: 'no' } })),
    ).toMatch(/createVellum\) answered 201, breaking its schema: savedVellum\.is_new/);
    expect(
      contractBreach(
        'POST',
        '/api/vellum-new',
        json(201, { savedVellum: { ...vellum, secret: 'x' }, more: 1 }),
      ),
    ).toMatch(/fields its schema does not describe: savedVellum\.secret, more$/);
    expect(contractBreach('POST', '/api/vellum-new', json(200, { savedVellum: vellum }))).toMatch(
      /a status the document does not list \(201\)/,
    );
  });

  it("checks an error against the route's own error shape", () => {
    expect(contractBreach('POST', '/api/signin', json(401, { messages: ['No.'] }))).toBeUndefined();
    expect(
      contractBreach('POST', '/api/signin', json(401, { error: 'No.', code: 'unauthenticated' })),
    ).toMatch(/not its error shape messages/);
  });

  it('fails the call of a TestClient when turned on', async () => {
    const app = express();
    app.get('/api/get-creators', (_req, res) => void res.json({ creators: [{ i: 'c-1' }] }));
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const client = new TestClient(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
      expect((await client.get('/api/get-creators')).status).toBe(200);
      checkAnswersAgainstTheContract();
      await expect(client.get('/api/get-creators')).rejects.toThrow(/breaks the OpenAPI document/);
    } finally {
      checkAnswersAgainstTheContract(false);
      server.close();
    }
  });
});
