// The client's one way to call the API (docs/product.md, API conventions): JSON with credentials and no-cache
// headers; any non-OK response throws an ApiError whose text is `${status}: ${body || statusText}`.
import type { z } from 'zod';

export class ApiError extends Error {
  readonly status: number;
  /** The parsed JSON error body ({ message, ...extra }) when the server sent one. */
  readonly body: Record<string, unknown> | null;

  constructor(status: number, text: string, body: Record<string, unknown> | null) {
    super(text);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }

  /** The server's `message`, if the body carried one. */
  get serverMessage(): string | null {
    const m = this.body?.message;
    return typeof m === 'string' && m.trim() ? m : null;
  }
}

/** Parses the JSON part of an error text `${status}: {...}`; null when it is not JSON. */
export function parseErrorBody(text: string): Record<string, unknown> | null {
  const idx = text.indexOf(': ');
  const raw = idx >= 0 ? text.slice(idx + 2) : text;
  try {
    const value: unknown = JSON.parse(raw);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

async function throwIfResNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  let text = '';
  try {
    text = await res.text();
  } catch {
    text = '';
  }
  const message = `${res.status}: ${text || res.statusText}`;
  throw new ApiError(res.status, message, parseErrorBody(message));
}

export const JSON_HEADERS: Readonly<Record<string, string>> = {
  'Content-Type': 'application/json',
  'Cache-Control': 'no-cache',
};

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Sends one request and returns the OK response; throws ApiError otherwise. State-changing requests
 * always carry a JSON body (`{}` when there is no data) because the server only accepts JSON.
 */
export async function apiRequest(method: HttpMethod, url: string, data?: unknown, init?: RequestInit): Promise<Response> {
  const hasBody = method !== 'GET';
  const res = await fetch(url, {
    method,
    credentials: 'include',
    headers: { ...JSON_HEADERS, ...(init?.headers as Record<string, string> | undefined) },
    body: hasBody ? JSON.stringify(data ?? {}) : undefined,
    ...(init?.signal ? { signal: init.signal } : {}),
  });
  await throwIfResNotOk(res);
  return res;
}

/** apiRequest + JSON body, optionally validated by a zod schema (a mismatch throws). */
export async function apiJson<T = unknown>(method: HttpMethod, url: string, data?: unknown, schema?: z.ZodType<T>): Promise<T> {
  const res = await apiRequest(method, url, data);
  if (res.status === 204) return undefined as T;
  const json: unknown = await res.json();
  return schema ? schema.parse(json) : (json as T);
}

/** The message to show a person for any thrown value: the server's message when there is one. */
export function errorMessage(err: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (err instanceof ApiError) return err.serverMessage ?? fallback;
  if (err instanceof Error) {
    const body = parseErrorBody(err.message);
    const m = body?.message;
    if (typeof m === 'string' && m) return m;
    return err.message || fallback;
  }
  return fallback;
}

/**
 * Hooks the session layer installs so data requests can react to a 401 (docs/product.md, Session): recheck
 * the session and retry once if it is still valid, otherwise give an empty result.
 */
let recheckSession: (() => Promise<boolean>) | null = null;
export function setSessionRecheck(fn: (() => Promise<boolean>) | null): void {
  recheckSession = fn;
}

/** GET JSON for a data query; a 401 rechecks the session, retries once, or resolves to null. */
export async function fetchData<T>(url: string, schema?: z.ZodType<T>): Promise<T | null> {
  try {
    return await apiJson<T>('GET', url, undefined, schema);
  } catch (err) {
    if (!(err instanceof ApiError) || err.status !== 401) throw err;
    const stillAuthenticated = recheckSession ? await recheckSession() : false;
    if (!stillAuthenticated) return null;
    try {
      return await apiJson<T>('GET', url, undefined, schema);
    } catch (retryErr) {
      if (retryErr instanceof ApiError && retryErr.status === 401) return null;
      throw retryErr;
    }
  }
}
