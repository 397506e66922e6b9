// Password reset and profile changes through inject(), against PGlite and PostgreSQL: links that work
// once and expire, unknown addresses that learn nothing, sessions that end, an email that changes
// only once the new address is confirmed, and the rate limits.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { accountTokens, sessions, users } from '../db/schema.js';
import { createSmtpMailer, type StoredMail } from '../mail/mailer.js';
import { DEFAULT_RATE_LIMITS } from '../http/rate-limits.js';
import { startSmtpCatcher, type SmtpCatcher } from '../../../tests/support/smtp-catcher.js';
import { createTestApp, ORIGIN, sessionCookie, signUp, tokenFromLink, type TestApp } from '../../../tests/support/test-app.js';
import { DB_KINDS } from '../../../tests/support/test-db.js';
import { hashToken } from './tokens.js';

const json = { 'content-type': 'application/json' };
const RESET_SENT = 'If an account exists for this email, we have sent a link to reset your password. Please check your inbox.';

function post(t: TestApp, url: string, payload: unknown, cookie?: string) {
  return t.app.inject({ method: 'POST', url, payload: payload as Record<string, unknown>, headers: { ...json, ...(cookie ? { cookie } : {}) } });
}
const me = (t: TestApp, cookie: string) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
const login = (t: TestApp, email: string, password: string) => post(t, '/api/auth/login', { email, password });

/** The newest mail to `to` whose subject contains `subject`, waiting for mail sent after the answer. */
async function mailTo(t: TestApp, to: string, subject: string, after = 0): Promise<StoredMail> {
  for (let waited = 0; waited < 5000; waited += 25) {
    const mail = (await t.outbox()).find((m) => m.to === to && m.subject.includes(subject) && Date.parse(m.sentAt) >= after);
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`no "${subject}" mail to ${to}`);
}

