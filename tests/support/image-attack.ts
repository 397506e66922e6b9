// The availability attack a review found (one account taking the service from everyone), against a
// server process: one signed-in user whose document holds four 8 MB PNGs sends, on six connections
// at once, POST /api/latex/compile with that document's id and GET /api/latex/compiled-ahead/{id},
// while another user lists their documents and a monitor asks /healthz. Used by tests/availability.int.test.ts (which asserts the
// other user's answers and the event-loop histogram) and bench/attack.ts (which prints the table).
import type { AppProcess } from './app-process.js';
import { pngOfSize } from './images.js';
import { signUpOverHttp, uniqueEmail, type HttpAccount } from './sign-up.js';

const MB = 1024 * 1024;
const IMAGES = ['a', 'b', 'c', 'd'];
export const ATTACK_LATEX = `\\documentclass{article}\n\\usepackage{graphicx}\n\\begin{document}\n${IMAGES.map((n) => `\\includegraphics[width=2cm]{${n}.png}`).join('\n')}\n\\end{document}\n`;

export interface AttackSetup {
  attacker: HttpAccount;
  victim: HttpAccount;
  documentId: number;
}

async function json(res: Response): Promise<Record<string, unknown>> {
  const body = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`${res.status}: ${JSON.stringify(body)}`);
  return body;
}

/** A set-up request, asked again after a 503 (a server that sheds load while its own uploads land). */
async function patiently(url: string, init: RequestInit): Promise<Record<string, unknown>> {
  for (let attempt = 1; ; attempt++) {
    const res = await fetch(url, init);
    if (res.status !== 503 || attempt === 10) return json(res);
    await res.arrayBuffer();
    await new Promise((r) => setTimeout(r, Number(res.headers.get('retry-after') ?? 1) * 1000));
  }
}

/** Two accounts; the attacker's document with its four 8 MB images; one document of the victim's. */
export async function prepareImageAttack(app: AppProcess): Promise<AttackSetup> {
  const attacker = await signUpOverHttp(app.url, () => app.outboxLinks(), { email: uniqueEmail('attacker') });
  const victim = await signUpOverHttp(app.url, () => app.outboxLinks(), { email: uniqueEmail('victim') });
  const post = (account: HttpAccount, body: unknown) =>
    patiently(`${app.url}/api/documents`, { method: 'POST', headers: { cookie: account.cookie, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const doc = await post(attacker, { title: 'Four big pictures', inputContent: 'pictures', latexContent: ATTACK_LATEX });
  const documentId = doc.id as number;
  const png = pngOfSize(8 * MB);
  for (const name of IMAGES) {
    await patiently(`${app.url}/api/documents/${documentId}/images?name=${name}.png`, {
      method: 'POST',
      headers: { cookie: attacker.cookie, 'content-type': 'application/octet-stream' },
      body: new Uint8Array(png),
    });
  }
  await post(victim, { title: 'My notes', inputContent: 'notes', latexContent: '' });
  return { attacker, victim, documentId };
}

export interface AttackOutcome {
  /** The victim's GET /api/documents: status of each answer (0: no answer in 30 s) and its time. */
  victim: Array<{ status: number; ms: number }>;
  healthz: Array<{ status: number; ms: number }>;
  /** Statuses the attacker got, counted. */
  attacker: Record<string, number>;
}

async function timed(url: string, init: RequestInit = {}): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(30_000) });
    await res.arrayBuffer();
    return { status: res.status, ms: performance.now() - started };
  } catch {
    return { status: 0, ms: performance.now() - started };
  }
}

/** Runs the attack for `seconds`; the victim asks every 50 ms, the monitor every 100 ms. */
export async function runImageAttack(app: AppProcess, setup: AttackSetup, options: { seconds: number; connections: number }): Promise<AttackOutcome> {
  const until = Date.now() + options.seconds * 1000;
  const outcome: AttackOutcome = { victim: [], healthz: [], attacker: {} };
  const count = (status: number) => (outcome.attacker[String(status)] = (outcome.attacker[String(status)] ?? 0) + 1);
  const attackerHeaders = { cookie: setup.attacker.cookie, 'content-type': 'application/json' };
  const compile = JSON.stringify({ latex: ATTACK_LATEX, documentId: setup.documentId, pdfFormat: 'url' });
  const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
  const attackers = Array.from({ length: options.connections }, async () => {
    while (Date.now() < until) {
      count((await timed(`${app.url}/api/latex/compile`, { method: 'POST', headers: attackerHeaders, body: compile })).status);
      count((await timed(`${app.url}/api/latex/compiled-ahead/${setup.documentId}`, { headers: { cookie: setup.attacker.cookie } })).status);
    }
  });
  const victim = (async () => {
    while (Date.now() < until) {
      outcome.victim.push(await timed(`${app.url}/api/documents`, { headers: { cookie: setup.victim.cookie } }));
      await pause(50);
    }
  })();
  const monitor = (async () => {
    while (Date.now() < until) {
      outcome.healthz.push(await timed(`${app.url}/healthz`));
      await pause(100);
    }
  })();
  await Promise.all([...attackers, victim, monitor]);
  return outcome;
}

/** The event-loop histogram's cumulative counts by bucket (`le` in seconds), from /metrics. */
export async function eventLoopWindows(app: AppProcess): Promise<Map<string, number>> {
  const text = await (await fetch(`${app.url}/metrics`)).text();
  const counts = new Map<string, number>();
  for (const match of text.matchAll(/^nodejs_eventloop_delay_max_seconds_bucket\{le="([^"]+)"\} (\d+)$/gm)) counts.set(match[1]!, Number(match[2]));
  return counts;
}
