// A security review's attacks on one account's or no account's behalf, against a server process
// started with NODE_ENV=production: each runs for a while beside another user's ordinary requests
// and /healthz, and returns what they saw, what the attacker got and the server's event-loop
// histogram. Shared by tests/limits-before-work.int.test.ts (asserting statuses and the histogram)
// and bench/attacks.ts (printing the table in docs/benchmarks.md, this code and another checkout's).
import { performance } from 'node:perf_hooks';
import type { AppProcess } from './app-process.js';
import { eventLoopSeconds, flood, probe, secondsWorseThan, upgradeToPower, worstSecond, type FloodRequest, type Probe } from './floods.js';
import { pngOfSize } from './images.js';
import { signUpOverHttp, type HttpAccount } from './sign-up.js';

export const METRICS_TOKEN = 'attack-metrics-token-0123456789';
/** The server's environment for every attack: production, with the demo conveniences asked for. */
export const ATTACK_ENV = { NODE_ENV: 'production', ALLOW_OUTBOX_MAIL: 'true', ALLOW_DEMO_PAYMENTS: 'true', METRICS_TOKEN, LOG_LEVEL: 'warn' };

export interface AttackOutcome {
  name: string;
  /** The other user's requests during the attack. */
  victim: Probe[];
  healthz: Probe[];
  /** The attacker's answers by status. */
  attacker: Record<string, number>;
  /** Seconds of the server's event-loop histogram the attack spanned, those past 1 s, the worst second (s; NaN without the metric). */
  eventLoop: { seconds: number; over1s: number; worst: number };
}

export interface AttackOptions {
  seconds: number;
  connections: number;
}

const jsonHeaders = (account?: HttpAccount, origin?: string) => ({
  'content-type': 'application/json',
  ...(account ? { cookie: account.cookie } : {}),
  ...(origin ? { origin } : {}),
});

/** Runs `attacker` on `connections` for `seconds` beside the victim's `ordinary` request and /healthz. */
async function measure(app: AppProcess, name: string, options: AttackOptions, attacker: (i: number) => FloodRequest, ordinary: () => FloodRequest, pauseMs = 100): Promise<AttackOutcome> {
  const before = await eventLoopSeconds(app.url, METRICS_TOKEN);
  const over = new Promise((resolve) => setTimeout(resolve, options.seconds * 1000));
  const [attack, victim, healthz] = await Promise.all([
    flood(app.url, options.connections, attacker, over),
    probe(app.url, ordinary, over, pauseMs),
    probe(app.url, () => ({ method: 'GET', path: '/healthz' }), over, 50),
  ]);
  const after = await eventLoopSeconds(app.url, METRICS_TOKEN);
  const spanned = secondsWorseThan(before, after, '1');
  return {
    name,
    victim,
    healthz,
    attacker: attack,
    eventLoop: after.size ? { seconds: spanned.seconds, over1s: spanned.worse, worst: worstSecond(before, after) } : { seconds: NaN, over1s: NaN, worst: NaN },
  };
}

export const account = (app: AppProcess, prefix: string): Promise<HttpAccount> =>
  signUpOverHttp(app.url, () => app.outboxLinks(), { email: `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com` });

/** No account: `connections` send 1 MB documents to extract-title while a Power user generates small notes. */
export async function extractTitleFlood(app: AppProcess, options: AttackOptions): Promise<AttackOutcome> {
  const victim = await account(app, 'victim');
  await upgradeToPower(app.url, victim.cookie);
  const latex = `\\documentclass{article}\n\\begin{document}\n${'\\section{Part} Some words of the body, $x^2$ and \\emph{more}.\n'.repeat(14_000)}\\end{document}\n`;
  const body = JSON.stringify({ latex });
  const generate = (): FloodRequest => ({ method: 'POST', path: '/api/latex/generate', headers: jsonHeaders(victim, app.url), body: JSON.stringify({ content: `# Notes\n\nA short paragraph ${Math.random()}.` }) });
  // Once before the attack: the first generation loads the generator into the text workers.
  const warm = generate();
  await fetch(`${app.url}${warm.path}`, { method: warm.method, headers: warm.headers ?? {}, body: warm.body ?? null }).then((res) => res.arrayBuffer());
  return measure(
    app,
    'extract-title, 1 MB bodies, no account',
    options,
    () => ({ method: 'POST', path: '/api/latex/extract-title', headers: jsonHeaders(), body }),
    generate,
    200,
  );
}

/** No account: `connections` send 2 MB of nested JSON to register while a user lists their documents. */
export async function nestedJsonFlood(app: AppProcess, options: AttackOptions): Promise<AttackOutcome> {
  const victim = await account(app, 'victim');
  const body = `{"username":${'['.repeat(1_000_000)}${']'.repeat(1_000_000)}}`;
  return measure(
    app,
    'register, 2 MB nested JSON, no account',
    options,
    () => ({ method: 'POST', path: '/api/auth/register', headers: jsonHeaders(), body }),
    () => ({ method: 'GET', path: '/api/documents', headers: jsonHeaders(victim) }),
  );
}