describe.each(DB_KINDS)('password reset on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers the same for a known and an unknown address, and mails only the known one', async () => {
    const user = await signUp(t);
    const known = await post(t, '/api/auth/forgot-password', { email: user.email.toUpperCase() });
    const unknown = await post(t, '/api/auth/forgot-password', { email: 'nobody-here@example.com' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual({ success: true, message: RESET_SENT });
    expect(unknown.body).toBe(known.body);
    const mail = await mailTo(t, user.email, 'Reset your password');
    expect(mail.link).toMatch(new RegExp(`^${ORIGIN}/reset-password\\?token=[A-Za-z0-9_-]{43}$`));
    expect(mail.text).toContain('expires in 1 hour');
    // Let any mail the unknown address might have caused arrive before counting.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await t.outbox()).filter((m) => m.to === 'nobody-here@example.com')).toHaveLength(0);
    // At rest only the token's SHA-256.
    const token = tokenFromLink(mail.link!);
    const [row] = await t.database.db.select().from(accountTokens).where(eq(accountTokens.userId, user.userId));
    expect(row!.id).toBe(hashToken(token));
    expect(row!.purpose).toBe('password_reset');
    expect(row!.expiresAt.getTime() - t.clock.now().getTime()).toBe(3600_000);
    const bad = await post(t, '/api/auth/forgot-password', { email: 'not-an-email' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Must provide a valid email');
  });

  it('resets once: every old session ends, this device is signed in, the link cannot be reused', async () => {
    const user = await signUp(t);
    const phone = sessionCookie(await login(t, user.email, user.password))!;
    await post(t, '/api/auth/forgot-password', { email: user.email });
    const token = tokenFromLink((await mailTo(t, user.email, 'Reset your password')).link!);

    const short = await post(t, '/api/auth/reset-password', { token, password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('Password must be at least 8 characters');

    const reset = await post(t, '/api/auth/reset-password', { token, password: 'a brand new password' }, user.cookie);
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toMatchObject({ success: true, message: 'Your password has been reset. You are signed in.', user: { email: user.email }, usageLimit: 3 });
    const fresh = sessionCookie(reset)!;
    expect(fresh).toBeDefined();
    expect(fresh).not.toBe(user.cookie);
    expect((await me(t, fresh)).statusCode).toBe(200);
    expect((await me(t, user.cookie)).statusCode).toBe(401);
    expect((await me(t, phone)).statusCode).toBe(401);
    const left = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.userId));
    expect(left).toHaveLength(1);

    expect((await login(t, user.email, user.password)).statusCode).toBe(401);
    expect((await login(t, user.email, 'a brand new password')).statusCode).toBe(200);

    // The page checks the link as it opens: a used one says so before any password is typed.
    const check = await post(t, '/api/auth/reset-password/check', { token });
    expect(check.statusCode).toBe(400);
    expect(check.json()).toEqual({ success: false, message: 'This password reset link is invalid or has already been used.' });
    const reuse = await post(t, '/api/auth/reset-password', { token, password: 'yet another password' });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json()).toEqual({ success: false, message: 'This password reset link is invalid or has already been used.' });
    expect(sessionCookie(reuse)).toBeUndefined();
    expect((await login(t, user.email, 'a brand new password')).statusCode).toBe(200);
  });

  it('lets exactly one of two simultaneous resets with one link through', async () => {
    const user = await signUp(t);
    await post(t, '/api/auth/forgot-password', { email: user.email });
    const token = tokenFromLink((await mailTo(t, user.email, 'Reset your password')).link!);
    const results = await Promise.all(['first password!', 'second password!'].map((password) => post(t, '/api/auth/reset-password', { token, password })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const password = results[0]!.statusCode === 200 ? 'first password!' : 'second password!';
    expect((await login(t, user.email, password)).statusCode).toBe(200);
  });

  it('refuses an expired link with tokenExpired, and a newer link replaces an older one', async () => {
    const user = await signUp(t);
    await post(t, '/api/auth/forgot-password', { email: user.email });
    const first = tokenFromLink((await mailTo(t, user.email, 'Reset your password')).link!);
    // Checking a working link uses nothing up.
    expect((await post(t, '/api/auth/reset-password/check', { token: first })).json()).toEqual({ success: true, valid: true });
    expect((await post(t, '/api/auth/reset-password/check', { token: first })).statusCode).toBe(200);
    t.clock.advance(60 * 60_000 + 1000);
    expect((await post(t, '/api/auth/reset-password/check', { token: first })).json()).toEqual({
      success: false,
      message: 'This password reset link has expired. Please request a new one.',
      tokenExpired: true,
    });
    const expired = await post(t, '/api/auth/reset-password', { token: first, password: 'too late password' });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual({ success: false, message: 'This password reset link has expired. Please request a new one.', tokenExpired: true });
    expect((await login(t, user.email, user.password)).statusCode).toBe(200);

    const sentAt = Date.now();
    await post(t, '/api/auth/forgot-password', { email: user.email });
    const second = tokenFromLink((await mailTo(t, user.email, 'Reset your password', sentAt)).link!);
    await post(t, '/api/auth/forgot-password', { email: user.email });
    await expect.poll(async () => (await t.database.db.select().from(accountTokens).where(eq(accountTokens.userId, user.userId)))[0]?.id).not.toBe(hashToken(second));
    const replaced = await post(t, '/api/auth/reset-password', { token: second, password: 'replaced link password' });
    expect(replaced.statusCode).toBe(400);
    for (const token of ['A'.repeat(43), 'not a token!']) {
      const forged = await post(t, '/api/auth/reset-password', { token, password: 'forged password' });
      expect(forged.statusCode).toBe(400);
    }
  });

  it('counts the address as verified when a reset link reached it', async () => {
    const email = `unverified-${Date.now()}@example.com`;
    await post(t, '/api/auth/register', { username: `unverified${Date.now()}`, email, password: 'first password' });
    expect((await login(t, email, 'first password')).statusCode).toBe(403);
    await post(t, '/api/auth/forgot-password', { email });
    const token = tokenFromLink((await mailTo(t, email, 'Reset your password')).link!);
    expect((await post(t, '/api/auth/reset-password', { token, password: 'second password' })).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(row!.emailVerified).toBe(true);
    expect((await login(t, email, 'second password')).statusCode).toBe(200);
  });
});

describe.each(DB_KINDS)('profile changes on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });
  const rename = (username: unknown, cookie?: string) =>
    t.app.inject({ method: 'PATCH', url: '/api/auth/me', payload: { username } as Record<string, unknown>, headers: { ...json, ...(cookie ? { cookie } : {}) } });

  it('renames with PATCH /api/auth/me, refusing a taken or short name and a visitor', async () => {
    const user = await signUp(t);
    const other = await signUp(t);
    const res = await rename('  Ada Lovelace  ', user.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: 'Your username has been updated.', user: { username: 'Ada Lovelace', email: user.email } });
    expect((await me(t, user.cookie)).json().user.username).toBe('Ada Lovelace');
    const taken = await rename(other.username, user.cookie);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('This username is already taken');
    const short = await rename('ab', user.cookie);
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('Username must be at least 3 characters');
    expect((await rename('Someone', undefined)).statusCode).toBe(401);
    expect((await rename('Ada Lovelace', user.cookie)).statusCode).toBe(200);
  });

  it('changes the password only with the current one, ending the other sessions', async () => {
    const user = await signUp(t);
    const laptop = sessionCookie(await login(t, user.email, user.password))!;
    const wrong = await post(t, '/api/auth/change-password', { currentPassword: 'not my password', newPassword: 'new secret phrase' }, user.cookie);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ message: 'Your current password is incorrect.', field: 'currentPassword' });
    expect((await me(t, laptop)).statusCode).toBe(200);

    const ok = await post(t, '/api/auth/change-password', { currentPassword: user.password, newPassword: 'new secret phrase' }, user.cookie);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ success: true, message: 'Your password has been changed. Other devices have been signed out.' });
    expect((await me(t, user.cookie)).statusCode).toBe(200);
    expect((await me(t, laptop)).statusCode).toBe(401);
    expect((await login(t, user.email, user.password)).statusCode).toBe(401);
    expect((await login(t, user.email, 'new secret phrase')).statusCode).toBe(200);
    expect((await post(t, '/api/auth/change-password', { currentPassword: 'x', newPassword: 'new secret phrase' })).statusCode).toBe(401);
  });

  it('moves to a new email only when the link sent to it is opened, once', async () => {
    const user = await signUp(t);
    const other = await signUp(t);
    const newEmail = `moved-${Date.now()}@example.com`;
    const cases: Array<[Record<string, string>, number, string]> = [
      [{ email: newEmail, currentPassword: 'wrong password' }, 400, 'Your current password is incorrect.'],
      [{ email: other.email, currentPassword: user.password }, 409, 'An account with this email already exists'],
      [{ email: user.email, currentPassword: user.password }, 400, 'This is already your email address.'],
      [{ email: 'nope', currentPassword: user.password }, 400, 'Must provide a valid email'],
    ];
    for (const [payload, status, message] of cases) {
      const res = await post(t, '/api/auth/change-email', payload, user.cookie);
      expect([res.statusCode, res.json().message]).toEqual([status, message]);
    }

    const asked = await post(t, '/api/auth/change-email', { email: newEmail.toUpperCase(), currentPassword: user.password }, user.cookie);
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({
      success: true,
      message: `We sent a confirmation link to ${newEmail}. Your email address changes when you open it.`,
      pendingEmail: newEmail,
    });
    // Until the link is opened the account keeps its address, for signing in too.
    expect((await me(t, user.cookie)).json().user.email).toBe(user.email);
    expect((await login(t, user.email, user.password)).statusCode).toBe(200);
    const mail = await mailTo(t, newEmail, 'Confirm your new email');
    expect(mail.link).toMatch(new RegExp(`^${ORIGIN}/confirm-email\\?token=[A-Za-z0-9_-]{43}$`));
    const token = tokenFromLink(mail.link!);

    // Opened without being signed in (another device): the link alone is the proof, and every
    // session of the account ends with the move.
    const confirmed = await post(t, '/api/auth/confirm-email', { token });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ success: true, message: `Your email address is now ${newEmail}.`, user: { email: newEmail } });
    expect((await me(t, user.cookie)).statusCode).toBe(401);
    const again = await login(t, newEmail, user.password);
    expect(again.statusCode).toBe(200);
    expect((await me(t, sessionCookie(again)!)).json().user).toMatchObject({ email: newEmail, emailVerified: true });
    expect((await login(t, user.email, user.password)).statusCode).toBe(401);
    const notice = await mailTo(t, user.email, 'was changed');
    expect(notice.text).toContain(newEmail);

    const reuse = await post(t, '/api/auth/confirm-email', { token });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().message).toBe('This email confirmation link is invalid or has already been used.');
  });

  it('refuses an expired confirmation, and an address taken in the meantime', async () => {
    const user = await signUp(t);
    const first = `late-${Date.now()}@example.com`;
    await post(t, '/api/auth/change-email', { email: first, currentPassword: user.password }, user.cookie);
    const late = tokenFromLink((await mailTo(t, first, 'Confirm your new email')).link!);
    t.clock.advance(24 * 3600_000 + 1000);
    const expired = await post(t, '/api/auth/confirm-email', { token: late });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({ tokenExpired: true, message: 'This email confirmation link has expired. Please request the change again.' });
    // A day later the session has ended too: sign in again (with the old address, still the account's).
    const cookie = sessionCookie(await login(t, user.email, user.password))!;
    expect((await me(t, cookie)).json().user.email).toBe(user.email);

    const contested = `contested-${Date.now()}@example.com`;
    await post(t, '/api/auth/change-email', { email: contested, currentPassword: user.password }, cookie);
    const token = tokenFromLink((await mailTo(t, contested, 'Confirm your new email')).link!);
    await signUp(t, { email: contested });
    const taken = await post(t, '/api/auth/confirm-email', { token });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('An account with this email already exists');
    expect((await me(t, cookie)).json().user.email).toBe(user.email);
  });
});

