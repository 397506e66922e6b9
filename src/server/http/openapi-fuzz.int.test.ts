// Every operation of the published OpenAPI document, driven with bad input on PGlite and
// PostgreSQL: NUL characters, ids past 2^31-1, huge strings, wrong types, broken JSON, in each
// body field, path parameter and query parameter (the other fields valid, so the bad one reaches
// as deep as it can), signed in as a fresh user. No answer may be a 5xx.
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ORIGIN, signUp, type TestApp } from '../../../tests/support/test-app.js';
import { DEFAULT_RATE_LIMITS } from './rate-limits.js';
import { DB_KINDS } from '../../../tests/support/test-db.js';
import { NUL_MESSAGE } from './input-hygiene.js';
import { OPENAPI_PATH } from './openapi.js';

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  enum?: unknown[];
  minLength?: number;
  format?: string;
  pattern?: string;
  default?: unknown;
  anyOf?: JsonSchema[];
}
interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  schema: JsonSchema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}
interface Request {
  method: string;
  url: string;
  payload?: string;
  headers: Record<string, string>;
}

const HUGE = 'x'.repeat(1_100_000);
/** Values no field should take, whatever its type. */
const BAD_VALUES: unknown[] = [
  '\u0000',
  'a\u0000b',
  '\uD800',
  HUGE,
  '',
  2_147_483_648,
  99_999_999_999,
  -1,
  0,
  1.5,
  1e308,
  null,
  true,
  [],
  ['\u0000'],
  {},
  { nested: { deeper: '\u0000' } },
  '2147483648',
  // Random text, NUL and lone surrogates included (the seed keeps runs comparable).
  ...fc.sample(fc.string({ unit: 'binary', maxLength: 40 }), { numRuns: 6, seed: 11 }),
];
const BAD_PATH_IDS = ['2147483648', '99999999999999999999', '-1', '0', 'abc', '%00', '1%00', '1e3', '%201', '0x10', 'x'.repeat(5000)];
const BAD_QUERY = ['%00', `a${'%00'}b`, 'x'.repeat(8000), '%E0%A4%A', ''];
const BAD_BODIES = ['[]', '"text"', '123', 'null', '{"a":', '{}', `${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}`, '\u0000'];

/** A value the schema accepts, so that one bad field at a time goes as deep as it can. */
function example(schema: JsonSchema | undefined, name = ''): unknown {
  if (!schema) return 'abc';
  if (schema.default !== undefined) return schema.default;
  if (schema.enum) return schema.enum[0];
  if (schema.anyOf?.[0]) return example(schema.anyOf[0], name);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, v]) => [k, example(v, k)]));
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return false;
    case 'array':
      return [];
    default:
      if (schema.format === 'email' || name === 'email') return `fuzz-${Math.random().toString(36).slice(2)}@example.com`;
      if (name === 'password') return 'fuzz password 123';
      if (name === 'tier') return 'tier1';
      return 'abcdefghij'.slice(0, Math.max(3, schema.minLength ?? 3));
  }
}

function badRequests(method: string, path: string, op: Operation, cookie: string): Request[] {
  const headers = { cookie, origin: ORIGIN, 'content-type': 'application/json' };
  const params = op.parameters ?? [];
  const pathParams = params.filter((p) => p.in === 'path');
  const query = params.filter((p) => p.in === 'query');
  const bodySchema = op.requestBody?.content['application/json']?.schema;
  const fillPath = (value: (name: string) => string) => path.replace(/\{(\w+)\}/g, (_m, name: string) => value(name));
  const goodPath = fillPath(() => '1');
  const goodQuery = query.map((p) => `${p.name}=${encodeURIComponent(String(example(p.schema, p.name)))}`).join('&');
  const url = (p: string, q: string) => (q ? `${p}?${q}` : p);
  const body = bodySchema ? (example(bodySchema) as Record<string, unknown>) : undefined;
  const requests: Request[] = [];
  const send = (u: string, payload?: string) => requests.push({ method, url: u, headers, ...(payload !== undefined ? { payload } : {}) });

  for (const p of pathParams) for (const bad of BAD_PATH_IDS) send(url(fillPath((n) => (n === p.name ? bad : '1')), goodQuery), body ? JSON.stringify(body) : undefined);
  for (const p of query) {
    for (const bad of BAD_QUERY) {
      const q = query.map((other) => (other === p ? `${p.name}=${bad}` : `${other.name}=${encodeURIComponent(String(example(other.schema, other.name)))}`)).join('&');
      send(url(goodPath, q), body ? JSON.stringify(body) : undefined);
    }
    send(url(goodPath, `${goodQuery}&${p.name}=a&${p.name}=b`), body ? JSON.stringify(body) : undefined);
  }
  if (method !== 'GET' && method !== 'DELETE') {
    for (const raw of BAD_BODIES) send(url(goodPath, goodQuery), raw);
    if (body) {
      for (const field of Object.keys(body)) {
        for (const bad of BAD_VALUES) send(url(goodPath, goodQuery), JSON.stringify({ ...body, [field]: bad }));
        const { [field]: _dropped, ...without } = body;
        send(url(goodPath, goodQuery), JSON.stringify(without));
      }
    }
  }
  return requests;
}

