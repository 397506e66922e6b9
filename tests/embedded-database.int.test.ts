// The embedded database runs as a process of its own beside the web process (src/server/db/embedded.ts):
// a database process that dies is started again on the same data, one whose web process is killed
// does not stay behind, and a SIGTERM stops both cleanly.
import { execFileSync } from 'node:child_process';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { startAppProcess, type AppProcess } from './support/app-process.js';
import { signUpOverHttp, uniqueEmail } from './support/sign-up.js';

/** The pids of a web process's database processes (its other children run TeX). */
function childrenOf(pid: number): number[] {
  try {
    return execFileSync('pgrep', ['-P', String(pid), '-f', 'embedded-process'], { encoding: 'utf8' }).trim().split('\n').filter(Boolean).map(Number);
  } catch {
    return []; // pgrep exits 1 when there is none
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function until<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('the embedded database process', { timeout: 240_000 }, () => {
  let app: AppProcess | undefined;
  afterEach(async () => {
    await app?.stop('SIGKILL').catch(() => {});
    app = undefined;
  });

  it('is started again after a crash, on the same data, and the signed-in user carries on', async () => {
    app = await startAppProcess({}, { pgliteTemplate: inject('pgliteTemplateDir') });
    const [first] = childrenOf(app.child.pid!);
    expect(first).toBeGreaterThan(0);
    const { cookie } = await signUpOverHttp(app.url, () => app!.outboxLinks(), { email: uniqueEmail('crash') });
    process.kill(first!, 'SIGKILL');
    const second = await until('a new database process', () => childrenOf(app!.child.pid!).find((pid) => pid !== first));
    expect(second).not.toBe(first);
    // The session written before the crash is still there.
    const me = await until('the session to answer again', async () => {
      const res = await fetch(`${app!.url}/api/auth/me`, { headers: { cookie } });
      return res.status === 200 ? res : undefined;
    });
    expect(((await me.json()) as { user: { email: string } }).user.email).toMatch(/^crash-/);
    expect(app.child.exitCode).toBeNull();
  });

  it('does not outlive a killed web process, and stops with it on SIGTERM', async () => {
    app = await startAppProcess({}, { pgliteTemplate: inject('pgliteTemplateDir') });
    const [db] = childrenOf(app.child.pid!);
    expect(alive(db!)).toBe(true);
    await app.stop('SIGKILL');
    app = undefined;
    await until('the orphaned database process to end', () => (alive(db!) ? undefined : true), 15_000);

    app = await startAppProcess({}, { pgliteTemplate: inject('pgliteTemplateDir') });
    const [db2] = childrenOf(app.child.pid!);
    const code = await app.stop('SIGTERM');
    app = undefined;
    expect(code).toBe(0);
    expect(alive(db2!)).toBe(false);
  });
});
