// Development stays on the machine: `npm start` without NODE_ENV listens on loopback only, and the
// development pages (/dev/outbox, which lists every account's verification and password-reset
// links) answer clients on this machine only, also when a proxy on this machine forwards a remote
// client.
import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startAppProcess, type AppProcess } from './support/app-process.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/** Whether a TCP connection to host:port opens (a refused or unreachable one does not). */
function opens(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port, timeout: 5000 });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(false));
  });
}

describe('the development server process (no NODE_ENV, no HOST)', () => {
  let app: AppProcess;
  beforeAll(async () => {
    // HOST empty: the server's own default, as `npm start` on a fresh machine.
    app = await startAppProcess({ HOST: '', LOG_LEVEL: 'info' }, { pgliteTemplate: inject('pgliteTemplateDir') });
  }, 240_000);
  afterAll(async () => {
    await app?.stop();
  });

  it('listens on loopback only', async () => {
    const listening = [...app.output().matchAll(/Server listening at (http:\/\/[^"\s]+)/g)].map((m) => m[1]);
    expect(listening).toEqual([`http://127.0.0.1:${app.port}`]);
    expect(await opens('127.0.0.1', app.port)).toBe(true);
    // The machine's other addresses (this one has one on eth0) get no connection.
    const others = Object.values(networkInterfaces())
      .flat()
      .filter((i) => i && i.family === 'IPv4' && !i.internal)
      .map((i) => i!.address);
    expect(others.length).toBeGreaterThan(0);
    for (const address of others) expect(await opens(address, app.port), address).toBe(false);
  });
});

describe('the development pages', () => {
  let t: TestApp;
  beforeAll(async () => {
    // A proxy on this machine is trusted: its X-Forwarded-For names the real client.
    t = await createTestApp('pglite', { env: { TRUST_PROXY: 'loopback' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answer a client on this machine, and 404 to any other, before reading the outbox', async () => {
    const registered = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: { username: 'dev pages', email: `dev-${Date.now()}@example.com`, password: 'correct horse battery' } });
    expect(registered.statusCode).toBe(201);
    for (const url of ['/dev/outbox', '/dev/outbox.json']) {
      const local = await t.app.inject({ url });
      expect(local.statusCode, url).toBe(200);
      expect(local.body).toContain('verify-email?token=');
      expect((await t.app.inject({ url, remoteAddress: '::1' })).statusCode, url).toBe(200);
      const remote = await t.app.inject({ url, remoteAddress: '192.0.2.44' });
      expect(remote.statusCode, url).toBe(404);
      expect(remote.body).not.toContain('verify-email?token=');
      // Through a proxy on this machine, a remote client is still remote.
      expect((await t.app.inject({ url, headers: { 'x-forwarded-for': '198.51.100.7' } })).statusCode, url).toBe(404);
    }
  });
});
