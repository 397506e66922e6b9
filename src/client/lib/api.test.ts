// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiJson, apiRequest, errorMessage, fetchData, setSessionRecheck } from './api';
import { stubFetch } from '../test-utils';

afterEach(() => {
  vi.unstubAllGlobals();
  setSessionRecheck(null);
});

describe('apiRequest', () => {
  it('sends JSON with credentials and no-cache headers', async () => {
    const fetchMock = vi.fn(stubFetch({ 'POST /api/x': { body: { ok: true } } }).fn);
    vi.stubGlobal('fetch', fetchMock);
    await apiRequest('POST', '/api/x', { a: 1 });
    const init = fetchMock.mock.calls[0]?.[1] as RequestInit;
    expect(init.credentials).toBe('include');
    expect(init.headers).toMatchObject({ 'Content-Type': 'application/json', 'Cache-Control': 'no-cache' });
    expect(init.body).toBe('{"a":1}');
  });

  it('turns a non-OK answer into `${status}: ${body}` and exposes the message', async () => {
    vi.stubGlobal('fetch', vi.fn(stubFetch({ 'GET /api/x': { status: 409, body: { message: 'Taken', extra: 1 } } }).fn));
    const err = await apiJson('GET', '/api/x').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toBe('409: {"message":"Taken","extra":1}');
    expect((err as ApiError).body).toEqual({ message: 'Taken', extra: 1 });
    expect(errorMessage(err)).toBe('Taken');
  });

  it('uses the status text when the body is empty', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('', { status: 503, statusText: 'Service Unavailable' })));
    await expect(apiRequest('GET', '/api/x')).rejects.toThrow('503: Service Unavailable');
  });
});

describe('fetchData on a 401', () => {
  it('rechecks the session and retries once while still signed in', async () => {
    let n = 0;
    vi.stubGlobal('fetch', vi.fn(stubFetch({ 'GET /api/d': () => (++n === 1 ? { status: 401, body: { message: 'x' } } : { body: [1, 2] }) }).fn));
    const recheck = vi.fn(async () => true);
    setSessionRecheck(recheck);
    await expect(fetchData('/api/d')).resolves.toEqual([1, 2]);
    expect(recheck).toHaveBeenCalledTimes(1);
  });

  it('gives an empty result when the session is gone', async () => {
    const fetchMock = vi.fn(stubFetch({ 'GET /api/d': { status: 401, body: { message: 'x' } } }).fn);
    vi.stubGlobal('fetch', fetchMock);
    setSessionRecheck(async () => false);
    await expect(fetchData('/api/d')).resolves.toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
