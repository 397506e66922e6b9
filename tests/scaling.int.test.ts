// Two app processes against one PostgreSQL behind a round-robin proxy: sessions, quotas and
// sign-out hold across both, because every piece of state lives in the database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../src/server/db/schema.js';
import { startAppProcess, type AppProcess } from './support/app-process.js';
import { startRoundRobinProxy, type Proxy } from './support/round-robin-proxy.js';
import { signUpOverHttp, uniqueEmail } from './support/sign-up.js';
import { createTestDatabase, type TestDatabase } from './support/test-db.js';

describe('two app processes behind a proxy', { timeout: 240_000 }, () => {
  let database: TestDatabase;
  let apps: AppProcess[];
  let proxy: Proxy;

  beforeAll(async () => {
    database = await createTestDatabase('postgres', { poolSize: 2 });
    apps = await Promise.all([0, 1].map(() => startAppProcess({ DATABASE_URL: database.url!, COMPILE_CONCURRENCY: '1' })));
    proxy = await startRoundRobinProxy(apps.map((a) => a.port));
  }, 240_000);

  afterAll(async () => {
    await proxy?.close();
    await Promise.all((apps ?? []).map((a) => a.stop()));
    await database?.destroy();
  });

  const call = (path: string, init: { method?: string; body?: unknown; cookie?: string } = {}) =>
    fetch(`${proxy.url}${path}`, {
      method: init.method ?? 'GET',
      headers: { ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}), ...(init.cookie ? { cookie: init.cookie } : {}) },
      body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
    });

  it('keeps sessions, quotas and logout correct across both processes', async () => {
    // Registration, the emailed link and sign-in each land on either process.
    const { email, cookie } = await signUpOverHttp(proxy.url, () => apps.flatMap((a) => a.outboxLinks()), { email: uniqueEmail('scale') });

    // The session made by one process is honoured by the other.
    for (let i = 0; i < 4; i++) expect((await call('/api/auth/me', { cookie })).status).toBe(200);

    const [row] = await database.db.select().from(users).where(eq(users.email, email));
    await database.db.update(users).set({ monthlyUsage: 1 }).where(eq(users.id, row!.id)); // k = 2
    const before = [...proxy.hits];
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => call('/api/latex/generate', { method: 'POST', body: { content: `note ${i}` }, cookie })),
    );
    const codes = results.map((r) => r.status);
    // Exactly k charged across both processes; the rest are over the limit (402) or met another
    // generation of this user still running in that process (409, one in flight per user).
    expect(codes.filter((c) => c === 200), `statuses: ${codes.join(' ')}`).toHaveLength(2);
    expect(codes.filter((c) => c !== 200 && c !== 402 && c !== 409)).toEqual([]);
    expect(proxy.hits[0]! - before[0]!).toBeGreaterThanOrEqual(20);
    expect(proxy.hits[1]! - before[1]!).toBeGreaterThanOrEqual(20);
    const [after] = await database.db.select().from(users).where(eq(users.id, row!.id));
    expect(after!.monthlyUsage).toBe(3);

    expect((await call('/api/auth/logout', { method: 'POST', cookie })).status).toBe(200);
    for (const app of apps) {
      expect((await fetch(`${app.url}/api/auth/me`, { headers: { cookie } })).status).toBe(401);
    }
  });
});
