import type { AddressInfo } from 'node:net';
import pino from 'pino';
import {
  errorBody,
  memoryLimiters,
  MemorySessionStore,
  serve,
  sessionCookieName,
  type ErrorShape,
} from '@vellum/platform';
import { VIDEO_FRAME_ORIGINS, type SameType } from '@vellum/proto';
import {
  errorShapeSchemas,
  ERROR_SHAPES,
  operations,
  SECURE_SESSION_COOKIE_NAME,
  SESSION_COOKIE_NAME,
  buildOpenApiDocument,
  type ErrorShapeName,
  type Operation,
} from '@vellum/proto/openapi';
import { createGateway } from '../src/gateway';
import { OPENAPI_PATH } from '../src/http/openapi';
import { routeTable, serviceFor, type RouteRule } from '../src/routes';

// The route table and the OpenAPI document's operations describe the same API: every path the table routes is some
// operation's, and every operation's path is routed by the table to the operation's own service. So a route added
// without its operation, or an operation without its route, fails here.

/** Rules of the table that are no public HTTP operation, each with the reason. */
const notOperations: Array<{ pattern: RegExp; why: string }> = [
  {
    pattern: /^\/dev\/mailbox$/,
    why: 'development only: answered with DEV_MAILBOX=on to a direct client of this machine, 404 to anyone else',
  },
  {
    pattern: /^\/socket\.io\//,
    why: "the realtime channel: socket.io's own transport (a websocket upgrade), no HTTP operation of the API",
  },
];
const isExcluded = (rule: RouteRule) => notOperations.some((x) => x.pattern.source === rule.pattern.source);

/**
 * Every path a rule's pattern matches, with `sample` for each `[^/]+`: the patterns are literals, escapes, groups of
 * alternatives and optional groups, nothing else (anything else throws, so a new kind of pattern is noticed).
 */
function pathsOf(pattern: RegExp): string[] {
  const source = pattern.source;
  if (!source.startsWith('^') || !source.endsWith('$')) throw new Error(`${source}: not anchored`);
  const s = source.slice(1, -1);
  let i = 0;
  const alternatives = (): string[] => {
    const found: string[] = [];
    let current = [''];
    while (i < s.length && s[i] !== ')') {
      if (s[i] === '|') {
        found.push(...current);
        current = [''];
        i += 1;
        continue;
      }
      let atom: string[];
      if (s[i] === '(') {
        i += 1;
        atom = alternatives();
        if (s[i] !== ')') throw new Error(`${source}: unclosed group`);
        i += 1;
      } else if (s.startsWith('[^/]+', i)) {
        atom = ['sample'];
        i += 5;
      } else if (s[i] === '\\') {
        atom = [s[i + 1]!];
        i += 2;
      } else if ('[]*+.?{}^$'.includes(s[i]!)) {
        throw new Error(`${source}: cannot list the paths of ${s.slice(i)}`);
      } else {
        atom = [s[i]!];
        i += 1;
      }
      if (s[i] === '?') {
        atom = ['', ...atom];
        i += 1;
      }
      current = current.flatMap((prefix) => atom.map((rest) => prefix + rest));
    }
    return [...found, ...current];
  };
  const paths = alternatives();
  if (i !== s.length) throw new Error(`${source}: unbalanced`);
  return paths;
}

