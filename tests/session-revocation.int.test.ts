// Each web process keeps the sessions it has looked up (src/server/auth/session-cache.ts); a change
// committed through one process, or straight in the database, must reach the other at once. Two
// server processes on one PostgreSQL: both have the user's sessions in memory (each has answered
// /api/auth/me with them), then a sign-out, a password change, a plan change made in SQL, and a
// dropped notification connection are each followed at once by a request to the other process.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import postgres from 'postgres';
import { users } from '../src/server/db/schema.js';
import { startAppProcess, type AppProcess } from './support/app-process.js';
import { signUpOverHttp, uniqueEmail, type HttpAccount } from './support/sign-up.js';
import { createTestDatabase, type TestDatabase } from './support/test-db.js';

describe('a revoked session in another server process', { timeout: 240_000 }, () => {
  let database: TestDatabase;
  let a: AppProcess;
  let b: AppProcess;

  beforeAll(async () => {
    database = await createTestDatabase('postgres', { poolSize: 2 });
    [a, b] = await Promise.all([0, 1].map(() => startAppProcess({ DATABASE_URL: database.url!, COMPILE_CONCURRENCY: '1' }))) as [AppProcess, AppProcess];
  }, 240_000);

  afterAll(async () => {
    await Promise.all([a, b].filter(Boolean).map((app) => app.stop()));
    await database?.destroy();
  });

  const me = (app: AppProcess, cookie: string) => fetch(`${app.url}/api/auth/me`, { headers: { cookie } });
  const outbox = () => [...a.outboxLinks(), ...b.outboxLinks()];

  /** A new account, signed in twice (two sessions), each session already answered by both processes (so kept by both). */
  async function twoSessionsKeptByBoth(): Promise<{ account: HttpAccount; first: string; second: string }> {
    const account = await signUpOverHttp(a.url, outbox, { email: uniqueEmail('revoke') });
    const login = await fetch(`${b.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: account.email, password: account.password }) });
    expect(login.status).toBe(200);
    const second = login.headers.getSetCookie()[0]!.split(';')[0]!;
    for (const cookie of [account.cookie, second]) {
      for (const app of [a, b]) for (let i = 0; i < 3; i++) expect((await me(app, cookie)).status).toBe(200);
    }
    return { account, first: account.cookie, second };
  }

  it('refuses a signed-out session at once in the other process', async () => {
    const { first, second } = await twoSessionsKeptByBoth();
    expect((await fetch(`${a.url}/api/auth/logout`, { method: 'POST', headers: { cookie: first } })).status).toBe(200);
    expect((await me(b, first)).status).toBe(401);
    expect((await me(a, first)).status).toBe(401);
    // The user's other session is theirs still.
    expect((await me(b, second)).status).toBe(200);
  });

  it("ends the user's other sessions at once in the other process when the password changes", async () => {
    const { account, first, second } = await twoSessionsKeptByBoth();
    const changed = await fetch(`${a.url}/api/auth/change-password`, {
      method: 'POST',
      headers: { cookie: first, 'content-type': 'application/json', origin: a.url },
      body: JSON.stringify({ currentPassword: account.password, newPassword: 'a new long password' }),
    });
    expect(changed.status).toBe(200);
    expect((await me(b, second)).status).toBe(401);
    expect((await me(a, second)).status).toBe(401);
    expect((await me(b, first)).status).toBe(200);
  });

  it('answers with the row as committed, whoever changed it (here SQL run beside the app)', async () => {
    const { account, first } = await twoSessionsKeptByBoth();
    expect(((await (await me(b, first)).json()) as { user: { subscriptionTier: string } }).user.subscriptionTier).toBe('free');
    await database.db.update(users).set({ subscriptionTier: 'tier3' }).where(eq(users.email, account.email));
    const after = (await (await me(b, first)).json()) as { user: { subscriptionTier: string } };
    expect(after.user.subscriptionTier).toBe('tier3');
    await database.db.delete(users).where(eq(users.email, account.email));
    expect((await me(a, first)).status).toBe(401);
    expect((await me(b, first)).status).toBe(401);
  });

  it('keeps nothing while its notification connection is down: a session deleted meanwhile is refused', async () => {
    const { first, second } = await twoSessionsKeptByBoth();
    const admin = postgres(database.url!, { max: 1, onnotice: () => {} });
    try {
      // Every connection of the app processes ends (their listeners among them) ...
      await admin`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`;
      // ... and a session is deleted before they listen again: no process may answer from memory.
      await new Promise((resolve) => setTimeout(resolve, 100));
      await admin`delete from sessions where id in (select id from sessions order by created_at desc limit 1)`;
      const answers = await Promise.all([me(a, first), me(b, first), me(a, second), me(b, second)]);
      // The newest session (the second sign-in) is gone in both; the first remains.
      expect(answers.map((r) => r.status)).toEqual([200, 200, 401, 401]);
    } finally {
      await admin.end();
    }
  });
});