describe.each(DB_KINDS)('sealed accounts on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });
  const register = (payload: Record<string, unknown>) => post(t, '/api/auth/register', { password: 'correct horse battery', ...payload });
  const rename = (username: string, cookie: string) => t.app.inject({ method: 'PATCH', url: '/api/auth/me', payload: { username }, headers: { ...json, cookie } });

  it('takes usernames of letters in any script, digits, spaces and . _ -, 3 to 40 characters', async () => {
    const user = await signUp(t);
    for (const name of ['Zoë Ødegård', '李小龍', 'अनुराग शर्मा', 'ada_lovelace-1.0', 'Ἀριστοτέλης', 'x'.repeat(40)]) {
      const res = await rename(name, user.cookie);
      expect([name, res.statusCode]).toEqual([name, 200]);
      expect(res.json().user.username).toBe(name);
    }
    const refused: Array<[string, string]> = [
      ['Security: locked, see http://evil.co', 'Username may contain only letters, digits, spaces and . _ -'],
      ['line\nbreak', 'Username may contain only letters, digits, spaces and . _ -'],
      ['evil\u202egnp.exe', 'Username may contain only letters, digits, spaces and . _ -'],
      ['ada@example.com', 'Username may contain only letters, digits, spaces and . _ -'],
      ['y'.repeat(41), 'Username must be at most 40 characters'],
      ['...', 'Username must contain a letter or a digit'],
      ['ab', 'Username must be at least 3 characters'],
    ];
    for (const [name, message] of refused) {
      const res = await rename(name, user.cookie);
      expect([name, res.statusCode, res.json().message]).toEqual([name, 400, message]);
      const reg = await register({ username: name, email: `refused-${Date.now()}-${Math.random()}@example.com` });
      expect([name, reg.statusCode]).toEqual([name, 400]);
    }
  });

  it('keeps an account named before the rule working until its owner renames it', async () => {
    const user = await signUp(t);
    const legacy = 'Old name: made before the rule / 2024';
    await t.database.db.update(users).set({ username: legacy }).where(eq(users.id, user.userId));
    expect((await me(t, user.cookie)).json().user.username).toBe(legacy);
    const signedIn = await login(t, user.email, user.password);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user.username).toBe(legacy);
    // Its reset mail goes to its own, verified address, which may greet it by that name.
    await post(t, '/api/auth/forgot-password', { email: user.email });
    expect((await mailTo(t, user.email, 'Reset your password')).text).toContain(`Hello ${legacy},`);
    // A new name must follow the rule.
    expect((await rename(legacy, user.cookie)).statusCode).toBe(400);
    expect((await rename('New name', user.cookie)).statusCode).toBe(200);
  });

  it('never repeats a username in mail to an address nobody has verified', async () => {
    const email = `unverified-${Date.now()}@example.com`;
    const username = 'Security team';
    expect((await register({ username, email })).statusCode).toBe(201);
    const verification = await mailTo(t, email, 'Verify your email');
    expect(verification.text.startsWith('Hello,\n')).toBe(true);
    expect(`${verification.text}${verification.html}`).not.toContain(username);
    // A reset link for the account, still unverified, does not name it either.
    await post(t, '/api/auth/forgot-password', { email });
    const reset = await mailTo(t, email, 'Reset your password');
    expect(`${reset.text}${reset.html}`).not.toContain(username);
    // Nor does the confirmation sent to a new address.
    const user = await signUp(t);
    await rename('Security team two', user.cookie);
    const newEmail = `confirm-${Date.now()}@example.com`;
    await post(t, '/api/auth/change-email', { email: newEmail, currentPassword: user.password }, user.cookie);
    const confirm = await mailTo(t, newEmail, 'Confirm your new email');
    expect(confirm.text.startsWith('Hello,\n')).toBe(true);
    expect(`${confirm.text}${confirm.html}`).not.toContain('Security team two');
  });

  it('names an account made with an email alone from the address, adding digits when taken', async () => {
    const stamp = Date.now();
    const first = await register({ email: `Ada.O'Brien+news${stamp}@example.com` });
    expect(first.statusCode).toBe(201);
    expect(first.json().user.username).toBe(`ada.o-brien-news${stamp}`);
    const second = await register({ email: `ada.o'brien+news${stamp}@example.org` });
    expect(second.statusCode).toBe(201);
    expect(second.json().user.username).toMatch(new RegExp(`^ada\\.o-brien-news${stamp}-\\d{4}$`));
    expect((await register({ email: `+${stamp}@example.net` })).json().user.username).toBe(String(stamp));
    expect((await register({ email: `__@x${stamp}.example.net` })).json().user.username).toMatch(/^user(-\d{4})?$/);
  });

  it('ends a pending email change and every reset link when the password changes', async () => {
    const user = await signUp(t);
    const pending = `pending-${Date.now()}@example.com`;
    await post(t, '/api/auth/change-email', { email: pending, currentPassword: user.password }, user.cookie);
    const confirmToken = tokenFromLink((await mailTo(t, pending, 'Confirm your new email')).link!);
    const before = Date.now();
    await post(t, '/api/auth/forgot-password', { email: user.email });
    const resetToken = tokenFromLink((await mailTo(t, user.email, 'Reset your password', before)).link!);
    const changed = await post(t, '/api/auth/change-password', { currentPassword: user.password, newPassword: 'a brand new phrase' }, user.cookie);
    expect(changed.statusCode).toBe(200);
    const confirm = await post(t, '/api/auth/confirm-email', { token: confirmToken });
    expect([confirm.statusCode, confirm.json().message]).toEqual([400, 'This email confirmation link is invalid or has already been used.']);
    expect((await me(t, user.cookie)).json().user.email).toBe(user.email);
    expect((await post(t, '/api/auth/reset-password', { token: resetToken, password: 'attacker chose this' })).statusCode).toBe(400);
    expect(await t.database.db.select().from(accountTokens).where(eq(accountTokens.userId, user.userId))).toEqual([]);
  });

  it('ends every other session and emailed link when the email changes, keeping the browser that confirmed', async () => {
    const user = await signUp(t);
    const laptop = sessionCookie(await login(t, user.email, user.password))!;
    const newEmail = `sealed-${Date.now()}@example.com`;
    await post(t, '/api/auth/change-email', { email: newEmail, currentPassword: user.password }, user.cookie);
    const token = tokenFromLink((await mailTo(t, newEmail, 'Confirm your new email')).link!);
    const before = Date.now();
    await post(t, '/api/auth/forgot-password', { email: user.email });
    const resetToken = tokenFromLink((await mailTo(t, user.email, 'Reset your password', before)).link!);
    const confirmed = await post(t, '/api/auth/confirm-email', { token }, user.cookie);
    expect(confirmed.statusCode).toBe(200);
    expect((await me(t, user.cookie)).json().user.email).toBe(newEmail);
    expect((await me(t, laptop)).statusCode).toBe(401);
    // The reset link mailed to the old address no longer opens the account.
    expect((await post(t, '/api/auth/reset-password', { token: resetToken, password: 'attacker chose this' })).statusCode).toBe(400);
    const remaining = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.userId));
    expect(remaining.map((r) => r.id)).toEqual([hashToken(user.cookie.slice('sid='.length))]);
  });
});

