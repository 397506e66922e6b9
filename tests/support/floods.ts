// Attacks on a running server for the availability tests and bench/attacks.ts: N connections sending
// one kind of request back to back for a while, beside another user's ordinary requests and /healthz,
// with the server's own event-loop histogram (/metrics: nodejs_eventloop_delay_max_seconds, one
// observation a second) read before and after. What the other user saw is returned as statuses and
// latencies; tests assert the statuses and the histogram, the bench prints the latencies.
import { performance } from 'node:perf_hooks';

export interface Probe {
  status: number;
  ms: number;
}

export interface FloodRequest {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

/** The pseudo-status of a request whose connection the server closed before answering. */
export const CLOSED = -1;
/** Socket errors of a connection the server closed (what a refused body still being sent meets). */
const CLOSED_CODES = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET']);

/**
 * Sends one request and reads its answer whole: its status; CLOSED when the server closed the
 * connection instead (RFC 9110 lets it close one whose body it refuses while the body is still
 * arriving); 0 without an answer within a minute or on any other failure.
 */
async function ask(baseUrl: string, r: FloodRequest): Promise<number> {
  try {
    const res = await fetch(`${baseUrl}${r.path}`, { method: r.method, headers: r.headers ?? {}, ...(r.body !== undefined ? { body: r.body } : {}), signal: AbortSignal.timeout(60_000) });
    await res.arrayBuffer();
    return res.status;
  } catch (error) {
    const code = (error as { cause?: { code?: unknown } }).cause?.code;
    return typeof code === 'string' && CLOSED_CODES.has(code) ? CLOSED : 0;
  }
}

/** `connections` loops each sending `request(i)` back to back until `until` resolves; answers by status ('0': no answer, '-1': connection closed by the server). */
export async function flood(baseUrl: string, connections: number, request: (i: number) => FloodRequest, until: Promise<unknown>): Promise<Record<string, number>> {
  const statuses: Record<string, number> = {};
  let stop = false;
  void until.then(() => (stop = true));
  await Promise.all(
    Array.from({ length: connections }, async (_, c) => {
      for (let i = c; !stop; i += connections) {
        const status = await ask(baseUrl, request(i));
        statuses[status] = (statuses[status] ?? 0) + 1;
      }
    }),
  );
  return statuses;
}

/** Asks `request()` one at a time, `pauseMs` apart, until `until` resolves; every answer's status and time. */
export async function probe(baseUrl: string, request: () => FloodRequest, until: Promise<unknown>, pauseMs = 100): Promise<Probe[]> {
  const seen: Probe[] = [];
  let stop = false;
  void until.then(() => (stop = true));
  while (!stop) {
    const started = performance.now();
    const status = await ask(baseUrl, request());
    seen.push({ status, ms: performance.now() - started });
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
  }
  return seen;
}

/** The server's event-loop histogram: seconds observed at or under each bucket (`le`), from /metrics. */
export async function eventLoopSeconds(baseUrl: string, metricsToken: string): Promise<Map<string, number>> {
  const text = await (await fetch(`${baseUrl}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } })).text();
  const buckets = new Map<string, number>();
  for (const match of text.matchAll(/^nodejs_eventloop_delay_max_seconds_bucket\{le="([^"]+)"\} (\d+)$/gm)) buckets.set(match[1]!, Number(match[2]));
  return buckets;
}

/** Seconds between two reads of the histogram, and how many of them were worse than `le`. */
export function secondsWorseThan(before: Map<string, number>, after: Map<string, number>, le: string): { seconds: number; worse: number } {
  const seconds = (after.get('+Inf') ?? 0) - (before.get('+Inf') ?? 0);
  return { seconds, worse: seconds - ((after.get(le) ?? 0) - (before.get(le) ?? 0)) };
}

/** The worst second's delay between two reads: the lowest bucket every second fell in (seconds; Infinity past the last). */
export function worstSecond(before: Map<string, number>, after: Map<string, number>): number {
  const { seconds } = secondsWorseThan(before, after, '+Inf');
  for (const le of [...after.keys()].filter((k) => k !== '+Inf').sort((a, b) => Number(a) - Number(b))) {
    if (secondsWorseThan(before, after, le).worse === 0 && seconds > 0) return Number(le);
  }
  return Infinity;
}

/** Puts the account on the Power plan through the demo checkout (NODE_ENV=production with ALLOW_DEMO_PAYMENTS). */
export async function upgradeToPower(baseUrl: string, cookie: string): Promise<void> {
  const headers = { cookie, origin: baseUrl, 'content-type': 'application/json' };
  const created = await fetch(`${baseUrl}/api/subscription/create`, { method: 'POST', headers, body: JSON.stringify({ tier: 'tier5' }) });
  if (created.status !== 200) throw new Error(`checkout failed: ${created.status} ${await created.text()}`);
  const { url } = (await created.json()) as { url: string };
  const paid = await fetch(`${baseUrl}${new URL(url, baseUrl).pathname}/pay`, { method: 'POST', headers: { cookie, origin: baseUrl }, redirect: 'manual' });
  if (paid.status !== 303) throw new Error(`demo payment failed: ${paid.status} ${await paid.text()}`);
}
