// Opens the database: PGlite in the data directory by default, PostgreSQL when DATABASE_URL is set.
// Both are reached the same way, through postgres.js over the PostgreSQL wire protocol: PGlite runs
// in a process of its own (embedded.ts), so no query runs on this process's event loop, and
// everything above this file is the same for both.
import { join } from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Sql } from 'postgres';
import * as schema from './schema.js';
import { MIGRATIONS_DIR } from '../paths.js';
import { startEmbeddedDatabase, type EmbeddedDatabaseProcess, type EmbeddedOptions } from './embedded.js';
import { NotificationHub, type Subscriber, type Subscription } from './notifications.js';
import { retryingReads } from './retry-reads.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The driver under Drizzle, for what Drizzle does not express (large objects, streamed reads). */
  sql: Sql;
  /** Runs `fn` while holding a cluster-wide lock (PostgreSQL advisory lock; PGlite has one connection anyway). */
  withLock<T>(key: number, fn: () => Promise<T>): Promise<T>;
  /**
   * Tells `subscriber` of every notification on `channel` (NOTIFY: sent when its transaction
   * commits), and of every moment some may have been missed (notifications.ts).
   */
  subscribe(channel: string, subscriber: Subscriber): Promise<Subscription>;
  /** A cheap round trip for readiness checks. */
  ping(): Promise<void>;
  /** PGlite's own process (its pid for tests and logs); absent for PostgreSQL. */
  embedded?: EmbeddedDatabaseProcess;
  close(): Promise<void>;
}

export interface OpenOptions {
  databaseUrl?: string;
  /** PGlite data folder; ignored for PostgreSQL. `memory://` keeps it in memory. */
  pgliteDir?: string;
  /** Apply committed migrations before returning (on by default). */
  migrate?: boolean;
  poolSize?: number;
  /** What to do when PGlite's process cannot be kept running (default: print why and exit). */
  onEmbeddedFatal?: EmbeddedOptions['onFatal'];
  onEmbeddedRestart?: EmbeddedOptions['onRestart'];
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  const database = options.databaseUrl
    ? await openPostgres(options.databaseUrl, options.poolSize ?? 10)
    : await openPglite(options);
  if (options.migrate !== false) await migrateDatabase(database);
  return database;
}

type ConnectTo = { url: string } | { path: string };

async function connect(to: ConnectTo, max: number, hub?: NotificationHub, overrides: { idle_timeout?: number } = {}) {
  const { default: postgres } = await import('postgres');
  const { drizzle } = await import('drizzle-orm/postgres-js');
  // Fail fast when a server is down so requests get a quick 503 instead of hanging. The embedded
  // process refuses at once while it restarts; a slow handshake there only means a loaded machine.
  const settings = { max, connect_timeout: 'url' in to ? 5 : 30, idle_timeout: 30, onnotice: () => {}, ...(hub ? hub.clientOptions : {}), ...overrides };
  const client = 'url' in to ? postgres(to.url, settings) : postgres({ ...settings, path: to.path, user: 'postgres', database: 'postgres' });
  return { client, db: drizzle({ client: retryingReads(client), schema }) as unknown as Db };
}

async function openPglite(options: OpenOptions): Promise<Database> {
  const embedded = await startEmbeddedDatabase({
    dir: options.pgliteDir ?? 'memory://',
    ...(options.onEmbeddedFatal ? { onFatal: options.onEmbeddedFatal } : {}),
    ...(options.onEmbeddedRestart ? { onRestart: options.onEmbeddedRestart } : {}),
  });
  // PGlite is one session: one connection, so prepared statements and transactions never mix. Its
  // notifications come on that connection (the one backend listens, whichever client asked).
  const hub = new NotificationHub();
  const { client, db } = await connect({ path: embedded.socketPath }, 1, hub);
  hub.attach(client, 1);
  return {
    db,
    kind: 'pglite',
    sql: client,
    embedded,
    subscribe: (channel, subscriber) => hub.subscribe(channel, subscriber),
    withLock: (_key, fn) => fn(),
    ping: async () => {
      await client`select 1`;
    },
    close: async () => {
      hub.close();
      await client.end({ timeout: 5 });
      await embedded.stop();
    },
  };
}

async function openPostgres(url: string, max: number): Promise<Database> {
  const { default: postgres } = await import('postgres');
  // Every connection listens (notifications.ts), so they stay open rather than close when idle.
  const hub = new NotificationHub();
  const { client, db } = await connect({ url }, max, hub, { idle_timeout: 0 });
  hub.attach(client, max);
  return {
    db,
    kind: 'postgres',
    sql: client,
    subscribe: (channel, subscriber) => hub.subscribe(channel, subscriber),
    async withLock(key, fn) {
      // A connection of its own holds the session-level lock, so the pool (even of size 1) stays free for the work.
      const lock = postgres(url, { max: 1, connect_timeout: 5, onnotice: () => {} });
      try {
        await lock`select pg_advisory_lock(${key})`;
        return await fn();
      } finally {
        await lock`select pg_advisory_unlock(${key})`.catch(() => {});
        await lock.end({ timeout: 5 });
      }
    },
    ping: async () => {
      await client`select 1`;
    },
    close: async () => {
      hub.close();
      await client.end({ timeout: 5 });
    },
  };
}

/** Several app processes may start at once against one PostgreSQL: one migrates, the others wait. */
const MIGRATION_LOCK = 727_431_001;

export async function migrateDatabase(database: Database): Promise<void> {
  await database.withLock(MIGRATION_LOCK, () => applyMigrations(database));
}

async function applyMigrations(database: Database): Promise<void> {
  const { migrate } = await import('drizzle-orm/postgres-js/migrator');
  await migrate(database.db as never, { migrationsFolder: MIGRATIONS_DIR });
}

export function pgliteDirFor(dataDir: string): string {
  return join(dataDir, 'pglite');
}
