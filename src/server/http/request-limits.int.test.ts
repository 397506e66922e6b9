// Limits before work, through the real app: every signed-in route counts against a per-user budget
// (compiled-ahead, history search and the image routes with budgets of their own), checked before
// any byte of the body is read (a raw socket sends headers only and gets its answer); a visitor's
// body goes only to the routes that take one (others answer 401 unread), counted per address;
// extract-title needs a session and reads at most the head of a document; bodies are capped per
// route, and JSON nested deeper than any of the API's is refused before JSON.parse.
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from './rate-limits.js';
import { JSON_TOO_DEEP_MESSAGE, MAX_JSON_DEPTH } from './json-body.js';
import { DEFAULT_BODY_LIMIT } from './request-limits.js';
import { EXTRACT_TITLE_MAX_CHARS } from '../../shared/api/latex.js';
import { createTestApp, ORIGIN, signUp, type TestApp } from '../../../tests/support/test-app.js';

const json = { 'content-type': 'application/json', origin: ORIGIN };
const small = (max: number) => ({ max, timeWindow: 60_000 });

/** Sends only the request's head (no body byte) over a raw socket; resolves with the status line the server answers. */
function headOnly(port: number, head: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port });
    let answer = '';
    socket.setTimeout(20_000, () => {
      socket.destroy();
      reject(new Error(`no answer before the body: ${answer}`));
    });
    socket.on('data', (chunk) => {
      answer += chunk.toString('latin1');
      if (answer.includes('\r\n')) {
        socket.destroy();
        resolve(answer.slice(0, answer.indexOf('\r\n')));
      }
    });
    socket.on('error', reject);
    socket.write(head);
  });
}

