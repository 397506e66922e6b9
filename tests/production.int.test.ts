// Production means production: the real server process with NODE_ENV=production refuses to start
// on development conveniences nobody asked for (naming the variables), refuses TRUST_PROXY=true,
// and, started with ALLOW_OUTBOX_MAIL and ALLOW_DEMO_PAYMENTS, keeps verification links out of its
// output and off the web. In-process on both databases: /dev/outbox, /metrics with and without
// METRICS_TOKEN, the labelled demo checkout.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { serverCommand, startAppProcess, type AppProcess } from './support/app-process.js';
import { signUpOverHttp, uniqueEmail } from './support/sign-up.js';
import { createTestApp, injectPatiently, ORIGIN, signUp, type TestApp } from './support/test-app.js';
import { createTestDatabase, DB_KINDS, type TestDatabase } from './support/test-db.js';

const ROOT = resolve(import.meta.dirname, '..');
const PRODUCTION = { NODE_ENV: 'production', ALLOW_OUTBOX_MAIL: 'true', ALLOW_DEMO_PAYMENTS: 'true' };
const METRICS_TOKEN = 'metrics-token-for-tests-0123456789';
/** How long one start-up of the server process may take before spawnSync stops it. */
const START_LIMIT = 120_000;

describe('production start-up', () => {
  function start(env: Record<string, string>) {
    const dataDir = mkdtempSync(join(tmpdir(), 'latexgen-prod-'));
    try {
      return spawnSync(process.execPath, serverCommand(false), {
        cwd: ROOT,
        env: { PATH: process.env.PATH ?? '/usr/bin:/bin', DATA_DIR: dataDir, PORT: '5119', HOST: '127.0.0.1', ...env },
        encoding: 'utf8',
        timeout: START_LIMIT,
      });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }

  it('stops without SMTP_URL and STRIPE_SECRET_KEY unless ALLOW_OUTBOX_MAIL and ALLOW_DEMO_PAYMENTS ask for the conveniences', () => {
    const run = start({ NODE_ENV: 'production' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('SMTP_URL: is required with NODE_ENV=production; set ALLOW_OUTBOX_MAIL=true');
    expect(run.stderr).toContain('STRIPE_SECRET_KEY: is required with NODE_ENV=production; set ALLOW_DEMO_PAYMENTS=true');
    const mailOnly = start({ NODE_ENV: 'production', ALLOW_OUTBOX_MAIL: 'true' });
    expect(mailOnly.status).toBe(1);
    expect(mailOnly.stderr).not.toContain('SMTP_URL');
    expect(mailOnly.stderr).toContain('STRIPE_SECRET_KEY');
    // Two start-ups, each allowed START_LIMIT by spawnSync: the test's own limit covers both (on a loaded 2-core machine one took 65 s).
  }, 2 * START_LIMIT);

  it('stops on TRUST_PROXY=true with a message saying what to give instead', () => {
    const run = start({ TRUST_PROXY: 'true' });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/TRUST_PROXY: true would trust any X-Forwarded-For a client sends; give the number of proxies/);
  });
});

describe.each(DB_KINDS)('the production server process on %s', (kind) => {
  let app: AppProcess;
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    database = kind === 'postgres' ? await createTestDatabase('postgres') : undefined;
    app = await startAppProcess(
      { ...PRODUCTION, LOG_LEVEL: 'info', METRICS_TOKEN, ...(database?.url ? { DATABASE_URL: database.url } : {}) },
      kind === 'pglite' ? { pgliteTemplate: inject('pgliteTemplateDir') } : {},
    );
  }, 240_000);
  afterAll(async () => {
    await app?.stop();
    await database?.destroy();
  });

  it('keeps verification links in the outbox files only: not on the web, not in its output', async () => {
    const email = uniqueEmail('prod');
    await signUpOverHttp(app.url, () => app.outboxLinks(), { email });
    const link = app.outboxLinks().find((m) => m.to === email)!.link;
    const token = new URL(link).searchParams.get('token')!;
    expect(token.length).toBeGreaterThan(20);
    expect((await fetch(`${app.url}/dev/outbox`)).status).toBe(404);
    expect((await fetch(`${app.url}/dev/outbox.json`)).status).toBe(404);
    // The request log names the verification path (so it logged the request) but never its token.
    const output = app.output();
    expect(output).toContain('/api/auth/verify-email');
    expect(output).toContain(email);
    expect(output).not.toContain(token);
    expect(output).not.toContain(encodeURIComponent(token));
    expect(output).not.toContain('verify-email?token=');
  });

  it('serves /metrics only with the Bearer token', async () => {
    expect((await fetch(`${app.url}/metrics`)).status).toBe(401);
    expect((await fetch(`${app.url}/metrics`, { headers: { authorization: 'Bearer not-the-token-at-all-000' } })).status).toBe(401);
    const ok = await fetch(`${app.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain('http_request_duration_seconds');
  });
});

describe.each(DB_KINDS)('production settings in-process on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { env: PRODUCTION });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 404 for /dev/outbox and, without METRICS_TOKEN, for /metrics', async () => {
    for (const url of ['/dev/outbox', '/dev/outbox.json', '/metrics']) expect((await injectPatiently(t, { url })).statusCode, url).toBe(404);
  });

  it('still labels the demo checkout "Demo payment — no card is charged"', async () => {
    const user = await signUp(t);
    const res = await injectPatiently(t, { method: 'POST', url: '/api/subscription/create', payload: { tier: 'pro' }, headers: { cookie: user.cookie, origin: ORIGIN } });
    expect(res.statusCode).toBe(200);
    const page = await injectPatiently(t, { url: new URL(res.json().url).pathname, headers: { cookie: user.cookie } });
    expect(page.body).toContain('Demo payment — no card is charged');
  });
});
