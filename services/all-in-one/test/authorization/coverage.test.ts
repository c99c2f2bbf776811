import { operations, type Operation } from '@vellum/proto/openapi';
import { cellsOf, coverageProblems } from './cells';
import { tables } from './expectations';
import { identity } from './expectations/identity';

// Fast, without a product: the matrix's rows and the OpenAPI operations (themselves held to the gateway's route table
// by services/gateway/test/openapi.test.ts) name each other, so a new route without its row fails here.
describe('the authorisation matrix covers every operation', () => {
  it('has one readable row per operation, and no row without an operation', () => {
    expect(coverageProblems()).toEqual([]);
  });

  it('fails for an operation without a row and for a row without an operation', () => {
    const devices: Operation = {
      operationId: 'listDevices',
      method: 'get',
      path: '/api/devices',
      summary: 'My devices.',
      owner: 'identity',
      auth: 'required',
      answers: {},
      errorShape: 'error',
    };
    expect(coverageProblems([...operations, devices])).toEqual([
      'GET /api/devices (listDevices): no row in expectations/',
    ]);
    const stale = {
      ...tables,
      identity: { ...identity, listDevices: identity.getSignedCirrus! },
    };
    expect(coverageProblems(operations, stale)).toEqual(['listDevices: a row naming no operation']);
  });

  it('tries every operation that takes an id with ids, for every actor', () => {
    const cells = cellsOf();
    for (const op of operations) {
      const mine = cells.filter((c) => c.op === op);
      expect({ op: op.operationId, actors: new Set(mine.map((c) => c.actor)).size }).toEqual({
        op: op.operationId,
        actors: 8,
      });
      if (op.pathParameters) expect(mine.every((c) => c.variant !== 'none')).toBe(true);
    }
  });
});