const templateRegex = (template: string) =>
  new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`);

/** The operation's path with each parameter's example. */
const examplePath = (op: Operation) =>
  op.path.replace(/\{([^}]+)\}/g, (_m, name: string) =>
    encodeURIComponent(op.pathParameters![name]!.example),
  );

/** The table's paths that no operation of their rule's service takes. */
function routesWithoutOperation(table: readonly RouteRule[], ops: readonly Operation[]): string[] {
  return table
    .filter((rule) => !isExcluded(rule))
    .flatMap((rule) =>
      pathsOf(rule.pattern)
        .filter((path) => serviceFor(path, table) === rule)
        .filter((path) => !ops.some((op) => op.owner === rule.service && templateRegex(op.path).test(path)))
        .map((path) => `${rule.service} ${path}`),
    );
}

/** Operations the table does not send to their own service (the gateway's own: that it routes nowhere). */
function operationsWithoutRoute(table: readonly RouteRule[], ops: readonly Operation[]): string[] {
  return ops
    .filter((op) => {
      const rule = serviceFor(examplePath(op), table);
      if (op.owner === 'gateway') return rule !== undefined;
      return rule?.service !== op.owner || rule.loopbackOnly === true || rule.websocket === true;
    })
    .map((op) => `${op.method.toUpperCase()} ${op.path} (${op.owner})`);
}

describe("the route table and the OpenAPI document's operations", () => {
  it('lists the paths of each pattern', () => {
    expect(pathsOf(/^\/api\/password-reset(\/send|\/token)?$/)).toEqual([
      '/api/password-reset',
      '/api/password-reset/send',
      '/api/password-reset/token',
    ]);
    expect(pathsOf(/^\/api\/messenger\/conversations(\/[^/]+(\/(messages|read))?)?$/)).toEqual([
      '/api/messenger/conversations',
      '/api/messenger/conversations/sample',
      '/api/messenger/conversations/sample/messages',
      '/api/messenger/conversations/sample/read',
    ]);
    for (const rule of routeTable.filter((r) => !isExcluded(r))) {
      for (const path of pathsOf(rule.pattern)) expect(rule.pattern.test(path)).toBe(true);
    }
  });

  it('has an operation for every path the table routes', () => {
    expect(routesWithoutOperation(routeTable, operations)).toEqual([]);
  });

  it("routes every operation's path to the operation's own service", () => {
    expect(operationsWithoutRoute(routeTable, operations)).toEqual([]);
  });

  it('fails for a route without an operation and for an operation without a route', () => {
    const extraRule: RouteRule = { service: 'vellum', pattern: /^\/api\/vellum-drafts$/ };
    expect(routesWithoutOperation([...routeTable, extraRule], operations)).toEqual([
      'vellum /api/vellum-drafts',
    ]);
    const lost = { ...operations.find((op) => op.operationId === 'getAdmin')!, path: '/api/admins' };
    expect(operationsWithoutRoute(routeTable, [...operations, lost])).toEqual([
      'GET /api/admins (analytics)',
    ]);
    const misrouted = { ...lost, path: '/api/search' };
    expect(operationsWithoutRoute(routeTable, [misrouted])).toEqual(['GET /api/search (analytics)']);
  });

  it('says why each rule without operations has none, and each of them is still in the table', () => {
    for (const excluded of notOperations) {
      expect(excluded.why).not.toBe('');
      expect(routeTable.some((rule) => rule.pattern.source === excluded.pattern.source)).toBe(true);
    }
  });
});

describe("the document's error shapes and security scheme", () => {
  it("are the platform's: each error body the platform writes parses as its shape", () => {
    const same: SameType<ErrorShape, ErrorShapeName> = true;
    expect(same).toBe(true);
    for (const shape of ERROR_SHAPES) {
      for (const errorId of [undefined, 'e-1']) {
        const body = errorBody(shape, 'Refused.', 'invalid', errorId, {
          fieldErrors: { title: 'Too long.' },
        });
        expect(errorShapeSchemas[shape].strict().safeParse(body).error).toBeUndefined();
      }
    }
    expect(SESSION_COOKIE_NAME).toBe(sessionCookieName(false));
    expect(SECURE_SESSION_COOKIE_NAME).toBe(sessionCookieName(true));
    const schemeOf = (serverUrl: string) =>
      (
        buildOpenApiDocument({ version: '1', serverUrl }).components as {
          securitySchemes: { sessionCookie: object };
        }
      ).securitySchemes.sessionCookie;
    expect(schemeOf('https://vellum.example')).toMatchObject({ name: '__Host-vellum.sid' });
    expect(schemeOf('http://localhost:8080')).toMatchObject({ name: 'vellum.sid' });
  });
});

/** The gateway with no upstream, on a free port: what it answers itself. */
async function gatewayAlone(): Promise<{ base: string; stop: () => Promise<void> }> {
  const logger = pino({ level: 'silent' });
  const gateway = createGateway({
    logger,
    upstreams: {},
    sessions: new MemorySessionStore(),
    limiters: memoryLimiters,
    publicUrl: 'http://127.0.0.1',
    sessionSecret: 's'.repeat(32),
    internalAuthSecret: 'i'.repeat(32),
    authRatePerMinute: 100,
    frontends: { remoteUrls: {}, version: '24.10.0' },
  });
  const running = await serve(gateway.app, { port: 0, host: '127.0.0.1', logger });
  return {
    base: `http://127.0.0.1:${(running.server.address() as AddressInfo).port}`,
    stop: async () => {
      await running.stop();
      gateway.close();
    },
  };
}

describe('GET /api/openapi.json', () => {
  it('answers the document from the gateway itself, public and cacheable', async () => {
    const { base, stop } = await gatewayAlone();
    try {
      const res = await fetch(`${base}${OPENAPI_PATH}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(res.headers.get('cache-control')).toBe('public, max-age=300');
      const doc = (await res.json()) as { openapi: string; paths: Record<string, Record<string, unknown>> };
      expect(doc.openapi).toMatch(/^3\.1\./);
      for (const op of operations) expect(doc.paths[op.path]).toHaveProperty(op.method);
    } finally {
      await stop();
    }
  });
});

describe('GET /api/reference', () => {
  it('answers a page with no inline script, which loads Swagger UI and its starter from the gateway itself', async () => {
    const { base, stop } = await gatewayAlone();
    try {
      const page = await fetch(`${base}/api/reference`);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      expect(page.headers.get('content-security-policy')).toMatch(/script-src 'self'(;| )/);
      // Its pages frame the product's videos and nothing else.
      expect(page.headers.get('content-security-policy')).toContain(
        `frame-src ${VIDEO_FRAME_ORIGINS.join(' ')};`,
      );
      const html = await page.text();
      expect(html).not.toMatch(/<script>|<script [^>]*>[^<]/);
      const scripts = [...html.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1]!);
      const styles = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]!);
      expect(scripts).toEqual(['/api/reference/swagger-ui-bundle.js', '/api/reference/start.js']);
      for (const file of [...scripts, ...styles]) {
        const res = await fetch(`${base}${file}`);
        expect(res.status).toBe(200);
        expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(100);
      }
      await expect((await fetch(`${base}/api/reference/start.js`)).text()).resolves.toContain(
        `url: "${OPENAPI_PATH}"`,
      );
      // Only the renderer's own two files are served, never the rest of its package.
      expect((await fetch(`${base}/api/reference/package.json`)).status).toBe(404);
    } finally {
      await stop();
    }
  });
});
