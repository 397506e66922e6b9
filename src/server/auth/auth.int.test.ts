// The auth API end to end through inject(), against PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { users } from '../db/schema.js';
import { createTestApp, ORIGIN, sessionCookie, signUp, tokenFromLink, type TestApp } from '../../../tests/support/test-app.js';
import { DB_KINDS } from '../../../tests/support/test-db.js';

const json = { 'content-type': 'application/json' };

describe.each(DB_KINDS)('auth API on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  const register = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/auth/register', payload, headers: { ...json, ...headers } });
  const login = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload, headers: { ...json, ...headers } });
  const me = (cookie?: string) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: cookie ? { cookie } : {} });
  const latestLinkFor = async (email: string) => {
    const mail = (await t.outbox()).find((m) => m.to === email);
    if (!mail?.link) throw new Error('no mail');
    return mail.link;
  };

  it('registers without signing in, mails a link, and never shows the hash or token', async () => {
    const res = await register({ username: 'ada', email: 'Ada@Example.com', password: 'analytical-engine' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ success: true, emailVerificationSent: true, requiresEmailVerification: true, usageLimit: 3 });
    expect(body.user).toMatchObject({ username: 'ada', email: 'ada@example.com', emailVerified: false, subscriptionTier: 'free' });
    expect(sessionCookie(res)).toBeUndefined();
    const link = await latestLinkFor('ada@example.com');
    expect(link).toMatch(new RegExp(`^${ORIGIN}/verify-email\\?token=[A-Za-z0-9_-]{43}$`));
    const [row] = await t.database.db.select().from(users).where(eq(users.email, 'ada@example.com'));
    expect(row!.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    // At rest the token is only its SHA-256.
    expect(row!.verificationToken).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.verificationToken).not.toBe(tokenFromLink(link));
    for (const secret of [row!.password, row!.verificationToken!, tokenFromLink(link)]) expect(res.body).not.toContain(secret);
    expect(Object.keys(body.user)).not.toEqual(expect.arrayContaining(['password']));
  });

  it('gives the documented validation messages as 400s', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ username: 'ab', email: 'a@b.co', password: 'password1' }, 'Username must be at least 3 characters'],
      [{ username: 'abc', email: 'not-an-email', password: 'password1' }, 'Must provide a valid email'],
      [{ username: 'abc', email: 'a@b.co', password: 'short' }, 'Password must be at least 8 characters'],
    ];
    for (const [payload, message] of cases) {
      const res = await register(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const bad = await login({ email: 'nope', password: 'password1' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Invalid email address');
    const noBody = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: json });
    expect(noBody.statusCode).toBe(400);
  });

  it('refuses an unverified login with 403 and requiresEmailVerification', async () => {
    await register({ username: 'grace', email: 'grace@example.com', password: 'cobol-forever' });
    const res = await login({ email: 'grace@example.com', password: 'cobol-forever' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ requiresEmailVerification: true, email: 'grace@example.com' });
    expect(sessionCookie(res)).toBeUndefined();
  });

  it('verifies once: opening the link again says the address is verified already, and a token verifies only its own account', async () => {
    await register({ username: 'alan', email: 'alan@example.com', password: 'enigma-machine' });
    await register({ username: 'joan', email: 'joan@example.com', password: 'enigma-machine' });
    const token = tokenFromLink(await latestLinkFor('alan@example.com'));
    const ok = await t.app.inject({ method: 'GET', url: `/api/auth/verify-email?token=${token}` });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ success: true, user: { email: 'alan@example.com' } });
    const again = await t.app.inject({ method: 'GET', url: `/api/auth/verify-email?token=${token}` });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({
      success: true,
      message: 'Your email address is already verified. You can sign in.',
      user: { email: 'alan@example.com' },
      alreadyVerified: true,
    });
    const [joan] = await t.database.db.select().from(users).where(eq(users.email, 'joan@example.com'));
    expect(joan!.emailVerified).toBe(false);
    expect((await login({ email: 'joan@example.com', password: 'enigma-machine' })).statusCode).toBe(403);
    const none = await t.app.inject({ method: 'GET', url: '/api/auth/verify-email' });
    expect(none.json()).toMatchObject({ success: false, message: 'No verification token provided.' });
    const forged = await t.app.inject({ method: 'GET', url: `/api/auth/verify-email?token=${'A'.repeat(43)}` });
    expect(forged.statusCode).toBe(400);
  });

  it('reports an expired link with tokenExpired and the email, and resend issues a new one', async () => {
    await register({ username: 'edsger', email: 'edsger@example.com', password: 'goto-harmful' });
    const oldToken = tokenFromLink(await latestLinkFor('edsger@example.com'));
    t.clock.advance(24 * 3600_000 + 1000);
    const expired = await t.app.inject({ method: 'GET', url: `/api/auth/verify-email?token=${oldToken}` });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual({ success: false, message: 'Verification token has expired.', tokenExpired: true, email: 'edsger@example.com' });
    const resend = await t.app.inject({ method: 'POST', url: '/api/auth/resend-verification', payload: { email: 'edsger@example.com' }, headers: json });
    expect(resend.statusCode).toBe(200);
    expect(resend.json().success).toBe(true);
    const newToken = tokenFromLink(await latestLinkFor('edsger@example.com'));
    expect(newToken).not.toBe(oldToken);
    expect((await t.app.inject({ method: 'GET', url: `/api/auth/verify-email?token=${oldToken}` })).json().tokenExpired).toBeUndefined();
    expect((await t.app.inject({ method: 'GET', url: `/api/auth/verify-email?token=${newToken}` })).statusCode).toBe(200);
    // Unknown addresses get the same answer.
    const unknown = await t.app.inject({ method: 'POST', url: '/api/auth/resend-verification', payload: { email: 'nobody@example.com' }, headers: json });
    expect(unknown.json()).toEqual(resend.json());
  });

  it("says which sign-in is an account's first (the greeting is 'Welcome!' then, 'Welcome back!' after)", async () => {
    await register({ username: 'barbara', email: 'barbara@example.com', password: 'liskov-substitution' });
    const token = tokenFromLink(await latestLinkFor('barbara@example.com'));
    expect((await t.app.inject({ method: 'GET', url: `/api/auth/verify-email?token=${token}` })).statusCode).toBe(200);
    const first = await login({ email: 'barbara@example.com', password: 'liskov-substitution' });
    expect(first.json()).toMatchObject({ success: true, firstSignIn: true });
    const second = await login({ email: 'barbara@example.com', password: 'liskov-substitution' });
    expect(second.json()).toMatchObject({ success: true, firstSignIn: false });
  });

  it('sets an httpOnly SameSite=Lax session cookie and a 30-day one with Remember me', async () => {
    const user = await signUp(t);
    const plain = await login({ email: user.email, password: user.password });
    const cookie = plain.cookies.find((c) => c.name === 'sid')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie.secure).toBeFalsy();
    expect(cookie.expires).toBeUndefined();
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const remembered = await login({ email: user.email, password: user.password, rememberMe: true });
    const persistent = remembered.cookies.find((c) => c.name === 'sid')!;
    const days = (persistent.expires!.getTime() - t.clock.now().getTime()) / 86400_000;
    expect(days).toBeCloseTo(30, 0);
  });

  it('marks the cookie Secure behind an HTTPS proxy that TRUST_PROXY names', async () => {
    const proxied = await createTestApp(kind, { env: { TRUST_PROXY: '1' } });
    try {
      const user = await signUp(proxied);
      const res = await proxied.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: user.email, password: user.password },
        headers: { ...json, 'x-forwarded-proto': 'https' },
      });
      expect(res.cookies.find((c) => c.name === 'sid')?.secure).toBe(true);
    } finally {
      await proxied.close();
    }
  });

  it('rotates the session at login, revokes it at logout, and expires it after 24 h', async () => {
    const user = await signUp(t);
    const first = user.cookie;
    expect((await me(first)).statusCode).toBe(200);
    const again = await login({ email: user.email, password: user.password }, { cookie: first });
    const second = sessionCookie(again)!;
    expect(second).not.toBe(first);
    expect((await me(first)).statusCode).toBe(401);
    const meRes = await me(second);
    expect(meRes.statusCode).toBe(200);
    expect(meRes.json()).toMatchObject({ usageLimit: 3, user: { email: user.email, monthlyUsage: 0 } });
    expect(meRes.body).not.toContain('argon2');
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: second } });
    expect(out.statusCode).toBe(200);
    expect((await me(second)).statusCode).toBe(401);
    const third = sessionCookie(await login({ email: user.email, password: user.password }))!;
    t.clock.advance(24 * 3600_000 + 1000);
    expect((await me(third)).statusCode).toBe(401);
  });

  it('gives one 401 message for an unknown email and a wrong password', async () => {
    const user = await signUp(t);
    const wrong = await login({ email: user.email, password: 'not the password' });
    const unknown = await login({ email: 'ghost@example.com', password: 'not the password' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
  });

  it('refuses cross-site posts with 403 and non-JSON bodies with 415', async () => {
    const user = await signUp(t);
    const payload = { email: user.email, password: user.password };
    expect((await login(payload, { origin: 'https://evil.example' })).statusCode).toBe(403);
    expect((await login(payload, { 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
    expect((await login(payload, { origin: ORIGIN, 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
    const plain = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: JSON.stringify(payload), headers: { 'content-type': 'text/plain' } });
    expect(plain.statusCode).toBe(415);
    const form = await t.app.inject({ method: 'POST', url: '/api/auth/logout', payload: 'a=b', headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: user.cookie } });
    expect(form.statusCode).toBe(415);
    expect((await me(user.cookie)).statusCode).toBe(200);
  });

  it('rate-limits repeated failed logins with 429 and a message', async () => {
    const user = await signUp(t);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await login({ email: user.email, password: `wrong-${i}-password` })).statusCode);
    // signUp's own login was the first of the 10 allowed in the window.
    expect(statuses.slice(0, 9)).toEqual(Array(9).fill(401));
    expect(statuses.slice(9)).toEqual([429, 429, 429]);
    const limited = await login({ email: user.email, password: user.password });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/Too many attempts/);
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('creates exactly one user from 10 concurrent registrations of one email', async () => {
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => register({ username: `racer${i}`, email: 'race@example.com', password: 'same-password' })),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(9);
    const [row] = await t.database.db.select({ n: count() }).from(users).where(eq(users.email, 'race@example.com'));
    expect(row!.n).toBe(1);
  });

  it('answers unknown API paths with a JSON 404 and accepts the not-found report', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found' });
    const report = await t.app.inject({ method: 'POST', url: '/api/set-status?status=404&path=/nonexistent', headers: json });
    expect(report.statusCode).toBe(204);
    const bad = await t.app.inject({ method: 'POST', url: '/api/set-status?status=abc', headers: json });
    expect(bad.statusCode).toBe(400);
  });
});