describe('limits before work', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp('pglite', {
      rateLimits: {
        ...DEFAULT_RATE_LIMITS,
        register: small(10_000),
        compiledAhead: small(3),
        historySearch: small(2),
        imageWrites: small(2),
        extractTitle: small(4),
        visitorBodies: small(20),
        signedIn: small(50),
      },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  });
  afterAll(async () => {
    await t?.close();
  });

  const inject = (method: 'GET' | 'POST', url: string, cookie?: string, payload?: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method, url, headers: { ...json, ...(cookie ? { cookie } : {}), ...headers }, ...(payload !== undefined ? { payload: payload as string } : {}) });

  it('gives compiled-ahead, history search and image uploads per-user budgets of their own', async () => {
    const user = await signUp(t);
    const other = await signUp(t);
    const doc = (await inject('POST', '/api/documents', user.cookie, { inputContent: 'A note' })).json().id as number;
    const ahead = [];
    for (let i = 0; i < 4; i++) ahead.push((await inject('GET', `/api/latex/compiled-ahead/${doc}`, user.cookie)).statusCode);
    expect(ahead).toEqual([200, 200, 200, 429]);
    const searches = [];
    for (let i = 0; i < 3; i++) searches.push((await inject('GET', '/api/documents?search=note', user.cookie)).statusCode);
    expect(searches).toEqual([200, 200, 429]);
    // The plain list is another budget; another user has their own.
    expect((await inject('GET', '/api/documents', user.cookie)).statusCode).toBe(200);
    expect((await inject('GET', '/api/documents?search=note', other.cookie)).statusCode).toBe(200);
    const limited = await inject('GET', `/api/latex/compiled-ahead/${doc}`, user.cookie);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().message).toMatch(/^Too many attempts\. Please try again in \d+ seconds?\.$/);
  });

  it('refuses an upload past the budget before reading a byte of it', async () => {
    const user = await signUp(t);
    const doc = (await inject('POST', '/api/documents', user.cookie, { inputContent: 'A note' })).json().id as number;
    const head = (length: number) =>
      `POST /api/documents/${doc}/images?name=big.png HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${user.cookie}\r\nContent-Type: application/octet-stream\r\nContent-Length: ${length}\r\n\r\n`;
    // Two uploads a minute: spent by two (refused) empty-content uploads, then a 10 MB one is answered at once.
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({ method: 'POST', url: `/api/documents/${doc}/images?name=x.png`, payload: Buffer.from('not an image'), headers: { cookie: user.cookie, 'content-type': 'application/octet-stream' } });
      expect(res.statusCode).toBe(415);
    }
    expect(await headOnly(port, head(10 * 1024 * 1024))).toBe('HTTP/1.1 429 Too Many Requests');
  });

  it("answers a visitor's body to a signed-in route with 401 before reading it, and counts visitors' bodies per address", async () => {
    const compile = `POST /api/latex/compile HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${2 * 1024 * 1024}\r\n\r\n`;
    expect(await headOnly(port, compile)).toBe('HTTP/1.1 401 Unauthorized');
    expect((await inject('POST', '/api/latex/extract-title', undefined, { latex: '\\title{Mine}' })).statusCode).toBe(401);
    // Visitors' bodies to the routes that take them: twenty a minute from one address (set for this test).
    const forgot = (remoteAddress: string, i: number) => t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', headers: json, payload: { email: `someone${i}@example.com` }, remoteAddress });
    const codes = [];
    for (let i = 0; i < 21; i++) codes.push((await forgot('192.0.2.50', i)).statusCode);
    expect(codes.slice(0, 20).every((c) => c === 200)).toBe(true);
    expect(codes[20]).toBe(429);
    // Another address is counted apart.
    expect((await forgot('192.0.2.60', 0)).statusCode).toBe(200);
  });

  it('lets a signed-in user ask for the title of the head of a document, within a budget', async () => {
    const user = await signUp(t);
    const titled = await inject('POST', '/api/latex/extract-title', user.cookie, { latex: '\\documentclass{article}\\title{A Title}\\begin{document}\\maketitle\\end{document}' });
    expect(titled.json()).toEqual({ title: 'A Title' });
    const long = await inject('POST', '/api/latex/extract-title', user.cookie, { latex: 'x'.repeat(EXTRACT_TITLE_MAX_CHARS + 1) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('Send at most the first 65,536 characters of the LaTeX');
    const codes = [];
    for (let i = 0; i < 3; i++) codes.push((await inject('POST', '/api/latex/extract-title', user.cookie, { latex: '\\title{Again}' })).statusCode);
    expect(codes).toEqual([200, 200, 429]);
  });

  it('caps bodies per route and refuses deeply nested JSON before parsing it', async () => {
    const nested = (depth: number) => `{"email":${'['.repeat(depth)}${']'.repeat(depth)}}`;
    // Registration takes a small body: 2 MB of nesting is refused by size, unread past the limit.
    const huge = await t.app.inject({ method: 'POST', url: '/api/auth/register', headers: { ...json }, payload: nested(1_000_000), remoteAddress: '192.0.2.70' });
    expect(huge.statusCode).toBe(413);
    // Within the size, past the depth: 400 with its reason, before JSON.parse.
    const deep = await t.app.inject({ method: 'POST', url: '/api/auth/register', headers: { ...json }, payload: nested(Math.floor(DEFAULT_BODY_LIMIT / 3)), remoteAddress: '192.0.2.71' });
    expect(deep.statusCode).toBe(400);
    expect(deep.json().message).toBe(JSON_TOO_DEEP_MESSAGE);
    // As deep as allowed: parsed, then refused by the route's schema as usual.
    const fine = await t.app.inject({ method: 'POST', url: '/api/auth/register', headers: { ...json }, payload: nested(MAX_JSON_DEPTH - 1), remoteAddress: '192.0.2.72' });
    expect(fine.statusCode).toBe(400);
    expect(fine.json().message).not.toBe(JSON_TOO_DEEP_MESSAGE);
    // A document's routes take a whole document.
    const user = await signUp(t);
    const big = await inject('POST', '/api/documents', user.cookie, { inputContent: 'x'.repeat(150_000) });
    expect(big.statusCode).toBe(201);
  });
});
