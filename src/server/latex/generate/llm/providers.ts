// Chat providers behind the AI engine: any OpenAI-compatible chat-completions endpoint (OpenAI,
// Ollama, vLLM, llama.cpp server, OpenRouter, Groq) through the `openai` SDK with a base URL, and
// Anthropic through its SDK. Both stream the reply, so that "reaching the provider" (until the
// response headers arrive) has its own short limit apart from the whole call's. The SDKs' own
// retries are off: resilience.ts retries with backoff and keeps a circuit breaker per provider.
import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';

export type ProviderKind = 'openai' | 'anthropic';

export interface ChatMessage {
  role: 'user' | 'assistant';
  content: string;
}

export interface ChatRequest {
  model: string;
  system: string;
  messages: ChatMessage[];
  maxTokens: number;
  /** Aborts the call (the caller's total deadline). */
  signal: AbortSignal;
}

export interface ChatProvider {
  kind: ProviderKind;
  /** The whole reply text. Throws ProviderError. */
  complete(request: ChatRequest): Promise<string>;
}

export type ProviderErrorKind = 'rate-limited' | 'server' | 'connect' | 'timeout' | 'client' | 'empty' | 'aborted';

/** A failed model call, classified for retries and for the message in the fallback reason. */
export class ProviderError extends Error {
  constructor(
    public readonly kind: ProviderErrorKind,
    message: string,
    public readonly status?: number,
    public readonly retryAfterMs?: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'ProviderError';
  }

  get retryable(): boolean {
    return this.kind === 'rate-limited' || this.kind === 'server' || this.kind === 'connect';
  }
}

export interface ProviderOptions {
  baseUrl?: string | undefined;
  apiKey?: string | undefined;
  /** Until the provider's response headers arrive. */
  connectTimeoutMs: number;
}

class ConnectTimeoutError extends Error {
  constructor(ms: number) {
    super(`no response from the provider within ${ms} ms (connect timeout)`);
    this.name = 'ConnectTimeoutError';
  }
}

/** fetch that gives up when no response headers arrived in time; the caller's signal still covers the body. */
function fetchWithConnectTimeout(connectTimeoutMs: number): typeof fetch {
  return async (url, init) => {
    const controller = new AbortController();
    const outer = init?.signal ?? undefined;
    const forward = () => controller.abort(outer?.reason);
    if (outer?.aborted) forward();
    else outer?.addEventListener('abort', forward, { once: true });
    const timer = setTimeout(() => controller.abort(new ConnectTimeoutError(connectTimeoutMs)), connectTimeoutMs);
    try {
      return await fetch(url, { ...init, signal: controller.signal });
    } finally {
      clearTimeout(timer);
    }
  };
}

function causes(err: unknown): unknown[] {
  const out: unknown[] = [];
  let e: unknown = err;
  for (let i = 0; e && i < 6; i++) {
    out.push(e);
    e = (e as { cause?: unknown }).cause;
  }
  return out;
}

function retryAfterMs(headers: Headers | undefined): number | undefined {
  const ms = headers?.get('retry-after-ms');
  if (ms && Number.isFinite(Number(ms))) return Number(ms);
  const value = headers?.get('retry-after');
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isFinite(date) ? Math.max(0, date - Date.now()) : undefined;
}

interface SdkErrors {
  APIError: typeof OpenAI.APIError | typeof Anthropic.APIError;
  APIUserAbortError: typeof OpenAI.APIUserAbortError | typeof Anthropic.APIUserAbortError;
  APIConnectionError: typeof OpenAI.APIConnectionError | typeof Anthropic.APIConnectionError;
  APIConnectionTimeoutError: typeof OpenAI.APIConnectionTimeoutError | typeof Anthropic.APIConnectionTimeoutError;
}

