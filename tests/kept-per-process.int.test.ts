// Each web process keeps the sessions it has looked up (src/server/auth/session-cache.ts) and the
// first page of each user's history (src/server/documents/history-cache.ts); a change committed
// through one process, or straight in the database, must reach the other at once. Two server
// processes on one PostgreSQL: both have the user's sessions and history in memory (each has
// answered with them), then a sign-out, a password change, a plan change made in SQL, a new
// document, a rename and a stored PDF made in SQL, and a dropped notification connection are each
// followed at once by a request to the other process.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import postgres from 'postgres';
import { documentPdfs, documents, users } from '../src/server/db/schema.js';
import { startAppProcess, type AppProcess } from './support/app-process.js';
import { signUpOverHttp, uniqueEmail, type HttpAccount } from './support/sign-up.js';
import { createTestDatabase, type TestDatabase } from './support/test-db.js';

describe('what another server process keeps: sessions and history', { timeout: 240_000 }, () => {
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

  type Summary = { id: number; title: string; hasPdf: boolean };
  const history = async (app: AppProcess, cookie: string) => {
    const response = await fetch(`${app.url}/api/documents`, { headers: { cookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    return (await response.json()) as Summary[];
  };

  it("shows a user's changed history at once in the other process, whoever changed it", async () => {
    const account = await signUpOverHttp(a.url, outbox, { email: uniqueEmail('history') });
    const cookie = account.cookie;
    // Both processes answer (and keep) the empty history, then one has a document made through it.
    for (const app of [a, b]) for (let i = 0; i < 3; i++) expect(await history(app, cookie)).toEqual([]);
    const created = await fetch(`${a.url}/api/documents`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json', origin: a.url },
      body: JSON.stringify({ title: 'Kept once', inputContent: 'A note' }),
    });
    expect(created.status).toBe(201);
    const id = ((await created.json()) as { id: number }).id;
    expect((await history(b, cookie)).map((d) => d.title)).toEqual(['Kept once']);
    expect((await history(a, cookie)).map((d) => d.title)).toEqual(['Kept once']);
    // A rename and a stored PDF written in SQL beside the app, then the document deleted so.
    await database.db.update(documents).set({ title: 'Renamed in SQL' }).where(eq(documents.id, id));
    expect((await history(b, cookie)).map((d) => d.title)).toEqual(['Renamed in SQL']);
    await database.db.insert(documentPdfs).values({ documentId: id, pdfSize: 1, latexHash: 'x' });
    expect((await history(a, cookie))[0]!.hasPdf).toBe(true);
    expect((await history(b, cookie))[0]!.hasPdf).toBe(true);
    await database.db.delete(documentPdfs).where(eq(documentPdfs.documentId, id));
    expect((await history(b, cookie))[0]!.hasPdf).toBe(false);
    await database.db.delete(documents).where(eq(documents.id, id));
    expect(await history(a, cookie)).toEqual([]);
    expect(await history(b, cookie)).toEqual([]);
  });

  it('keeps nothing while its notification connection is down: a session deleted and a document made meanwhile are seen', async () => {
    const { account, first, second } = await twoSessionsKeptByBoth();
    for (const app of [a, b]) expect(await history(app, first)).toEqual([]);
    const admin = postgres(database.url!, { max: 1, onnotice: () => {} });
    try {
      // Every connection of the app processes ends (their listeners among them) ...
      await admin`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`;
      // ... and a session is deleted before they listen again: no process may answer from memory.
      await new Promise((resolve) => setTimeout(resolve, 100));
      await admin`delete from sessions where id in (select id from sessions order by created_at desc limit 1)`;
      await admin`insert into documents (user_id, title, input_content, latex_content, document_type) select id, 'Made meanwhile', 'x', '', 'article' from users where email = ${account.email}`;
      const answers = await Promise.all([me(a, first), me(b, first), me(a, second), me(b, second)]);
      // The newest session (the second sign-in) is gone in both; the first remains.
      expect(answers.map((r) => r.status)).toEqual([200, 200, 401, 401]);
      for (const app of [a, b]) expect((await history(app, first)).map((d) => d.title)).toEqual(['Made meanwhile']);
    } finally {
      await admin.end();
    }
  });
});
