// The production build: scripts/build-server.mjs compiles the server to dist/server, and the
// compiled server (what `npm start` runs) finds its migrations, serves /readyz and answers the API
// with the database, argon2, the session cookie and the mail outbox all working.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startAppProcess, type AppProcess } from './support/app-process.js';
import { signUpOverHttp, uniqueEmail } from './support/sign-up.js';

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

  it('signs a user up, knows them by the session cookie and generates for them', async () => {
    const { email, cookie } = await signUpOverHttp(app.url, () => app.outboxLinks(), { email: uniqueEmail('built') });
    const me = await fetch(`${app.url}/api/auth/me`, { headers: { cookie } });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { user: { email: string } }).user.email).toBe(email);

    // Generation runs the builtin engine (and whatever worker modules it loads) from dist/ too.
    const generated = await fetch(`${app.url}/api/latex/generate`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ content: '# Built\n\nCompiled JavaScript serves this note.', documentType: 'article' }),
    });
    expect(generated.status).toBe(200);
    expect(((await generated.json()) as { latex: string }).latex).toContain('\\documentclass');
  });
});
