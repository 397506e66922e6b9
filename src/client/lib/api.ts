// The client's one way to call the API: JSON with credentials and no-cache headers. Any non-OK
// answer throws an ApiError carrying the status and the parsed body; its text is the product's
// error text `${status}: ${body || statusText}` (docs: error catalogue), built once and never
// parsed back.
import type { z } from 'zod';

/** The JSON object an error answer carries ({ message, ...extra }), or null for anything else. */
export type ApiErrorBody = Record<string, unknown> | null;

export class ApiError extends Error {
  readonly status: number;
  readonly body: ApiErrorBody;
  /** The answer's Retry-After in seconds (429 and 503), when it gave one. */
  retryAfterSeconds: number | undefined;

  constructor(status: number, body: ApiErrorBody, text: string) {
    super(`${status}: ${text}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }

  /** Builds the error from an answer's raw body text. */
  static fromText(status: number, bodyText: string, statusText = ''): ApiError {
    return new ApiError(status, parseJsonObject(bodyText), bodyText || statusText);
  }

  /** The server's `message`, if the body carried one. */
  get serverMessage(): string | null {
    const m = this.body?.message;
    return typeof m === 'string' && m.trim() ? m : null;
  }
}

function parseJsonObject(text: string): ApiErrorBody {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Reads a failed answer into an ApiError (an unreadable body counts as empty). */
export async function apiErrorFrom(res: Response): Promise<ApiError> {
  const text = await res.text().catch(() => '');
  const err = ApiError.fromText(res.status, text, res.statusText);
  const retryAfter = Number(res.headers?.get?.('retry-after') ?? NaN);
  if (Number.isFinite(retryAfter) && retryAfter > 0) err.retryAfterSeconds = retryAfter;
  return err;
}

export const isApiError = (err: unknown, status?: number): err is ApiError =>
  err instanceof ApiError && (status === undefined || err.status === status);

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
  if (!res.ok) throw await apiErrorFrom(res);
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
  if (err instanceof Error) return err.message || fallback;
  return fallback;
}

/**
 * Installed by the session layer so data requests can react to a 401: recheck the session and
 * retry once if it is still valid, otherwise give an empty result.
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
    if (!isApiError(err, 401)) throw err;
    const stillAuthenticated = recheckSession ? await recheckSession() : false;
    if (!stillAuthenticated) return null;
    try {
      return await apiJson<T>('GET', url, undefined, schema);
    } catch (retryErr) {
      if (isApiError(retryErr, 401)) return null;
      throw retryErr;
    }
  }
}