describe('account rate limits', () => {
  it('answers 429 with Retry-After past each budget', async () => {
    const tight = { max: 2, timeWindow: 60_000 };
    const t = await createTestApp('pglite', {
      rateLimits: { ...DEFAULT_RATE_LIMITS, register: { max: 100, timeWindow: 60_000 }, forgotPassword: tight, resetPassword: tight, updateProfile: tight, changePassword: tight, changeEmail: tight, confirmEmail: tight },
    });
    try {
      const user = await signUp(t);
      const calls: Array<() => Promise<{ statusCode: number; headers: Record<string, unknown> }>> = [
        () => post(t, '/api/auth/forgot-password', { email: user.email }),
        () => post(t, '/api/auth/reset-password', { token: 'A'.repeat(43), password: 'some password' }),
        () => t.app.inject({ method: 'PATCH', url: '/api/auth/me', payload: { username: user.username }, headers: { ...json, cookie: user.cookie } }),
        () => post(t, '/api/auth/change-password', { currentPassword: 'wrong password', newPassword: 'some password' }, user.cookie),
        () => post(t, '/api/auth/change-email', { email: 'x@example.com', currentPassword: 'wrong password' }, user.cookie),
        () => post(t, '/api/auth/confirm-email', { token: 'A'.repeat(43) }),
      ];
      for (const call of calls) {
        const statuses = [];
        for (let i = 0; i < 3; i++) statuses.push(await call());
        expect(statuses.slice(0, 2).map((r) => r.statusCode)).not.toContain(429);
        expect(statuses[2]!.statusCode).toBe(429);
        expect(statuses[2]!.headers['retry-after']).toBeDefined();
      }
    } finally {
      await t.close();
    }
  });
});

