// Health, readiness, metrics and security headers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from '../../../tests/support/test-app.js';

describe('operability', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(async () => {
    await t.close();
  });

  it('reports health and readiness with each check', async () => {
    expect((await t.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', checks: { database: true, compile: true } });
  });

  it('exposes Prometheus metrics, counting generations charged', async () => {
    const user = await signUp(t);
    await t.app.inject({ method: 'POST', url: '/api/latex/generate', payload: { content: 'metrics note' }, headers: { cookie: user.cookie } });
    await t.app.inject({ method: 'POST', url: '/api/latex/compile', payload: { latex: '\\documentclass{article}\\begin{document}Hi\\end{document}' }, headers: { cookie: user.cookie } });
    // The generation's background compile may still be running: wait until nothing is in flight.
    let res = await t.app.inject({ url: '/metrics' });
    for (let i = 0; i < 300 && !res.body.includes('compile_in_flight 0'); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      res = await t.app.inject({ url: '/metrics' });
    }
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toContain('generations_charged_total{engine="builtin"} 1');
    expect(res.body).toMatch(/http_request_duration_seconds_count\{method="POST",route="\/api\/latex\/generate",status="200"\} 1/);
    // The explicit compile, and the background compile that follows a generation.
    expect(res.body).toMatch(/compile_duration_seconds_count\{status="success"\} [12]\n/);
    expect(res.body).toContain('compile_in_flight 0');
  });

  it('sends a strict Content-Security-Policy and no-store on API answers', async () => {
    const res = await t.app.inject({ url: '/api/auth/me' });
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('no-store');
  });
});