describe.each(DB_KINDS)('the API with bad input on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    // Input checks, not throttling (throttling.int.test.ts has those): with every budget counting,
    // the fuzzing's own requests would use up the visitor's and the registrations' before the checks.
    const unlimited = { ...DEFAULT_RATE_LIMITS };
    for (const key of Object.keys(unlimited) as Array<keyof typeof unlimited>) unlimited[key] = { max: 1_000_000, timeWindow: 60_000 };
    t = await createTestApp(kind, { rateLimits: unlimited });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** The load shedder may answer 503 on a starved test machine; that is not the answer under test. */
  async function send(request: Request): Promise<LightMyRequestResponse> {
    for (let attempt = 0; ; attempt++) {
      const res = await t.app.inject({ method: request.method as 'GET', url: request.url, headers: request.headers, ...(request.payload !== undefined ? { payload: request.payload } : {}) });
      if (res.statusCode !== 503 || !/heavy load/.test(res.body) || attempt >= 20) return res;
      await new Promise((r) => setTimeout(r, 500));
    }
  }

  it('publishes every route in /api/openapi.json', async () => {
    const res = await t.app.inject({ url: OPENAPI_PATH });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, Record<string, Operation>> };
    expect(doc.openapi).toMatch(/^3\./);
    for (const path of ['/api/auth/login', '/api/latex/generate', '/api/latex/extract-title', '/api/documents/{id}', '/api/subscription/create', '/metrics']) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
    expect(doc.paths['/api/latex/generate']!.post!.requestBody!.content['application/json']!.schema.properties).toHaveProperty('content');
  });

  it('answers every bad input to every operation below 500', async () => {
    const doc = (await t.app.inject({ url: OPENAPI_PATH })).json() as { paths: Record<string, Record<string, Operation>> };
    const failures: string[] = [];
    let sent = 0;
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(operations)) {
        // A fresh user per operation: logging out or buying must not change the next one's ground.
        const { cookie } = await signUp(t);
        for (const request of badRequests(method.toUpperCase(), path, op, cookie)) {
          const res = await send(request);
          sent += 1;
          if (res.statusCode >= 500) failures.push(`${request.method} ${request.url.slice(0, 120)} ${(request.payload ?? '').slice(0, 120)} → ${res.statusCode} ${res.body.slice(0, 200)}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(500);
  }, 600_000);

  it('says what is wrong with a NUL character and an id past 2^31-1', async () => {
    const { cookie } = await signUp(t);
    const headers = { cookie, origin: ORIGIN };
    const nul = await t.app.inject({ method: 'POST', url: '/api/documents', headers, payload: { title: 'a\u0000b', inputContent: 'x' } });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().message).toBe(NUL_MESSAGE);
    expect((await t.app.inject({ url: '/api/documents?search=%00', headers })).statusCode).toBe(400);
    const register = await t.app.inject({ method: 'POST', url: '/api/auth/register', headers: { origin: ORIGIN }, payload: { username: 'nul\u0000user', email: 'nul@example.com', password: 'long enough' } });
    expect(register.statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/documents/2147483648', headers })).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/documents/2147483647', headers })).statusCode).toBe(404);
    const compile = await t.app.inject({ method: 'POST', url: '/api/latex/compile', headers, payload: { latex: 'x', documentId: 2147483648 } });
    expect(compile.statusCode).toBe(400);
  });
});
