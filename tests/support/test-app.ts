// Builds the real app in-process for integration tests: a fresh database of the given kind, the
// outbox mailer in a temporary folder (read back like a person reading their inbox), a manual clock.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, type AppDeps } from '../../src/server/app.js';
import { blobStoreFor, type BlobStore } from '../../src/server/blobs/index.js';
import { ManualClock } from '../../src/server/clock.js';
import { loadConfig, type Config } from '../../src/server/config.js';
import { createOutboxMailer, type Mailer, type StoredMail } from '../../src/server/mail/mailer.js';
import { DEFAULT_RATE_LIMITS } from '../../src/server/http/rate-limits.js';
import { createCompileService } from '../../src/server/latex/compile/index.js';
import { generatorPreambleReader, generatorPreambles } from '../../src/server/latex/generator-formats.js';
import { compileTextWork, createTextPool, type TextPool } from '../../src/server/latex/worker-pool/pool.js';
import { createTestDatabase, type DbKind, type TestDatabase } from './test-db.js';

export const ORIGIN = 'http://localhost:5000';

let sharedPool: TextPool | undefined;
/**
 * One worker pool for every test app of a test file: starting workers (each loads the generator)
 * is the slow part, and the apps of one file take turns anyway. Its threads are ended with the
 * test process.
 */
export function sharedTextPool(): TextPool {
  sharedPool ??= createTextPool({ taskTimeoutMs: loadConfig({}).text.taskTimeoutMs });
  return sharedPool;
}

export interface TestApp {
  app: FastifyInstance;
  blobs: BlobStore;
  database: TestDatabase;
  clock: ManualClock;
  config: Config;
  mailer: Mailer;
  outbox(): Promise<StoredMail[]>;
  close(): Promise<void>;
}

export async function createTestApp(
  kind: DbKind,
  overrides: Partial<Omit<AppDeps, 'config' | 'database'>> & { env?: Record<string, string> } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'latexgen-app-'));
  const config = loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: ORIGIN, LOG_LEVEL: 'silent', ...overrides.env });
  const database = await createTestDatabase(kind);
  const clock = overrides.clock instanceof ManualClock ? overrides.clock : new ManualClock(new Date('2026-11-15T12:00:00Z'));
  const outboxMailer = createOutboxMailer(join(dataDir, 'outbox'), config.mailFrom);
  const mailer = overrides.mailer ?? outboxMailer;
  // Many tests register from one address; the register limit has its own test.
  const rateLimits = overrides.rateLimits ?? { ...DEFAULT_RATE_LIMITS, register: { max: 10_000, timeWindow: 60_000 } };
  // The real worker pool, used by the app and its compiler as in production.
  const textPool = overrides.textPool ?? sharedTextPool();
  // The real sandboxed compiler; formats are not pre-built per test app (the compile tests cover them).
  // The database's own blob store, as the app would pick it (files here, or large objects).
  const blobs = overrides.blobs ?? blobStoreFor(database, dataDir);
  const compiler =
    overrides.compiler ??
    createCompileService({ dataDir, warmFormats: false, timeoutMs: 30_000, preambles: generatorPreambles, preambleReader: generatorPreambleReader, textWork: compileTextWork(textPool), storedFiles: blobs });
  const app = await buildApp({ maxEventLoopDelayMs: 0, ...overrides, compiler, textPool, rateLimits, config, database, blobs, clock, mailer, logger: false, clientDir: join(dataDir, 'no-client') });
  await app.ready();
  return {
    app,
    blobs,
    database,
    clock,
    config,
    mailer,
    outbox: () => outboxMailer.list!(),
    async close() {
      await app.close();
      if (!overrides.compiler) await compiler.close();
      await database.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Cookie header value from a response's set-cookie, for the next request. */
export function sessionCookie(response: LightMyRequestResponse): string | undefined {
  const sid = response.cookies.find((c) => c.name === 'sid');
  return sid && sid.value ? `sid=${sid.value}` : undefined;
}

export function tokenFromLink(link: string): string {
  const token = new URL(link).searchParams.get('token');
  if (!token) throw new Error(`no token in ${link}`);
  return token;
}

/**
 * inject(), asked again while the app sheds load (503 "heavy load"): on a starved test machine the
 * set-up's own blocking work (copying a database) can trip the load shedder, which is not what
 * the set-up is testing.
 */
export async function injectPatiently(t: TestApp, options: InjectOptions): Promise<LightMyRequestResponse> {
  for (let attempt = 0; ; attempt++) {
    const res = await t.app.inject(options);
    if (res.statusCode !== 503 || !res.body.includes('heavy load') || attempt >= 30) return res;
    await new Promise((r) => setTimeout(r, 500));
  }
}

/**
 * Retries a 503 after its Retry-After, as the editor does: on a loaded machine a request can find
 * the app shedding load (PGlite decoding a 10 MB image on the event loop) or the text workers
 * still busy (their first tasks load the generator).
 */
export async function politely<T extends { statusCode: number; headers: Record<string, unknown> }>(send: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const res = await send();
    if (res.statusCode !== 503 || attempt === 4) return res;
    await new Promise((resolve) => setTimeout(resolve, Number(res.headers['retry-after'] ?? 1) * 1000));
  }
}

let counter = 0;
/** Registers, verifies through the emailed link, and signs in; returns the session cookie. */
export async function signUp(t: TestApp, options: { email?: string; password?: string } = {}) {
  counter += 1;
  const email = options.email ?? `user${counter}-${Date.now()}@example.com`;
  const password = options.password ?? 'correct horse battery';
  const username = email.split('@')[0]!;
  const reg = await injectPatiently(t, { method: 'POST', url: '/api/auth/register', payload: { username, email, password } });
  if (reg.statusCode !== 201) throw new Error(`register failed: ${reg.body}`);
  const mail = (await t.outbox()).find((m) => m.to === email.toLowerCase());
  if (!mail?.link) throw new Error('no verification mail');
  const verify = await injectPatiently(t, { method: 'GET', url: `/api/auth/verify-email?token=${tokenFromLink(mail.link)}` });
  if (verify.statusCode !== 200) throw new Error(`verify failed: ${verify.body}`);
  const login = await injectPatiently(t, { method: 'POST', url: '/api/auth/login', payload: { email, password } });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
  const cookie = sessionCookie(login)!;
  return { email: email.toLowerCase(), password, username, cookie, userId: (login.json() as { user: { id: number } }).user.id };
}
