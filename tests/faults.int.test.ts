// Faults: SIGTERM lets in-flight work finish; kill -9 under load loses no acknowledged generation
// and charges nothing without a document; PostgreSQL going away gives fast 503s and recovers
// without restarting the app.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { documents, users } from '../src/server/db/schema.js';
import { openDatabase, type Database } from '../src/server/db/client.js';
import { startAppProcess } from './support/app-process.js';
import { psql, startPostgres, type PostgresServer } from './support/postgres-server.js';
import { signUpOverHttp, uniqueEmail } from './support/sign-up.js';

const signUpOn = (url: string, outbox: () => Array<{ to: string; link: string }>) => signUpOverHttp(url, outbox, { email: uniqueEmail('fault') });

const generate = (url: string, cookie: string, content: string) =>
  fetch(`${url}/api/latex/generate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ content, documentType: 'article' }),
  });

describe('faults', { timeout: 240_000 }, () => {
  let pg: PostgresServer;
  let admin: Database;
  let dbUrl: string;

  beforeAll(async () => {
    // A server of its own: these tests stop and start it.
    pg = await startPostgres();
    psql(pg.url('postgres'), 'CREATE DATABASE faults');
    dbUrl = pg.url('faults');
    admin = await openDatabase({ databaseUrl: dbUrl, poolSize: 2 });
  }, 240_000);

  afterAll(async () => {
    await admin?.close();
    pg?.stop();
  });

  it('SIGTERM: the request in flight finishes, then the process exits 0', async () => {
    const app = await startAppProcess({ DATABASE_URL: dbUrl });
    const user = await signUpOn(app.url, () => app.outboxLinks());
    const inFlight = fetch(`${app.url}/api/latex/generate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: user.cookie },
      body: JSON.stringify({ content: '# Slides\n\nSome content for a deck', documentType: 'presentation', compile: true }),
    });
    // Wait until the server is compiling it, so the signal lands mid-request.
    for (let i = 0; i < 200; i++) {
      const metrics = await (await fetch(`${app.url}/metrics`)).text();
      if (/^compile_in_flight [1-9]/m.test(metrics)) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const code = app.stop('SIGTERM');
    const res = await inFlight;
    expect(res.status).toBe(200);
    expect((await res.json()).compilationResult.success).toBe(true);
    expect(await code).toBe(0);
    await expect(fetch(`${app.url}/healthz`)).rejects.toThrow();
  });

  it('kill -9 under generate load: every acknowledged generation has its document, no charge without one', async () => {
    const first = await startAppProcess({ DATABASE_URL: dbUrl });
    // One person has one generation in flight at a time (a second gets 409): four people, one stream each.
    const people = [];
    for (let w = 0; w < 4; w++) people.push(await signUpOn(first.url, () => first.outboxLinks()));
    for (const person of people) await admin.db.update(users).set({ subscriptionTier: 'tier5' }).where(eq(users.email, person.email));
    const acknowledged: { person: number; id: number }[] = [];
    let stop = false;
    const workers = people.map(async (person, w) => {
      for (let i = 0; !stop; i++) {
        try {
          const res = await generate(first.url, person.cookie, `worker ${w} note ${i}`);
          if (res.status === 200) acknowledged.push({ person: w, id: (await res.json()).documentId });
        } catch {
          return; // the server died under us
        }
      }
    });
    // Killed once a few generations are acknowledged (how long that takes depends on the machine's load).
    for (const started = Date.now(); acknowledged.length < 6 && Date.now() - started < 60_000; ) await new Promise((r) => setTimeout(r, 100));
    first.child.kill('SIGKILL');
    stop = true;
    await Promise.all(workers);
    await first.stop();
    expect(acknowledged.length).toBeGreaterThan(5);

    const second = await startAppProcess({ DATABASE_URL: dbUrl });
    try {
      for (const { person, id } of acknowledged) {
        const res = await fetch(`${second.url}/api/documents/${id}`, { headers: { cookie: people[person]!.cookie } });
        expect(res.status).toBe(200);
      }
      for (const [w, person] of people.entries()) {
        const [row] = await admin.db.select().from(users).where(eq(users.email, person.email));
        const [docs] = await admin.db.select({ n: count() }).from(documents).where(eq(documents.userId, row!.id));
        // Charges and documents were written in one transaction: they always match.
        expect(row!.monthlyUsage).toBe(docs!.n);
        expect(docs!.n).toBeGreaterThanOrEqual(acknowledged.filter((a) => a.person === w).length);
      }
    } finally {
      await second.stop();
    }
  });

  it('PostgreSQL restarted under load: fast 503s while it is down, then recovery without an app restart', async () => {
    const app = await startAppProcess({ DATABASE_URL: dbUrl });
    try {
      const user = await signUpOn(app.url, () => app.outboxLinks());
      expect((await fetch(`${app.url}/api/auth/me`, { headers: { cookie: user.cookie } })).status).toBe(200);
      pg.pause();
      const started = Date.now();
      // The history list always asks the database (GET /api/auth/me may be answered from the
      // process's session cache, ADR 0012, and so stay 200 while the database is down).
      const down = await fetch(`${app.url}/api/documents`, { headers: { cookie: user.cookie } });
      const elapsed = Date.now() - started;
      expect(down.status).toBe(503);
      expect(down.headers.get('retry-after')).toBeTruthy();
      expect((await down.json()).message).toMatch(/temporarily unavailable/);
      // "Fast": well under the 5 s connect timeout.
      expect(elapsed).toBeLessThan(5000);
      expect((await fetch(`${app.url}/readyz`)).status).toBe(503);
      pg.resume();
      let status = 0;
      for (let i = 0; i < 50 && status !== 200; i++) {
        status = (await fetch(`${app.url}/api/documents`, { headers: { cookie: user.cookie } })).status;
        if (status !== 200) await new Promise((r) => setTimeout(r, 200));
      }
      expect(status).toBe(200);
      expect((await fetch(`${app.url}/readyz`)).status).toBe(200);
    } finally {
      await app.stop();
    }
  });
});
