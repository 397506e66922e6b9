// A fresh, migrated database for one test file, of either kind: a copy of the prepared PGlite
// folder, or a PostgreSQL database cloned from the prepared template.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/client.js';
import { psql } from './postgres-server.js';

export type DbKind = 'pglite' | 'postgres';
export const DB_KINDS: DbKind[] = ['pglite', 'postgres'];

export interface TestDatabase extends Database {
  /** Connection string for PostgreSQL databases (for a second app process, say). */
  url?: string;
  destroy(): Promise<void>;
}

export async function createTestDatabase(kind: DbKind, options: { poolSize?: number } = {}): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const dir = mkdtempSync(join(tmpdir(), 'latexgen-testdb-'));
    cpSync(inject('pgliteTemplateDir'), dir, { recursive: true });
    const db = await openDatabase({ pgliteDir: dir, migrate: false });
    return {
      ...db,
      async destroy() {
        await db.close().catch(() => {});
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const adminUrl = inject('postgresUrl');
  const name = `t_${randomBytes(6).toString('hex')}`;
  psql(adminUrl, `CREATE DATABASE ${name} TEMPLATE latexgen_template`);
  const url = adminUrl.replace(/\/postgres$/, `/${name}`);
  const db = await openDatabase({ databaseUrl: url, migrate: false, poolSize: options.poolSize ?? 20 });
  return {
    ...db,
    url,
    async destroy() {
      await db.close().catch(() => {});
      psql(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
