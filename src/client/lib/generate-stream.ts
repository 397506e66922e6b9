// Generating with progress: POST /api/latex/generate asking for server-sent events, read with
// fetch and a ReadableStream (EventSource cannot POST). Stage events go to a callback (the editor's
// reducer shows them); the final `result` event carries the same JSON as the plain call, an
// `error` event becomes an ApiError like any failed request.
import {
  GenerateResponseSchema,
  StageEventSchema,
  StreamErrorEventSchema,
  type GenerateRequest,
  type GenerateResponse,
  type StageEvent,
} from '../../shared/api/latex';
import { ApiError, apiErrorFrom, JSON_HEADERS } from './api';

// ---- the request -------------------------------------------------------------------------------

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

interface SseEvent {
  event: string;
  data: string;
}

/** Splits a text/event-stream into events; `push` returns the complete ones seen so far. */
export function createSseParser(): { push(chunk: string): SseEvent[]; end(): SseEvent[] } {
  let buffer = '';
  const parseBlock = (block: string): SseEvent | null => {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line === '' || line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon >= 0 ? line.slice(0, colon) : line;
      const value = colon >= 0 ? line.slice(colon + 1).replace(/^ /, '') : '';
      if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
    }
    return data.length ? { event, data: data.join('\n') } : null;
  };
  const drain = (final: boolean): SseEvent[] => {
    const out: SseEvent[] = [];
    buffer = buffer.replace(/\r\n?/g, '\n');
    let idx = buffer.indexOf('\n\n');
    while (idx >= 0) {
      const e = parseBlock(buffer.slice(0, idx));
      if (e) out.push(e);
      buffer = buffer.slice(idx + 2);
      idx = buffer.indexOf('\n\n');
    }
    if (final && buffer.trim()) {
      const e = parseBlock(buffer);
      if (e) out.push(e);
      buffer = '';
    }
    return out;
  };
  return {
    push(chunk) {
      buffer += chunk;
      return drain(false);
    },
    end: () => drain(true),
  };
}

export interface GenerateStreamOptions {
  idempotencyKey?: string;
  onStage?: (stage: StageEvent) => void;
  signal?: AbortSignal;
}

/** Generates with stage events; resolves to the same response as the plain call, throws ApiError. */
export async function generateWithProgress(request: GenerateRequest, options: GenerateStreamOptions = {}): Promise<GenerateResponse> {
  const res = await fetch('/api/latex/generate', {
    method: 'POST',
    credentials: 'include',
    headers: {
      ...JSON_HEADERS,
      Accept: 'text/event-stream',
      ...(options.idempotencyKey ? { 'Idempotency-Key': options.idempotencyKey } : {}),
    },
    body: JSON.stringify(request),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  if (!res.ok) throw await apiErrorFrom(res);
  // A server (or proxy) that answers the plain way is fine too.
  if (!(res.headers.get('content-type') ?? '').includes('text/event-stream') || !res.body) {
    return GenerateResponseSchema.parse(await res.json());
  }

  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  const parser = createSseParser();
  const handle = (e: SseEvent): GenerateResponse | undefined => {
    if (e.event === 'stage') {
      const parsed = StageEventSchema.safeParse(safeJson(e.data));
      if (parsed.success) options.onStage?.(parsed.data);
      return undefined;
    }
    if (e.event === 'result') return GenerateResponseSchema.parse(JSON.parse(e.data));
    if (e.event === 'error') {
      const parsed = StreamErrorEventSchema.safeParse(safeJson(e.data));
      throw ApiError.fromText(parsed.success ? parsed.data.status : 500, e.data);
    }
    return undefined;
  };
  try {
    for (;;) {
      const { value, done } = await reader.read();
      const events = done ? parser.end() : parser.push(value);
      for (const e of events) {
        const result = handle(e);
        if (result) return result;
      }
      if (done) break;
    }
  } finally {
    reader.releaseLock();
  }
  throw new Error('The connection closed before the document was ready. Please try again; you were not charged unless it appears in your history.');
}
