// Generating with progress: POST /api/latex/generate asking for server-sent events, read with
// fetch and a ReadableStream (EventSource cannot POST). Stage events update a small store that the
// editor's status line shows; the final `result` event carries the same JSON as the plain call, an
// `error` event becomes an ApiError like any failed request. Also keeps the model the user picked.
import { useSyncExternalStore } from 'react';
import {
  GenerateResponseSchema,
  StageEventSchema,
  type GenerateRequest,
  type GenerateResponse,
  type StageEvent,
} from '../../shared/api/latex';
import { ApiError, JSON_HEADERS, parseErrorBody } from './api';
import { readLocal, writeLocal } from './storage';

// ---- the current stage (null when no generation is running) ----------------------------------

let stage: StageEvent | null = null;
const stageListeners = new Set<() => void>();

export const generationProgress = {
  get: (): StageEvent | null => stage,
  set(next: StageEvent | null): void {
    stage = next;
    for (const l of stageListeners) l();
  },
  subscribe(listener: () => void): () => void {
    stageListeners.add(listener);
    return () => stageListeners.delete(listener);
  },
};

export function useGenerationStage(): StageEvent | null {
  return useSyncExternalStore(generationProgress.subscribe, generationProgress.get, generationProgress.get);
}

// ---- the model the user picked (kept across reloads) ------------------------------------------

const MODEL_KEY = 'latexgen.selectedModel';
let model: string | null = readLocal(MODEL_KEY);
const modelListeners = new Set<() => void>();

export const modelChoice = {
  get: (): string | null => model,
  set(next: string | null): void {
    model = next;
    writeLocal(MODEL_KEY, next ?? '');
    for (const l of modelListeners) l();
  },
  subscribe(listener: () => void): () => void {
    modelListeners.add(listener);
    return () => modelListeners.delete(listener);
  },
};

export function useModelChoice(): string | null {
  return useSyncExternalStore(modelChoice.subscribe, modelChoice.get, modelChoice.get);
}

// ---- the request -------------------------------------------------------------------------------

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

async function failure(res: Response): Promise<ApiError> {
  const text = await res.text().catch(() => '');
  const message = `${res.status}: ${text || res.statusText}`;
  return new ApiError(res.status, message, parseErrorBody(message));
}

export interface GenerateOptions {
  idempotencyKey?: string;
  onStage?: (stage: StageEvent) => void;
  signal?: AbortSignal;
}

/** Generates with stage events; resolves to the same response as the plain call, throws ApiError. */
export async function generateWithProgress(request: GenerateRequest, options: GenerateOptions = {}): Promise<GenerateResponse> {
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
  if (!res.ok) throw await failure(res);
  // A server (or proxy) that answers the plain way is fine too.
  if (!(res.headers.get('content-type') ?? '').includes('text/event-stream') || !res.body) {
    return GenerateResponseSchema.parse(await res.json());
  }

  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  const parser = createSseParser();
  const handle = (e: SseEvent): GenerateResponse | undefined => {
    if (e.event === 'stage') {
      const parsed = StageEventSchema.safeParse(JSON.parse(e.data));
      if (parsed.success) options.onStage?.(parsed.data);
      return undefined;
    }
    if (e.event === 'result') return GenerateResponseSchema.parse(JSON.parse(e.data));
    if (e.event === 'error') {
      const body = parseErrorBody(e.data) ?? {};
      const status = typeof body['status'] === 'number' ? body['status'] : 500;
      throw new ApiError(status, `${status}: ${e.data}`, body);
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
