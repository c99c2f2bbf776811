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
    const sessions: Operation = {
      operationId: 'listSessions',
      method: 'get',
      path: '/api/sessions',
      summary: 'My sessions.',
      owner: 'identity',
      auth: 'required',
      answers: {},
      errorShape: 'error',
    };
    expect(coverageProblems([...operations, sessions])).toEqual([
      'GET /api/sessions (listSessions): no row in expectations/',
    ]);
    const stale = {
      ...tables,
      identity: { ...identity, listSessions: identity.getSignedCirrus! },
    };
    expect(coverageProblems(operations, stale)).toEqual(['listSessions: a row naming no operation']);
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
