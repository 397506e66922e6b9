#!/usr/bin/env node
// `npm start` and `npm test` on a fresh Debian machine with Node 20 and nothing else: install what is
// missing (npm packages from the lockfile, Debian packages, the client and server builds), then serve
// the compiled app or run every test. `npm run worker` does the set-up a compile worker needs (TeX
// Live, the server build) and runs dist/server/worker.js. Plain Node with no dependencies, because
// it runs before `npm ci`.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const mode = process.argv[2];
if (mode !== 'start' && mode !== 'test' && mode !== 'worker') {
  console.error('usage: node scripts/bootstrap.mjs start|test|worker');
  process.exit(2);
}

/** Debian packages: what compiles need (start), and what the tests add. */
const PACKAGES = JSON.parse(readFileSync(join(root, 'scripts', 'debian-packages.json'), 'utf8'));

const say = (msg) => console.log(`\x1b[36m[setup]\x1b[0m ${msg}`);

function run(cmd, args, options = {}) {
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', ...options });
  return result.status ?? 1;
}

function checkNode() {
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major < 20 || (major === 20 && minor < 19)) {
    console.error(`Node ${process.versions.node} is too old: Node 20.19 or newer is needed.`);
    process.exit(1);
  }
}

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

function ensureNpmDependencies() {
  const marker = join(root, 'node_modules', '.package-lock.json');
  const lock = join(root, 'package-lock.json');
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return;
  say('installing npm dependencies (npm ci)');
  if (run('npm', ['ci', '--no-audit', '--no-fund']) !== 0) {
    console.error('npm ci failed: see the messages above.');
    process.exit(1);
  }
}

function missingDebianPackages(names) {
  return names.filter((name) => {
    const r = spawnSync('dpkg-query', ['-W', '-f=${Status}', name], { encoding: 'utf8' });
    return r.status !== 0 || !r.stdout.includes('install ok installed');
  });
}

