// Limits that hold, on PGlite and PostgreSQL: failed sign-ins per address (whatever the accounts)
// and per account (whatever the addresses), TRUST_PROXY as a hop count so a rotated
// X-Forwarded-For changes nothing, registration per address, document writes per user, the
// per-account document caps, and the __Host- Secure cookie when the public address is https.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from './rate-limits.js';
import { createTestApp, ORIGIN, signUp, type TestApp } from '../../../tests/support/test-app.js';
import { DB_KINDS } from '../../../tests/support/test-db.js';

const json = { origin: ORIGIN };

describe.each(DB_KINDS)('throttling on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    // One proxy in front (TRUST_PROXY=1): the client is the address that proxy saw, the last in X-Forwarded-For.
    t = await createTestApp(kind, {
      env: { TRUST_PROXY: '1', USER_DOCUMENT_LIMIT: '3', USER_STORAGE_MB: '1' },
      rateLimits: { ...DEFAULT_RATE_LIMITS, register: { max: 10_000, timeWindow: 60_000 }, visitorBodies: { max: 10_000, timeWindow: 60_000 }, documentWrites: { max: 6, timeWindow: 60_000 } },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  const login = (email: string, password: string, client: string, spoofed = '203.0.113.99') =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, headers: { ...json, 'x-forwarded-for': `${spoofed}, ${client}` } });

  it('meets 429 after 20 failed sign-ins to 20 different accounts from one address, before any more hashing', async () => {
    const client = '198.51.100.10';
    const accounts = await Promise.all(Array.from({ length: 40 }, () => signUp(t)));
    const codes: number[] = [];
    // Each guess rotates the forged left end of X-Forwarded-For: with TRUST_PROXY=1 it changes nothing.
    for (const [i, a] of accounts.entries()) codes.push((await login(a.email, 'wrong password!', client, `10.9.${i}.1`)).statusCode);
    expect(codes.slice(0, 20)).toEqual(Array(20).fill(401));
    expect(codes.slice(20)).toEqual(Array(20).fill(429));
    const limited = await login(accounts[0]!.email, accounts[0]!.password, client);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^Too many attempts\. Please try again in \d+ (minutes|seconds)\.$/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another address signs in to the same account at once.
    expect((await login(accounts[0]!.email, accounts[0]!.password, '198.51.100.11')).statusCode).toBe(200);
  });

  it('meets 429 after 20 failed sign-ins to one account from 20 addresses', async () => {
    const victim = await signUp(t);
    const codes: number[] = [];
    for (let i = 0; i < 22; i++) codes.push((await login(victim.email, 'wrong password!', `192.0.2.${i + 1}`)).statusCode);
    expect(codes.slice(0, 20)).toEqual(Array(20).fill(401));
    expect(codes.slice(20)).toEqual([429, 429]);
  });

  it('limits sign-in attempts per address and email, successful ones included', async () => {
    const user = await signUp(t);
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) codes.push((await login(user.email, user.password, '198.51.100.20')).statusCode);
    expect(codes.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(codes[10]).toBe(429);
  });

  it('rate-limits document writes per user and holds the document caps (409 by count, 413 by size)', async () => {
    const user = await signUp(t);
    const headers = { cookie: user.cookie, ...json };
    const create = (inputContent: string) => t.app.inject({ method: 'POST', url: '/api/documents', headers, payload: { title: 'Doc', inputContent } });
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push((await create(`note ${i}`)).json().id);
    const fourth = await create('one too many');
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json().message).toBe('You have 3 documents, the most an account can keep. Delete some documents to save new ones.');
    // Growing a document past 1 MB in total is refused; a write that frees space is not.
    const big = await t.app.inject({ method: 'PATCH', url: `/api/documents/${ids[0]}`, headers, payload: { latexContent: 'x'.repeat(1024 * 1024) } });
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toMatch(/more than the 1 MB an account can store/);
    expect((await t.app.inject({ method: 'PATCH', url: `/api/documents/${ids[0]}`, headers, payload: { title: 'Shorter' } })).statusCode).toBe(200);
    // Six writes a minute: the seventh meets 429.
    const seventh = await t.app.inject({ method: 'PATCH', url: `/api/documents/${ids[1]}`, headers, payload: { title: 'Again' } });
    expect(seventh.statusCode).toBe(429);
    // A generation is checked against the same caps, and is not charged when refused.
    const other = await signUp(t);
    for (let i = 0; i < 3; i++) {
      await t.app.inject({ method: 'POST', url: '/api/documents', headers: { cookie: other.cookie, ...json }, payload: { title: 'D', inputContent: 'x' } });
    }
    const generated = await t.app.inject({ method: 'POST', url: '/api/latex/generate', headers: { cookie: other.cookie, ...json }, payload: { content: 'A note' } });
    expect(generated.statusCode).toBe(409);
    const me = await t.app.inject({ url: '/api/auth/me', headers: { cookie: other.cookie } });
    expect(me.json().user.monthlyUsage).toBe(0);
  });

  it('limits registrations per address', async () => {
    const strict = await createTestApp(kind, { rateLimits: { ...DEFAULT_RATE_LIMITS, register: { max: 3, timeWindow: 60_000 } } });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) {
        const email = `reg${i}-${Date.now()}@example.com`;
        codes.push((await strict.app.inject({ method: 'POST', url: '/api/auth/register', headers: json, payload: { username: `reg${i}x${Date.now()}`, email, password: 'long enough password' } })).statusCode);
      }
      expect(codes).toEqual([201, 201, 201, 429]);
    } finally {
      await strict.close();
    }
  });

  it('sets a __Host- cookie, always Secure, when PUBLIC_URL is https', async () => {
    const secure = await createTestApp(kind, { env: { PUBLIC_URL: 'https://latex.example.com' } });
    try {
      const email = `host-${Date.now()}@example.com`;
      await secure.app.inject({ method: 'POST', url: '/api/auth/register', payload: { username: `host${Date.now()}`, email, password: 'long enough password' } });
      const mail = (await secure.outbox()).find((m) => m.to === email)!;
      await secure.app.inject({ url: `/api/auth/verify-email?token=${new URL(mail.link!).searchParams.get('token')}` });
      const res = await secure.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'long enough password' } });
      expect(res.statusCode).toBe(200);
      const cookie = res.cookies.find((c) => c.name === '__Host-sid');
      expect(cookie).toMatchObject({ secure: true, httpOnly: true, path: '/', sameSite: 'Lax' });
      expect(cookie?.domain).toBeUndefined();
      expect(res.cookies.find((c) => c.name === 'sid')).toBeUndefined();
      const me = await secure.app.inject({ url: '/api/auth/me', headers: { cookie: `__Host-sid=${cookie!.value}` } });
      expect(me.statusCode).toBe(200);
      expect((await secure.app.inject({ url: '/api/auth/me', headers: { cookie: `sid=${cookie!.value}` } })).statusCode).toBe(401);
    } finally {
      await secure.close();
    }
  });
});
