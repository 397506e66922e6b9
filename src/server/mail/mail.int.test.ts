// Mail through a real SMTP server on loopback: the message parses, carries the link, and the link
// verifies the account. With the mail server down, registration still succeeds and signs the user in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpMailer } from './mailer.js';
import { startSmtpCatcher, type SmtpCatcher } from '../../../tests/support/smtp-catcher.js';
import { createTestApp, sessionCookie, type TestApp } from '../../../tests/support/test-app.js';
import { DB_KINDS } from '../../../tests/support/test-db.js';

describe.each(DB_KINDS)('verification mail over SMTP on %s', (kind) => {
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

  it('sends an HTML and text email whose link verifies the account', async () => {
    const before = smtp.messages.length;
    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { username: 'marie', email: 'marie@example.com', password: 'radium-1898' },
    });
    expect(reg.json().emailVerificationSent).toBe(true);
    const mail = await smtp.waitFor(before);
    expect(mail.subject).toBe('Verify your email for AI Latex Generator');
    expect(mail.to && 'text' in mail.to ? mail.to.text : '').toContain('marie@example.com');
    const link = mail.text?.match(/http:\/\/localhost:5000\/verify-email\?token=[A-Za-z0-9_-]+/)?.[0];
    expect(link).toBeDefined();
    expect(mail.html || '').toContain(link!.replace(/&/g, '&amp;'));
    expect(mail.html || '').toContain('AI Latex Generator');
    // The link opens the /verify-email page, which calls the API with the same token.
    const verified = await t.app.inject({ method: 'GET', url: link!.replace('http://localhost:5000/verify-email', '/api/auth/verify-email') });
    expect(verified.statusCode).toBe(200);
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'marie@example.com', password: 'radium-1898' } });
    expect(login.statusCode).toBe(200);
  });
});

describe('registration with the mail server down', () => {
  it('reports emailVerificationSent false and signs the user in', async () => {
    // Port 9 on loopback: nothing listens, the connection is refused at once.
    const t = await createTestApp('pglite', { mailer: createSmtpMailer('smtp://127.0.0.1:9', 'x@example.com') });
    try {
      const reg = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { username: 'lise', email: 'lise@example.com', password: 'fission-1938' },
      });
      expect(reg.statusCode).toBe(201);
      expect(reg.json()).toMatchObject({ emailVerificationSent: false, requiresEmailVerification: false });
      expect(reg.json().message).toContain("couldn't send the verification email");
      const cookie = sessionCookie(reg);
      expect(cookie).toBeDefined();
      const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: cookie! } });
      expect(me.statusCode).toBe(200);
      const resend = await t.app.inject({ method: 'POST', url: '/api/auth/resend-verification', payload: { email: 'lise@example.com' } });
      expect(resend.statusCode).toBe(503);
      expect(resend.json()).toMatchObject({ success: false, message: 'Failed to send verification email. Please try again.' });
    } finally {
      await t.close();
    }
  });
});
