// Faults of one process: TeX Live missing gives HTML previews; a TeX process killed mid-compile
// frees its slot and leaves no job directory; a slowloris client is cut off.
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createCompileService } from '../src/server/latex/compile/index.js';
import { createTestApp, signUp } from './support/test-app.js';

describe('faults in one process', () => {
  it('TeX Live missing: generation still works and compiling gives an HTML preview', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'latexgen-notex-'));
    const compiler = createCompileService({ dataDir, texBinDir: join(dataDir, 'no-tex-here'), warmFormats: false });
    const t = await createTestApp('pglite', { compiler });
    try {
      const user = await signUp(t);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/latex/generate',
        payload: { content: '# Plan\n\nUse <b>bold</b> ideas & 5% more.\n\n- one\n- two', documentType: 'article', compile: true },
        headers: { cookie: user.cookie },
      });
      expect(res.statusCode).toBe(200);
      const result = res.json().compilationResult;
      expect(result).toMatchObject({ isHtml: true });
      expect(result.html).toContain('Plan');
      // User text is escaped, never markup.
      expect(result.html).not.toContain('<b>bold</b>');
      const ready = (await t.app.inject({ url: '/readyz' })).json();
      expect(ready).toEqual({ status: 'ready', checks: { database: true, compile: false } });
    } finally {
      await t.close();
      await compiler.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('a TeX process killed mid-compile frees its slot and leaves no job directory', async () => {
    const workDir = mkdtempSync(join(tmpdir(), 'latexgen-killtex-'));
    // TeX runs as an unprivileged user, which must be able to reach its job directory.
    chmodSync(workDir, 0o711);
    // No pre-started processes: the only sandbox under workDir is the compile's own, so the kill
    // below cannot hit a spare waiting for the next job instead. The wall-clock limit is far past
    // the test's own timeout: the compile can only end within the test because of the kill.
    const compiler = createCompileService({ workDir, dataDir: workDir, concurrency: 1, timeoutMs: 600_000, warmFormats: false, warmProcesses: 0 });
    try {
      const endless = '\\documentclass{article}\\begin{document}\\def\\x{\\x}\\x\\end{document}';
      const pending = compiler.compile({ latex: endless });
      // The sandbox's command line names the job directory under workDir.
      let pids = '';
      for (let i = 0; i < 100 && !pids; i++) {
        await new Promise((r) => setTimeout(r, 100));
        try {
          pids = execFileSync('pgrep', ['-f', `bwrap.*${workDir}`], { encoding: 'utf8' }).trim();
        } catch {
          pids = '';
        }
      }
      expect(pids).not.toBe('');
      execFileSync('kill', ['-9', ...pids.split('\n')]);
      const result = await pending;
      // SIGKILL is how the kernel enforces the CPU limit too, so the runner reports it as a limit hit.
      expect(['error', 'failure', 'timedout']).toContain(result.status);
      expect(result.pdf).toBeUndefined();
      // The only slot is free again: a normal compile goes through at once.
      const next = await compiler.compile({ latex: '\\documentclass{article}\\begin{document}After the kill\\end{document}' });
      expect(next.status).toBe('success');
      // Waiting warm processes own an empty job directory until the service closes.
      await compiler.close();
      const leftovers = readdirSync(workDir, { recursive: true }).filter((n) => String(n).endsWith('main.tex'));
      expect(leftovers).toEqual([]);
    } finally {
      await compiler.close();
      rmSync(workDir, { recursive: true, force: true });
    }
  });

  it('cuts off a slowloris client that dribbles its headers', async () => {
    const t = await createTestApp('pglite', { httpTimeouts: { headersMs: 1000, requestMs: 5000, checkIntervalMs: 250 } });
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const address = t.app.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      const socket = connect(port, '127.0.0.1');
      const started = Date.now();
      const closed = new Promise<number>((resolve) => socket.on('close', () => resolve(Date.now() - started)));
      socket.on('error', () => {});
      socket.write('GET /api/auth/me HTTP/1.1\r\nHost: localhost\r\n');
      const drip = setInterval(() => socket.writable && socket.write('X-Slow: a\r\n'), 200);
      const elapsed = await closed;
      clearInterval(drip);
      expect(elapsed).toBeLessThan(5000);
      // Everyone else is still served.
      expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    } finally {
      await t.close();
    }
  });
});
