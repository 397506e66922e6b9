// Stall benchmark: can one request freeze the server? Starts the real server in production mode
// (NODE_ENV=production ALLOW_OUTBOX_MAIL=true ALLOW_DEMO_PAYMENTS=true) and sends each
// pathological payload while a second client asks GET /healthz back to back. Prints, per payload,
// the request's status and time and the worst /healthz latency seen meanwhile, beside a small
// reference note in the same run.
//
//   npx tsx bench/stall.ts [--port 5110] [--built]
//
// Target: /healthz answers within 1 s throughout, and every request ends within 15 s.
import { performance } from 'node:perf_hooks';
import { startAppProcess } from '../tests/support/app-process.js';
import { numberArg } from '../tests/support/cli-args.js';
import { signUpOverHttp } from '../tests/support/sign-up.js';
import { printTable } from '../tests/support/table.js';

const PORT = numberArg('--port', 5110);
/** --built: run the compiled server (dist/server; build it first with scripts/build-server.mjs). */
const BUILT = process.argv.includes('--built');
const REQUEST_LIMIT_MS = 120_000;

interface Payload {
  name: string;
  path: '/api/latex/extract-title' | '/api/latex/generate';
  body: Record<string, unknown>;
}

const payloads: Payload[] = [
  { name: 'reference: extract-title of a small document', path: '/api/latex/extract-title', body: { latex: '\\title{Hello}\\begin{document}x\\end{document}' } },
  { name: 'reference: generate a small note', path: '/api/latex/generate', body: { content: '# Notes\n\nA short paragraph.' } },
  { name: 'extract-title, "\\title[" × 40,000', path: '/api/latex/extract-title', body: { latex: '\\title['.repeat(40_000) } },
  { name: 'generate, 20,000 tabs', path: '/api/latex/generate', body: { content: '\t'.repeat(20_000) + 'x' } },
  { name: 'generate, 20,000 #', path: '/api/latex/generate', body: { content: '#'.repeat(20_000) } },
  { name: 'generate, 30,000 |', path: '/api/latex/generate', body: { content: '|'.repeat(30_000) } },
];

const JSON_HEADERS = { 'content-type': 'application/json' };

/** Asks /healthz back to back (50 ms apart) until stopped; returns the worst latency and the count. */
function pollHealth(url: string): { stop: () => Promise<{ worstMs: number; count: number }> } {
  let running = true;
  let worst = 0;
  let count = 0;
  const loop = (async () => {
    while (running) {
      const t = performance.now();
      try {
        await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(REQUEST_LIMIT_MS) });
      } catch {
        // counted as its latency all the same
      }
      worst = Math.max(worst, performance.now() - t);
      count += 1;
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return { worstMs: worst, count };
    },
  };
}

/** Waits until the server answers API calls again (it sheds load for a moment after a stall). */
async function settle(url: string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    const res = await fetch(`${url}/api/auth/me`).catch(() => null);
    if (res && res.status !== 503) return;
    await new Promise((r) => setTimeout(r, 500));
  }
}

const app = await startAppProcess(
  { NODE_ENV: 'production', ALLOW_OUTBOX_MAIL: 'true', ALLOW_DEMO_PAYMENTS: 'true', LOG_LEVEL: 'warn' },
  { port: PORT, built: BUILT },
);
const rows: Array<Array<string | number>> = [];
try {
  // Accounts first: after a stall the server sheds load (503) for a moment.
  const cookies: string[] = [];
  for (const [i, p] of payloads.entries()) if (p.path === '/api/latex/generate') cookies[i] = (await signUpOverHttp(app.url, () => app.outboxLinks())).cookie;
  for (const [i, p] of payloads.entries()) {
    const headers: Record<string, string> = { ...JSON_HEADERS };
    if (cookies[i]) headers.cookie = cookies[i];
    await settle(app.url);
    const health = pollHealth(app.url);
    await new Promise((r) => setTimeout(r, 200));
    const t = performance.now();
    let status: number | string;
    try {
      const res = await fetch(`${app.url}${p.path}`, { method: 'POST', headers, body: JSON.stringify(p.body), signal: AbortSignal.timeout(REQUEST_LIMIT_MS) });
      status = res.status;
      await res.arrayBuffer();
    } catch (err) {
      status = (err as Error).name;
    }
    const requestMs = performance.now() - t;
    const { worstMs, count } = await health.stop();
    const text = Object.values(p.body)[0];
    const chars = typeof text === 'string' ? text.length : 0;
    rows.push([p.name, chars, status, (requestMs / 1000).toFixed(2), (worstMs / 1000).toFixed(2), count]);
    console.error(`${p.name}: ${status} in ${(requestMs / 1000).toFixed(2)} s, worst /healthz ${(worstMs / 1000).toFixed(2)} s`);
  }
} finally {
  await app.stop();
}

printTable(
  'Stall table (NODE_ENV=production, one request at a time, /healthz polled every 50 ms meanwhile)',
  ['payload', 'chars', 'status', 'request s', 'worst /healthz s', '/healthz answers'],
  rows,
);
