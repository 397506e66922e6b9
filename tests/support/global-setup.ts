// Integration-test set-up, once per run: a migrated PGlite data folder that each test copies
// (creating one takes ~5 s, copying ~0.5 s) and a PostgreSQL server with a migrated template
// database that each test clones.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/db/client.js';
import { psql, startPostgres } from './postgres-server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplateDir: string;
    postgresUrl: string;
  }
}

export const TEMPLATE_DB = 'latexgen_template';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const root = mkdtempSync(join(tmpdir(), 'latexgen-pglite-'));
  const templateDir = join(root, 'template');
  const [pg] = await Promise.all([
    startPostgres(),
    (async () => {
      const db = await openDatabase({ pgliteDir: templateDir });
      await db.close();
    })(),
  ]);
  psql(pg.url('postgres'), `CREATE DATABASE ${TEMPLATE_DB}`);
  const template = await openDatabase({ databaseUrl: pg.url(TEMPLATE_DB), poolSize: 1 });
  await template.close();

  // An interrupted run (Ctrl-C, a killed CI step) still stops its PostgreSQL server.
  const stopNow = () => {
    try {
      pg.stop();
    } catch {
      // already stopped
    }
  };
  process.once('exit', stopNow);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => {
      stopNow();
      process.exit(130);
    });
  }

  project.provide('pgliteTemplateDir', templateDir);
  project.provide('postgresUrl', pg.url('postgres'));

  return async () => {
    process.removeListener('exit', stopNow);
    pg.stop();
    rmSync(root, { recursive: true, force: true });
  };
}
