// Where a hot route's time goes: the real server in its own process under `node --cpu-prof`, one
// route loaded with autocannon, then the profile summed by where the code lives (our folders, each
// package, Node's internals, the garbage collector) and its top functions by self time.
//
//   npx tsx bench/profile-http.ts [--route /api/auth/me] [--seconds 5] [--connections 10] [--postgres] [--app-root DIR]
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { startAppProcess } from '../tests/support/app-process.js';
import { stringArg } from '../tests/support/bench-app.js';
import { numberArg } from '../tests/support/cli-args.js';
import { psql, startPostgres, type PostgresServer } from '../tests/support/postgres-server.js';
import { signUpOverHttp, uniqueEmail } from '../tests/support/sign-up.js';
import { printTable } from '../tests/support/table.js';

const SECONDS = numberArg('--seconds', 5);
const CONNECTIONS = numberArg('--connections', 10);
const ROUTE = stringArg('--route') ?? '/api/auth/me';
const APP_ROOT = stringArg('--app-root');

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}
export interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** Where a frame's code lives: a folder of ours, a package, Node itself, or V8's own entries. */
export function placeOf(url: string, name: string): string {
  if (!url) return name.startsWith('(') ? name : '(native)';
  if (url.startsWith('node:')) return 'node internals';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  const ours = /\/(src\/[^/]+\/[^/]+)\//.exec(url);
  return ours ? ours[1]! : url.replace(/^.*\//, '');
}

/** Self time of the samples taken between `fromMs` and `toMs` after the process started (start-up and shutdown left out). */
export function summarise(title: string, profile: CpuProfile, fromMs: number, toMs: number) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  let at = 0;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    at += delta;
    if (at >= fromMs * 1000 && at <= toMs * 1000) self.set(id, (self.get(id) ?? 0) + delta);
  });
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const places = new Map<string, number>();
  const functions = new Map<string, number>();
  for (const [id, us] of self) {
    const node = byId.get(id)!;
    const { functionName, url, lineNumber } = node.callFrame;
    const place = placeOf(url, functionName);
    places.set(place, (places.get(place) ?? 0) + us);
    const fn = `${functionName || '(anonymous)'} ${url ? `${url.replace(/^.*\/(node_modules|src)\//, '$1/')}:${lineNumber + 1}` : ''}`.trim();
    functions.set(fn, (functions.get(fn) ?? 0) + us);
  }
  const top = (m: Map<string, number>, n: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n);
  const pct = (us: number) => `${((us / total) * 100).toFixed(1)} %`;
  printTable(`${title}: self time by place (${(total / 1e6).toFixed(1)} s sampled)`, ['place', 'share'], top(places, 18).map(([p, us]) => [p, pct(us)]));
  printTable(`${title}: top functions by self time`, ['function', 'share'], top(functions, 25).map(([f, us]) => [f, pct(us)]));
}

async function main() {
  const profDir = mkdtempSync(join(tmpdir(), 'lg-prof-'));
  let pg: PostgresServer | undefined;
  const env: Record<string, string> = {};
  if (process.argv.includes('--postgres')) {
    pg = await startPostgres();
    psql(pg.url('postgres'), 'CREATE DATABASE bench');
    env.DATABASE_URL = pg.url('bench');
  }
  try {
    const spawned = performance.now();
    const app = await startAppProcess(env, { nodeArgs: ['--cpu-prof', '--cpu-prof-dir', profDir], ...(APP_ROOT ? { root: APP_ROOT } : {}) });
    const { cookie } = await signUpOverHttp(app.url, () => app.outboxLinks(), { email: uniqueEmail('prof') });
    const headers = { cookie, 'content-type': 'application/json' };
    await fetch(`${app.url}/api/documents`, { method: 'POST', headers, body: JSON.stringify({ title: 'One', inputContent: 'notes', latexContent: '\\documentclass{article}\\begin{document}x\\end{document}' }) });
    const from = performance.now() - spawned;
    const r = await autocannon({ url: `${app.url}${ROUTE}`, connections: CONNECTIONS, duration: SECONDS, headers });
    const to = performance.now() - spawned;
    console.log(`${ROUTE}: ${r.requests.average.toFixed(0)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, non-2xx ${r.non2xx}`);
    await app.stop();
    const file = readdirSync(profDir).find((f) => f.endsWith('.cpuprofile'));
    if (!file) throw new Error('no profile written');
    summarise(ROUTE, JSON.parse(readFileSync(join(profDir, file), 'utf8')) as CpuProfile, from, to);
  } finally {
    pg?.stop();
    rmSync(profDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