/** Maps whatever an SDK threw to a ProviderError. */
function classify(err: unknown, signal: AbortSignal, sdk: SdkErrors): ProviderError {
  if (err instanceof ProviderError) return err;
  if (signal.aborted) return new ProviderError('timeout', 'The AI provider did not finish in time.', undefined, undefined, { cause: err });
  if (err instanceof sdk.APIConnectionTimeoutError || causes(err).some((e) => e instanceof ConnectTimeoutError)) {
    return new ProviderError('connect', 'The AI provider did not respond in time.', undefined, undefined, { cause: err });
  }
  if (err instanceof sdk.APIUserAbortError) return new ProviderError('aborted', 'The request was cancelled.', undefined, undefined, { cause: err });
  if (err instanceof sdk.APIConnectionError) {
    return new ProviderError('connect', 'The AI provider could not be reached.', undefined, undefined, { cause: err });
  }
  if (err instanceof sdk.APIError && typeof err.status === 'number') {
    const status = err.status;
    const after = retryAfterMs(err.headers as Headers | undefined);
    if (status === 429) return new ProviderError('rate-limited', 'The AI provider is rate-limiting requests.', status, after, { cause: err });
    if (status >= 500 || status === 408 || status === 409) {
      return new ProviderError('server', `The AI provider answered with an error (${status}).`, status, after, { cause: err });
    }
    return new ProviderError('client', `The AI provider refused the request (${status}).`, status, undefined, { cause: err });
  }
  // Errors in the middle of a stream (a dropped connection, a malformed event).
  return new ProviderError('connect', 'The connection to the AI provider failed.', undefined, undefined, { cause: err });
}

/** A stream that ended without its final event: stopped by the deadline or a dropped connection. */
function cutOff(signal: AbortSignal): ProviderError {
  return signal.aborted
    ? new ProviderError('timeout', 'The AI provider did not finish in time.')
    : new ProviderError('connect', 'The reply from the AI provider was cut off.');
}

export function createOpenAiProvider(options: ProviderOptions): ChatProvider {
  const client = new OpenAI({
    // Local servers (Ollama, llama.cpp) need no key, but the SDK requires one.
    apiKey: options.apiKey ?? 'not-needed',
    baseURL: options.baseUrl ?? 'https://api.openai.com/v1',
    organization: null,
    project: null,
    maxRetries: 0,
    fetch: fetchWithConnectTimeout(options.connectTimeoutMs),
  });
  return {
    kind: 'openai',
    async complete({ model, system, messages, maxTokens, signal }) {
      try {
        const stream = await client.chat.completions.create(
          {
            model,
            stream: true,
            max_tokens: maxTokens,
            temperature: 0.2,
            messages: [{ role: 'system', content: system }, ...messages],
          },
          { signal, maxRetries: 0 },
        );
        let text = '';
        let finished = false;
        for await (const chunk of stream) {
          text += chunk.choices[0]?.delta?.content ?? '';
          if (chunk.choices[0]?.finish_reason) finished = true;
        }
        if (!finished) throw cutOff(signal);
        if (!text.trim()) throw new ProviderError('empty', 'The AI provider returned an empty reply.');
        return text;
      } catch (err) {
        throw classify(err, signal, OpenAI);
      }
    },
  };
}

export function createAnthropicProvider(options: ProviderOptions & { apiKey: string }): ChatProvider {
  const client = new Anthropic({
    apiKey: options.apiKey,
    authToken: null,
    webhookKey: null,
    baseURL: options.baseUrl ?? 'https://api.anthropic.com',
    maxRetries: 0,
    fetch: fetchWithConnectTimeout(options.connectTimeoutMs),
  });
  return {
    kind: 'anthropic',
    async complete({ model, system, messages, maxTokens, signal }) {
      try {
        const stream = await client.messages.create(
          { model, system, messages, max_tokens: maxTokens, stream: true },
          { signal, maxRetries: 0 },
        );
        let text = '';
        let finished = false;
        for await (const event of stream) {
          if (event.type === 'content_block_delta' && event.delta.type === 'text_delta') text += event.delta.text;
          if (event.type === 'message_stop') finished = true;
        }
        if (!finished) throw cutOff(signal);
        if (!text.trim()) throw new ProviderError('empty', 'The AI provider returned an empty reply.');
        return text;
      } catch (err) {
        throw classify(err, signal, Anthropic);
      }
    },
  };
}
