#!/usr/bin/env node
// Compiles the server (src/server and the src/shared modules it imports) to JavaScript in
// dist/server and dist/shared with source maps, one output file per source file so that every
// path a module computes from its own location is the same as under src/. `npm start` runs
// `node --enable-source-maps dist/server/main.js`; tsx stays for development, tests and benches.
// esbuild only strips types: `npm run typecheck` is what checks them.
import { readdirSync, rmSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { build } from 'esbuild';

const root = join(import.meta.dirname, '..');
const SOURCE_DIRS = ['src/server', 'src/shared'];
const OUT_DIRS = ['dist/server', 'dist/shared'];

/** Run-time sources: no tests, no test support, no declaration files. */
export function isRuntimeSource(path) {
  if (!/\.tsx?$/.test(path) || path.endsWith('.d.ts')) return false;
  if (/\.test\.tsx?$/.test(path)) return false;
  return !path.split('/').includes('test-support');
}

function walk(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...walk(path));
    else out.push(path);
  }
  return out;
}

export async function buildServer({ quiet = false } = {}) {
  const entryPoints = SOURCE_DIRS.flatMap((dir) => walk(join(root, dir)))
    .map((path) => relative(root, path))
    .filter(isRuntimeSource);
  for (const dir of OUT_DIRS) rmSync(join(root, dir), { recursive: true, force: true });
  const started = performance.now();
  await build({
    absWorkingDir: root,
    entryPoints,
    outbase: 'src',
    outdir: 'dist',
    bundle: false,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
  });
  if (!quiet) console.log(`server: ${entryPoints.length} modules → dist/server, dist/shared in ${Math.round(performance.now() - started)} ms`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await buildServer().catch((err) => {
    console.error(err.message ?? err);
    process.exit(1);
  });
}
