// The core of the loopback fake LLM APIs (fake-openai.ts, fake-anthropic.ts): an HTTP server on
// 127.0.0.1 that answers each model call with the next scripted reply (a text, streamed or not; an
// HTTP error; a reply that never comes) and records every request so tests can read the prompts.
// The real SDKs talk to it over HTTP, exactly as they would to the provider.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ScriptedReply =
  /** A reply with this text. */
  | { text: string }
  /** An HTTP error; `retryAfter` in seconds. */
  | { status: number; message?: string; retryAfter?: number }
  /** No response headers for this long (a provider that accepts the connection and then hangs). */
  | { delayMs: number; then?: ScriptedReply }
  /** Headers at once, then a body that stalls for this long (a stream that stops). */
  | { stallMs: number; text?: string };

export type ReplyScript = ScriptedReply | ((request: RecordedRequest, index: number) => ScriptedReply);

export interface RecordedRequest {
  path: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
}

export interface Dialect {
  matches(path: string): boolean;
  /** Writes a whole reply, streamed when the request asked for a stream. */
  writeText(res: ServerResponse, text: string, body: Record<string, unknown>): void;
  /** Starts a streamed reply (headers and first event) that the caller leaves hanging. */
  startStream(res: ServerResponse, body: Record<string, unknown>, firstText: string): void;
  writeError(res: ServerResponse, status: number, message: string, headers: Record<string, string>): void;
}

export interface FakeLlmServer {
  /** Base URL for the SDK (with the dialect's path prefix). */
  url: string;
  requests: RecordedRequest[];
  /** Replies for the next calls, in order. */
  script(...replies: ReplyScript[]): void;
  /** The reply once the script is used up (default: an empty document body). */
  setDefault(reply: ReplyScript): void;
  /** Forgets the script and the recorded requests. */
  reset(): void;
  close(): Promise<void>;
}

export function chunks(text: string, size = 40): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out.length ? out : [''];
}

export async function startFakeLlmServer(dialect: Dialect, prefix: string): Promise<FakeLlmServer> {
  let queue: ReplyScript[] = [];
  let fallback: ReplyScript = { text: 'Hello.' };
  const requests: RecordedRequest[] = [];
  const open = new Set<ServerResponse>();
  const timers = new Set<NodeJS.Timeout>();
  const later = (ms: number, fn: () => void) => {
    const t = setTimeout(() => {
      timers.delete(t);
      fn();
    }, ms);
    timers.add(t);
  };

  function answer(res: ServerResponse, reply: ScriptedReply, body: Record<string, unknown>): void {
    if ('text' in reply && !('stallMs' in reply)) return dialect.writeText(res, reply.text, body);
    if ('status' in reply) {
      const headers: Record<string, string> = reply.retryAfter !== undefined ? { 'retry-after': String(reply.retryAfter) } : {};
      return dialect.writeError(res, reply.status, reply.message ?? `scripted error ${reply.status}`, headers);
    }
    if ('delayMs' in reply) {
      later(reply.delayMs, () => {
        if (!res.destroyed) answer(res, reply.then ?? { text: 'late' }, body);
      });
      return;
    }
    dialect.startStream(res, body, reply.text ?? '');
    later(reply.stallMs, () => res.destroy());
  }

  const server: Server = createServer((req, res) => {
    open.add(res);
    res.on('close', () => open.delete(res));
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (raw += c));
    req.on('end', () => {
      const path = req.url ?? '/';
      if (req.method !== 'POST' || !dialect.matches(path)) {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"not found"}}');
        return;
      }
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        // recorded as empty
      }
      const recorded: RecordedRequest = { path, headers: req.headers, body };
      requests.push(recorded);
      const next = queue.shift() ?? fallback;
      const reply = typeof next === 'function' ? next(recorded, requests.length - 1) : next;
      answer(res, reply, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${prefix}`,
    requests,
    script: (...replies) => {
      queue.push(...replies);
    },
    setDefault: (reply) => {
      fallback = reply;
    },
    reset: () => {
      queue = [];
      requests.length = 0;
    },
    close: async () => {
      for (const t of timers) clearTimeout(t);
      for (const res of open) res.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
