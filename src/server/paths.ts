// Where the server finds files at run time, the same whether it runs as TypeScript from src/ (tsx:
// development, tests) or as compiled JavaScript from dist/ (`npm start`): the repository root is
// found by walking up to package.json instead of counting "../" from this file. (scripts/build-server.mjs
// keeps one output file per source file, so a module beside this one is beside it in dist/ too.)
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

function findRoot(start: string): string {
  for (let dir = start; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`no package.json above ${start}`);
  }
}

/** The repository (or installed package) root: the folder holding package.json. */
export const ROOT = findRoot(dirname(fileURLToPath(import.meta.url)));

/** Committed SQL migrations (drizzle/). */
export const MIGRATIONS_DIR = join(ROOT, 'drizzle');

/** The built web client (`vite build`). */
export const CLIENT_DIR = join(ROOT, 'dist', 'client');
