// A connection closed under a query, made to happen exactly: the pool reaches PostgreSQL through a
// loopback relay that, when told, cuts the connection as the next query arrives (the query never
// reaches the server, as with a backend ended a moment before). A read is answered all the same;
// a write fails and is not run twice.
import { createServer, connect, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { openDatabase, type Database } from './client.js';
import { users } from './schema.js';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-db.js';

describe('a read whose connection closes under it', { timeout: 60_000 }, () => {
  let target: TestDatabase;
  let relay: Server;
  let through: Database;
  let cutNext = false;
  const open = new Set<Socket>();

  beforeAll(async () => {
    target = await createTestDatabase('postgres', { poolSize: 1 });
    const { hostname, port } = new URL(target.url!);
    relay = createServer((client) => {
      const server = connect(Number(port), hostname);
      open.add(client);
      client.on('close', () => open.delete(client));
      client.on('error', () => server.destroy());
      server.on('error', () => client.destroy());
      client.on('data', (chunk) => {
        if (cutNext) {
          cutNext = false;
          client.destroy();
          server.destroy();
          return;
        }
        server.write(chunk);
      });
      server.pipe(client);
    });
    await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
    const address = relay.address() as { port: number };
    const url = new URL(target.url!);
    url.hostname = '127.0.0.1';
    url.port = String(address.port);
    through = await openDatabase({ databaseUrl: url.toString(), migrate: false, poolSize: 1 });
    await through.db.select({ n: count() }).from(users);
  });

  afterAll(async () => {
    await through?.close();
    for (const socket of open) socket.destroy();
    await new Promise((resolve) => relay?.close(resolve));
    await target?.destroy();
  });

  it('answers a SELECT on a fresh connection', async () => {
    await target.db.insert(users).values({ username: 'kept', email: 'kept@example.com', password: 'x' });
    cutNext = true;
    const rows = await through.db.select({ email: users.email }).from(users).where(eq(users.email, 'kept@example.com'));
    expect(cutNext).toBe(false);
    expect(rows).toEqual([{ email: 'kept@example.com' }]);
  });

  it('never runs a write twice: the insert fails and nothing was added', async () => {
    cutNext = true;
    await expect(through.db.insert(users).values({ username: 'once', email: 'once@example.com', password: 'x' })).rejects.toMatchObject({ cause: { code: expect.stringMatching(/CONNECTION_CLOSED|ECONNRESET|CONNECTION_ENDED/) } });
    expect(cutNext).toBe(false);
    const [row] = await target.db.select({ n: count() }).from(users).where(eq(users.email, 'once@example.com'));
    expect(row!.n).toBe(0);
  });
});