/** One account with `notes` notes of 200,000 characters searches them on every connection. */
export async function historySearchFlood(app: AppProcess, options: AttackOptions & { notes: number }): Promise<AttackOutcome> {
  const attacker = await account(app, 'searcher');
  const victim = await account(app, 'victim');
  const note = 'lorem ipsum dolor sit amet '.repeat(7_400).slice(0, 200_000);
  for (let i = 0; i < options.notes; i++) {
    for (;;) {
      const res = await fetch(`${app.url}/api/documents`, { method: 'POST', headers: jsonHeaders(attacker, app.url), body: JSON.stringify({ title: `Note ${i}`, inputContent: note }) });
      if (res.status === 201) break;
      // Document writes are limited per minute: wait as told.
      if (res.status !== 429 && res.status !== 503) throw new Error(`note ${i}: ${res.status} ${await res.text()}`);
      await new Promise((resolve) => setTimeout(resolve, Number(res.headers.get('retry-after') ?? 5) * 1000));
    }
  }
  return measure(
    app,
    `history search over ${Math.round((options.notes * 200_000) / 1e6)} MB of notes, one account`,
    options,
    (i) => ({ method: 'GET', path: `/api/documents?search=${encodeURIComponent(`absent${i}`)}`, headers: jsonHeaders(attacker) }),
    () => ({ method: 'GET', path: '/api/documents', headers: jsonHeaders(victim) }),
  );
}

/** One account compiles a document of four 8 MB PNGs on every connection, and asks for its compiled-ahead PDF. */
export async function imageCompileFlood(app: AppProcess, options: AttackOptions): Promise<AttackOutcome> {
  const attacker = await account(app, 'images');
  const victim = await account(app, 'victim');
  const created = await fetch(`${app.url}/api/documents`, { method: 'POST', headers: jsonHeaders(attacker, app.url), body: JSON.stringify({ title: 'Figures', inputContent: 'Four figures' }) });
  const id = ((await created.json()) as { id: number }).id;
  for (let i = 0; i < 4; i++) {
    const up = await fetch(`${app.url}/api/documents/${id}/images?name=figure-${i}.png`, { method: 'POST', headers: { cookie: attacker.cookie, origin: app.url, 'content-type': 'application/octet-stream' }, body: new Uint8Array(pngOfSize(8 * 1024 * 1024)) });
    if (up.status !== 201) throw new Error(`upload ${i}: ${up.status} ${await up.text()}`);
  }
  const latex = `\\documentclass{article}\n\\usepackage{graphicx}\n\\begin{document}\n\\includegraphics[width=3cm]{figure-0.png}\n\\end{document}\n`;
  const body = JSON.stringify({ latex, documentId: id, pdfFormat: 'url' });
  return measure(
    app,
    'compile + compiled-ahead of 4 × 8 MB images, one account',
    options,
    (i) => (i % 2 === 0 ? { method: 'POST', path: '/api/latex/compile', headers: jsonHeaders(attacker, app.url), body } : { method: 'GET', path: `/api/latex/compiled-ahead/${id}`, headers: jsonHeaders(attacker) }),
    () => ({ method: 'GET', path: '/api/documents', headers: jsonHeaders(victim) }),
  );
}

export interface LoopOutcome {
  /** The fourth user's one-line compile: from asking to its answer (ms), and its status. */
  waitMs: number;
  status: number;
  /** Looping compiles that ended while the fourth user waited. */
  loopsEndedMeanwhile: number;
}

/** Three accounts loop `\def\x{\x}\x`; once their compiles hold the slots, a fourth compiles one line. */
export async function loopingCompiles(app: AppProcess, options: { settleMs: number }): Promise<LoopOutcome> {
  const loopers = await Promise.all([1, 2, 3].map((i) => account(app, `looper${i}`)));
  const fourth = await account(app, 'fourth');
  let stop = false;
  let ended = 0;
  let counting = false;
  const loops = loopers.map(async (looper, i) => {
    for (let n = 0; !stop; n++) {
      const latex = `\\documentclass{article}\n\\begin{document}\n% ${i} ${n}\n\\def\\x{\\x}\\x\n\\end{document}\n`;
      const res = await fetch(`${app.url}/api/latex/compile`, { method: 'POST', headers: jsonHeaders(looper, app.url), body: JSON.stringify({ latex, pdfFormat: 'url' }) }).catch(() => null);
      await res?.arrayBuffer();
      if (counting) ended++;
      // Refused (a budget spent, the queue full): ask again shortly, as a script would.
      if (!res || res.status !== 200) await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  });
  await new Promise((resolve) => setTimeout(resolve, options.settleMs));
  counting = true;
  const started = performance.now();
  const res = await fetch(`${app.url}/api/latex/compile`, {
    method: 'POST',
    headers: jsonHeaders(fourth, app.url),
    body: JSON.stringify({ latex: `\\documentclass{article}\n\\begin{document}\nOne line ${Date.now()}.\n\\end{document}\n`, pdfFormat: 'url' }),
  });
  await res.arrayBuffer();
  const waitMs = performance.now() - started;
  counting = false;
  const loopsEndedMeanwhile = ended;
  stop = true;
  await Promise.all(loops);
  return { waitMs, status: res.status, loopsEndedMeanwhile };
}
