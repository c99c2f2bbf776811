import { buildOpenApiDocument, ERROR_SHAPES, errorComponentName, operations } from '../src/api/openapi';

const doc = buildOpenApiDocument({ version: '0.0.0-test' });
type Json = Record<string, unknown>;
const components = (doc.components as { schemas: Record<string, Json> }).schemas;
const paths = doc.paths as Record<string, Record<string, Json>>;

function refsIn(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((item) => refsIn(item, found));
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (key === '$ref' && typeof inner === 'string') found.push(inner);
      else refsIn(inner, found);
    }
  }
  return found;
}

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 JSON, with the session cookie as its security scheme', () => {
    expect(doc.openapi).toMatch(/^3\.1\./);
    expect(JSON.parse(JSON.stringify(doc))).toEqual(doc);
    expect(doc.components).toMatchObject({
      securitySchemes: { sessionCookie: { type: 'apiKey', in: 'cookie', name: 'vellum.sid' } },
    });
  });

  it('has one operation per method and path, each id once', () => {
    const ids = operations.map((op) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    const count = Object.values(paths).reduce((n, item) => n + Object.keys(item).length, 0);
    expect(count).toBe(operations.length);
  });

  it('resolves every $ref to a component', () => {
    const refs = [...new Set(refsIn(doc))];
    expect(refs.length).toBeGreaterThan(20);
    for (const r of refs) {
      expect(r).toMatch(/^#\/components\/schemas\//);
      expect(components[r.replace('#/components/schemas/', '')]).toBeDefined();
    }
  });

  it("names each path parameter of a template, and answers errors in the route's declared shape", () => {
    for (const op of operations) {
      const inTemplate = [...op.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]).sort();
      expect([op.operationId, Object.keys(op.pathParameters ?? {}).sort()]).toEqual([
        op.operationId,
        inTemplate,
      ]);
      const responses = paths[op.path]![op.method]!.responses as Record<string, Json>;
      expect(JSON.stringify(responses['4XX'])).toContain(errorComponentName(op.errorShape));
    }
    for (const shape of ERROR_SHAPES) expect(components[errorComponentName(shape)]).toBeDefined();
  });

  it('links each creating call to operations that exist, by their own parameters', () => {
    const creating = operations.filter((op) => Object.keys(op.answers).includes('201'));
    const linked = creating.filter((op) => op.links);
    expect(linked.map((op) => op.operationId)).toEqual(
      expect.arrayContaining(['createVellum', 'createAction', 'addLink', 'openConversation', 'sendMessage']),
    );
    for (const op of linked) {
      for (const link of Object.values(op.links!.links)) {
        const target = operations.find((o) => o.operationId === link.operationId);
        expect(target).toBeDefined();
        for (const param of Object.keys(link.parameters))
          expect(target!.pathParameters).toHaveProperty(param);
      }
    }
  });

  it('states the request bodies as sent: the sign-in body needs email and password', () => {
    const signIn = paths['/api/signin']!.post!;
    expect(signIn.security).toEqual([]);
    expect(components.SignInRequest).toMatchObject({
      type: 'object',
      required: expect.arrayContaining(['email', 'password']),
      properties: { email: { type: 'string' }, password: { type: 'string' } },
    });
    expect(paths['/api/vellum-new']!.post!.security).toEqual([{ sessionCookie: [] }]);
    // A field the call accepts missing is not required: a vellum's text (empty), an action's priority (Medium).
    expect(components.NewVellumRequest!.required).toBeUndefined();
    expect(components.NewActionRequest!.required).toEqual(['text']);
    expect(components.SignedCirrus!.required).not.toContain('image');
  });
});
