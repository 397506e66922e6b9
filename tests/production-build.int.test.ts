// The production build: scripts/build-server.mjs compiles the server to dist/server, and the
// compiled server (what `npm start` runs) finds its migrations, serves /readyz and answers the API
// with the database, argon2, the session cookie and the mail outbox all working.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startAppProcess, type AppProcess } from './support/app-process.js';

const ROOT = resolve(import.meta.dirname, '..');

describe('the compiled server (dist/server)', { timeout: 240_000 }, () => {
  let app: AppProcess;

  beforeAll(async () => {
    const build = spawnSync(process.execPath, [join(ROOT, 'scripts/build-server.mjs')], { cwd: ROOT, encoding: 'utf8' });
    expect(build.status, build.stderr).toBe(0);
    app = await startAppProcess({}, { built: true, pgliteTemplate: inject('pgliteTemplateDir') });
  }, 240_000);

  afterAll(async () => {
    await app?.stop();
  });

  it('builds JavaScript with source maps and no test code', () => {
    expect(existsSync(join(ROOT, 'dist/server/main.js'))).toBe(true);
    expect(existsSync(join(ROOT, 'dist/server/main.js.map'))).toBe(true);
    expect(existsSync(join(ROOT, 'dist/server/config.test.js'))).toBe(false);
  });

  it('is ready, with its migrations applied', async () => {
    const res = await fetch(`${app.url}/readyz`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { checks: Record<string, boolean> }).checks.database).toBe(true);
  });

  it('registers, verifies and signs in a user', async () => {
    const email = `built-${Date.now()}@example.com`;
    const password = 'compiled javascript';
    const call = (path: string, init: { method?: string; body?: unknown; cookie?: string } = {}) =>
      fetch(`${app.url}${path}`, {
        method: init.method ?? 'GET',
        headers: { ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}), ...(init.cookie ? { cookie: init.cookie } : {}) },
        body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
      });

    expect((await call('/api/auth/register', { method: 'POST', body: { username: 'builder', email, password } })).status).toBe(201);
    const mail = app.outboxLinks().find((m) => m.to === email);
    expect(mail?.link).toContain('/verify-email?token=');
    const token = new URL(mail!.link).searchParams.get('token');
    expect((await call(`/api/auth/verify-email?token=${token}`)).status).toBe(200);
    const login = await call('/api/auth/login', { method: 'POST', body: { email, password } });
    expect(login.status).toBe(200);
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
    const me = await call('/api/auth/me', { cookie });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { user: { email: string } }).user.email).toBe(email);
  });
});
