// `npm run bench`: every benchmark in one run, each printing its tables.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const benches = ['generate.ts', 'compile.ts', 'queue.ts', 'scripts.ts', 'http.ts', 'browser.ts'].filter((b) => existsSync(join(ROOT, 'bench', b)));
let failed = 0;
for (const bench of benches) {
  console.log(`\n## bench/${bench}\n`);
  const r = spawnSync(process.execPath, [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), join(ROOT, 'bench', bench), ...process.argv.slice(2)], {
    stdio: 'inherit',
    cwd: ROOT,
  });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
