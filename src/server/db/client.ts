// Opens the database: PGlite in the data directory by default, PostgreSQL when DATABASE_URL is set.
// Both speak the same SQL dialect, so everything above this file is the same for both.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema.js';
import { MIGRATIONS_DIR } from '../paths.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs `fn` while holding a cluster-wide lock (PostgreSQL advisory lock; PGlite has one connection anyway). */
  withLock<T>(key: number, fn: () => Promise<T>): Promise<T>;
  /** A cheap round trip for readiness checks. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface OpenOptions {
  databaseUrl?: string;
  /** PGlite data folder; ignored for PostgreSQL. `memory://` keeps it in memory. */
  pgliteDir?: string;
  /** Apply committed migrations before returning (on by default). */
  migrate?: boolean;
  poolSize?: number;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  const database = options.databaseUrl
    ? await openPostgres(options.databaseUrl, options.poolSize ?? 10)
    : await openPglite(options.pgliteDir ?? 'memory://');
  if (options.migrate !== false) await migrateDatabase(database);
  return database;
}

async function openPglite(dir: string): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  if (!dir.startsWith('memory://')) mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(dir);
  const db = drizzle({ client, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    withLock: (_key, fn) => fn(),
    ping: async () => {
      await client.query('select 1');
    },
    close: async () => {
      await client.close();
    },
  };
}

async function openPostgres(url: string, max: number): Promise<Database> {
  const { default: postgres } = await import('postgres');
  const { drizzle } = await import('drizzle-orm/postgres-js');
  // Fail fast when the server is down so requests get a quick 503 instead of hanging.
  const client = postgres(url, { max, connect_timeout: 5, idle_timeout: 30, onnotice: () => {} });
  const db = drizzle({ client, schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
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
  if (database.kind === 'pglite') {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(database.db as never, { migrationsFolder: MIGRATIONS_DIR });
  } else {
    const { migrate } = await import('drizzle-orm/postgres-js/migrator');
    await migrate(database.db as never, { migrationsFolder: MIGRATIONS_DIR });
  }
}

export function pgliteDirFor(dataDir: string): string {
  return join(dataDir, 'pglite');
}