describe.each(DB_KINDS)('reset mail over SMTP on %s', (kind) => {
  let smtp: SmtpCatcher;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    t = await createTestApp(kind, { mailer: createSmtpMailer(smtp.url, 'AI Latex Generator <no-reply@example.com>') });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });
  const linkIn = (text: string | undefined, path: string) => text?.match(new RegExp(`http://localhost:5000/${path}\\?token=[A-Za-z0-9_-]{43}`))?.[0];

  it('mails a reset link as HTML and text through a real SMTP server, and the link resets', async () => {
    const email = 'smtp-reset@example.com';
    await post(t, '/api/auth/register', { username: 'smtpreset', email, password: 'first password' });
    const verify = linkIn((await smtp.waitFor(0)).text, 'verify-email')!;
    expect((await t.app.inject({ method: 'GET', url: `/api/auth/verify-email?token=${tokenFromLink(verify)}` })).statusCode).toBe(200);

    const res = await post(t, '/api/auth/forgot-password', { email });
    expect(res.json()).toEqual({ success: true, message: RESET_SENT });
    const mail = await smtp.waitFor(1);
    expect(mail.subject).toBe('Reset your password for AI Latex Generator');
    const link = linkIn(mail.text, 'reset-password');
    expect(link).toBeDefined();
    expect(mail.html || '').toContain(link!);
    const reset = await post(t, '/api/auth/reset-password', { token: tokenFromLink(link!), password: 'smtp reset password' });
    expect(reset.statusCode).toBe(200);
    expect((await login(t, email, 'smtp reset password')).statusCode).toBe(200);
  });
});