function installDebianPackages(names, required) {
  const missing = missingDebianPackages(names);
  if (missing.length === 0) return true;
  const isRoot = process.getuid?.() === 0;
  const sudo = !isRoot && spawnSync('sudo', ['-n', 'true']).status === 0;
  if (!isRoot && !sudo) {
    const msg = `Debian packages missing and no root to install them: ${missing.join(' ')}`;
    if (required) {
      console.error(`${msg}\nInstall them with: sudo apt-get install -y ${missing.join(' ')}`);
      process.exit(1);
    }
    say(`${msg}. Continuing without them.`);
    return false;
  }
  const prefix = isRoot ? [] : ['sudo', '-n'];
  const exec = (args) => run(prefix[0] ?? args[0], prefix.length ? [...prefix.slice(1), ...args] : args.slice(1), {
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  say(`installing Debian packages: ${missing.join(' ')}`);
  const ok =
    exec(['apt-get', 'update', '-q']) === 0 &&
    exec(['apt-get', 'install', '-y', '-q', '--no-install-recommends', ...missing]) === 0;
  const still = missingDebianPackages(missing);
  if (!ok || still.length > 0) {
    if (required) {
      console.error(`Could not install Debian packages: ${still.join(' ')}`);
      process.exit(1);
    }
    say(`could not install ${still.join(' ')}; continuing without them (previews fall back to HTML).`);
    return false;
  }
  return true;
}

function ensureClientBuild() {
  const built = join(root, 'dist', 'client', 'index.html');
  const sources = ['src/client', 'src/shared', 'index.html', 'vite.config.ts', 'public', 'package-lock.json'];
  const newestSource = Math.max(...sources.map((s) => newestMtime(join(root, s))));
  if (existsSync(built) && statSync(built).mtimeMs >= newestSource) return;
  say('building the web client (vite build)');
  if (run(process.execPath, [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn']) !== 0) {
    console.error('The client build failed: see the messages above.');
    process.exit(1);
  }
}

/** Compiles the server to dist/server when a source is newer than the last build, as for the client. */
function ensureServerBuild() {
  const built = join(root, 'dist', 'server', 'main.js');
  const sources = ['src/server', 'src/shared', 'scripts/build-server.mjs', 'package-lock.json'];
  const newestSource = Math.max(...sources.map((s) => newestMtime(join(root, s))));
  if (existsSync(built) && statSync(built).mtimeMs >= newestSource) return;
  say('building the server (esbuild → dist/server)');
  if (run(process.execPath, [join(root, 'scripts', 'build-server.mjs')]) !== 0) {
    console.error('The server build failed: see the messages above.');
    process.exit(1);
  }
}

async function start() {
  const ok = installDebianPackages(PACKAGES.compile, false);
  if (!ok) say('TeX Live is not installed: PDF previews are replaced by HTML previews.');
  ensureClientBuild();
  ensureServerBuild();
  say('starting the server');
  const child = spawn(process.execPath, ['--enable-source-maps', join(root, 'dist', 'server', 'main.js')], { cwd: root, stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

/** A compile worker: no web client, the same TeX Live packages and server build as `npm start`. */
async function worker() {
  const ok = installDebianPackages(PACKAGES.compile, false);
  if (!ok) say('TeX Live is not installed: this worker will answer with HTML previews.');
  ensureServerBuild();
  say('starting a compile worker');
  const child = spawn(process.execPath, ['--enable-source-maps', join(root, 'dist', 'server', 'worker.js')], { cwd: root, stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

function countsFromVitest(file) {
  try {
    const r = JSON.parse(readFileSync(file, 'utf8'));
    return { passed: r.numPassedTests ?? 0, failed: (r.numFailedTests ?? 0) + (r.numRuntimeErrorTestSuites ?? 0), skipped: (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0) };
  } catch {
    return null;
  }
}

function countsFromPlaywright(file) {
  try {
    const r = JSON.parse(readFileSync(file, 'utf8'));
    const s = r.stats ?? {};
    return { passed: (s.expected ?? 0) + (s.flaky ?? 0), failed: s.unexpected ?? 0, skipped: s.skipped ?? 0 };
  } catch {
    return null;
  }
}

function test() {
  installDebianPackages([...PACKAGES.compile, ...PACKAGES.test], true);
  ensureClientBuild();
  const reports = join(root, 'test-results');
  mkdirSync(reports, { recursive: true });
  const steps = [
    { name: 'typecheck', cmd: [process.execPath, join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '--noEmit', '-p', 'tsconfig.json'] },
    { name: 'lint', cmd: [process.execPath, join(root, 'node_modules', 'eslint', 'bin', 'eslint.js'), '--max-warnings=0', '.'] },
    {
      name: 'unit and integration (vitest)',
      cmd: [process.execPath, join(root, 'node_modules', 'vitest', 'vitest.mjs'), 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${join(reports, 'vitest.json')}`],
      counts: () => countsFromVitest(join(reports, 'vitest.json')),
    },
    {
      name: 'end-to-end (Playwright, Chromium)',
      cmd: [process.execPath, join(root, 'node_modules', '@playwright', 'test', 'cli.js'), 'test'],
      counts: () => countsFromPlaywright(join(reports, 'playwright.json')),
    },
  ];
  const totals = { passed: 0, failed: 0, skipped: 0 };
  const failedSteps = [];
  const started = Date.now();
  for (const step of steps) {
    say(`running ${step.name}`);
    const t0 = Date.now();
    const status = run(step.cmd[0], step.cmd.slice(1), { env: { ...process.env, ...step.env } });
    const c = step.counts?.();
    if (c) {
      totals.passed += c.passed;
      totals.failed += c.failed;
      totals.skipped += c.skipped;
    }
    if (status !== 0) {
      failedSteps.push(step.name);
      if (!c || c.failed === 0) totals.failed += 1;
    }
    say(`${step.name}: ${status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  writeFileSync(join(reports, 'summary.txt'), `${totals.passed} passed, ${totals.failed} failed in ${seconds} s\n`);
  if (failedSteps.length) console.error(`Failed: ${failedSteps.join(', ')}`);
  console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
  process.exit(failedSteps.length ? 1 : 0);
}

checkNode();
ensureNpmDependencies();
if (mode === 'start') await start();
else if (mode === 'worker') await worker();
else test();
