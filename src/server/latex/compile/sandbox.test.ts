// The sandbox on its own, with a shell instead of TeX: whatever runs inside sees no host secrets,
// no network, and can write only to its job directory; limits apply.
import { existsSync } from 'node:fs';
import { chmod, chown, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand, runTex, terminationSignal } from './runner.js';
import { buildCommand, GIB, probeSandbox, sandboxIdentity, type SandboxLimits } from './sandbox.js';

const hasBwrap = existsSync('/usr/bin/bwrap');
const LIMITS: SandboxLimits = { cpuSeconds: 5, fileBytes: 1 << 20, memoryBytes: GIB, processes: sandboxIdentity() ? 64 : null, openFiles: 64 };

// No silent skips: without the tools the suite fails, saying what is missing (npm test installs them).
it('has the TeX tools it needs', () => {
  expect(hasBwrap, 'TeX Live or bubblewrap is missing: run npm test, which installs them').toBe(true);
});

describe('sandbox', () => {
  let root: string;
  let jobDir: string;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'lg-sandbox-'));
    await chmod(root, 0o711);
    jobDir = await mkdtemp(join(root, 'job-'));
    const id = sandboxIdentity();
    if (id) await chown(jobDir, id.uid, id.gid);
    process.env.LATEXGEN_SANDBOX_CANARY = 'sandbox-canary-value';
  });

  afterAll(async () => {
    delete process.env.LATEXGEN_SANDBOX_CANARY;
    await rm(root, { recursive: true, force: true });
  });

  // The shell's tools are shown for these scripts only: a compile's sandbox holds TeX's programs alone.
  const TOOLS = ['env', 'sort', 'test', 'cat', 'tr', 'sed', 'touch', 'id', 'grep', 'find', 'head', 'sleep', 'ls'].map((t) => `/usr/bin/${t}`);

  async function sh(script: string, timeoutMs = 10_000, limits: SandboxLimits = LIMITS) {
    const { command } = buildCommand({ mode: 'bwrap', jobDir, program: '/bin/sh', programArgs: ['-c', script], limits, tools: TOOLS });
    // stdout is discarded by the runner, so scripts report through files in the job dir.
    const outcome = await runCommand(command, Date.now() + timeoutMs);
    return outcome;
  }

  it('starts', async () => {
    expect(await probeSandbox(root)).toEqual({ ok: true });
  });

  it('hides host files, environment and network, and allows writes only in the job dir', async () => {
    const outcome = await sh(
      [
        'exec > report.txt 2>&1',
        'echo "env:"; env | sort',
        'for f in /etc/passwd /etc/hostname /etc/shadow /home /root /work; do test -e $f && echo "visible: $f"; done',
        // Only the trees TeX needs: no /proc (its entries name host paths), no other part of /usr.
        'for f in /proc /proc/1/cmdline /proc/self/mountinfo /usr/share/doc /usr/local/bin /usr/lib/node_modules /usr/lib/python3 /usr/bin/perl /usr/bin/python3 /usr/bin/node /usr/bin/curl /usr/sbin /tmp; do test -e $f && echo "visible: $f"; done',
        'for f in /usr/bin/pdflatex /usr/bin/xelatex /usr/bin/xdvipdfmx /usr/share/texlive /etc/texmf /usr/share/fonts /etc/fonts; do test -e $f || echo "missing: $f"; done',
        'cat /proc/1/environ /proc/self/environ | tr "\\0" "\\n" | sed "s/^/procenv: /"',
        'for d in / /tmp /dev /dev/shm /usr /var/lib/texmf /etc/texmf /proc; do touch $d/probe 2>/dev/null && echo "writable: $d"; done',
        'touch /job/probe && echo "job writable"',
        'cat /proc/net/dev 2>/dev/null | grep -v -E "^ *(lo|Inter|face)" | sed "s/^/iface: /"',
        `echo "uid: $(id -u)"`,
      ].join('\n'),
    );
    expect(outcome.exitCode).toBe(0);
    const report = await readFile(join(jobDir, 'report.txt'), 'utf8');
    expect(report).not.toContain('sandbox-canary-value');
    expect(report).toContain('openin_any=p');
    expect(report).toContain('shell_escape=f');
    expect(report).not.toMatch(/^visible:/m);
    expect(report).not.toMatch(/^missing:/m);
    // No host path anywhere the job can read: not the job directory's, not the server's.
    expect(report).not.toContain(jobDir);
    expect(report).not.toMatch(/^writable:/m);
    expect(report).toContain('job writable');
    // Only the loopback interface exists in the network namespace.
    expect(report).not.toMatch(/^iface:/m);
    if (sandboxIdentity()) expect(report).toMatch(/^uid: 65534$/m);
  });

  it('applies the memory limit asked for, and shows only the huge page settings of /sys', async () => {
    const outcome = await sh(
      [
        'exec > limits.txt 2>&1',
        // The shell's own view of its limit (no /proc in the sandbox), in KiB.
        'echo "address space: $(ulimit -v) KiB"',
        'echo "tunables: $GLIBC_TUNABLES"',
        'find /sys -maxdepth 3 | sort',
        'touch /sys/kernel/mm/transparent_hugepage/probe 2>/dev/null && echo "sys writable"',
        'true',
      ].join('\n'),
      10_000,
      { ...LIMITS, memoryBytes: 3 * GIB },
    );
    expect(outcome.exitCode).toBe(0);
    const report = await readFile(join(jobDir, 'limits.txt'), 'utf8');
    expect(report).toMatch(new RegExp(`^address space: ${(3 * GIB) / 1024} KiB$`, 'm'));
    expect(report).toContain('tunables: glibc.malloc.hugetlb=1');
    const sys = existsSync('/sys/kernel/mm/transparent_hugepage') ? ['/sys', '/sys/kernel', '/sys/kernel/mm', '/sys/kernel/mm/transparent_hugepage'] : [];
    expect(report.match(/^\/sys.*$/gm) ?? []).toEqual(sys);
    expect(report).not.toContain('sys writable');
  });

  it('refuses a limit that prlimit would read as none', () => {
    expect(() => buildCommand({ mode: 'bwrap', jobDir, program: '/bin/true', programArgs: [], limits: { ...LIMITS, memoryBytes: 2 << 30 } })).toThrow(/memoryBytes/);
    expect(() => buildCommand({ mode: 'unsafe', jobDir, program: '/bin/true', programArgs: [], limits: { ...LIMITS, cpuSeconds: 0.5 } })).toThrow(/cpuSeconds/);
  });

  it('kills the whole process tree when the deadline passes', async () => {
    const started = Date.now();
    const outcome = await sh('sleep 30 & sleep 30 & while :; do :; done', 1000);
    expect(outcome.timedOut).toBe(true);
    expect(Date.now() - started).toBeLessThan(5000);
    // Nothing from this job is still running.
    const survivors: string[] = [];
    for (const pid of await readdir('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      const cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
      if (cmdline.includes(jobDir)) survivors.push(cmdline);
    }
    expect(survivors).toEqual([]);
  });

  it('applies the file-size and CPU limits', async () => {
    const big = await sh('head -c 2000000 /dev/zero > big.bin; echo $? > rc.txt');
    expect(big.exitCode).toBe(0);
    expect((await readFile(join(jobDir, 'rc.txt'), 'utf8')).trim()).not.toBe('0');
    const cpu = await sh('while :; do :; done', 10_000, { ...LIMITS, cpuSeconds: 1 });
    expect(cpu.timedOut).toBe(false);
    // The soft limit sends SIGXCPU; with soft = hard the kernel may go straight to SIGKILL.
    expect(terminationSignal(cpu)).toMatch(/^SIG(XCPU|KILL)$/);
  });

  it('stops a compile whose files together pass the disk quota of its job, each file within its own limit', async () => {
    // Forty files of 4 MB (160 MB), each far below the 20 MB per-file limit, under a 24 MB quota.
    const source = [
      '\\documentclass{article}',
      '\\newcount\\files \\newcount\\lines',
      '\\edef\\chunk{\\romannumeral 1000000 000}', // 1,000 m's
      '\\begin{document}',
      '\\loop',
      '  \\immediate\\openout1=f\\the\\files.txt',
      '  {\\lines=0 \\loop\\immediate\\write1{\\chunk}\\advance\\lines1 \\ifnum\\lines<4000 \\repeat}',
      '  \\immediate\\closeout1 \\message{[wrote f\\the\\files]}',
      '  \\advance\\files1',
      '\\ifnum\\files<40 \\repeat',
      'Done.',
      '\\end{document}',
      '',
    ].join('\n');
    // What the job's directory holds at most, measured from outside while it runs.
    let most = 0;
    let running = true;
    const watch = (async () => {
      while (running) {
        for (const name of await readdir(root)) {
          const dir = join(root, name);
          if (!name.startsWith('job-') || dir === jobDir) continue;
          let bytes = 0;
          for (const file of await readdir(dir).catch(() => [] as string[])) bytes += await stat(join(dir, file)).then((i) => i.size, () => 0);
          most = Math.max(most, bytes);
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    const result = await runTex({
      source,
      program: '/usr/bin/pdflatex',
      mode: 'bwrap',
      workDir: root,
      timeoutMs: 120_000,
      limits: { ...LIMITS, cpuSeconds: 120, fileBytes: 20 << 20 },
      maxPdfBytes: 20 << 20,
      maxJobBytes: 24 << 20,
    });
    running = false;
    await watch;
    expect(result.outcome).toBe('failure');
    expect(result.log).toContain('! Disk quota exceeded: the compile wrote more than 24 MB (or 1000 files) and was stopped.');
    // Stopped just past the quota, nowhere near the 160 MB it meant to write.
    expect(most).toBeGreaterThan(16 << 20);
    expect(most).toBeLessThan(64 << 20);
  }, 120_000);

  it('the documented unsafe opt-out still runs TeX with its settings and an empty environment', async () => {
    const result = await runTex({
      source: '\\documentclass{article}\\begin{document}\\immediate\\write18{echo hi}Unsafe mode works.\\end{document}\n',
      program: '/usr/bin/pdflatex',
      mode: 'unsafe',
      workDir: root,
      timeoutMs: 20_000,
      limits: { ...LIMITS, fileBytes: 20 << 20 },
      maxPdfBytes: 20 << 20,
    });
    expect(result.outcome).toBe('success');
    expect(result.log).toMatch(/runsystem\(echo hi\)\.\.\.disabled/);
    expect(result.log).not.toContain('sandbox-canary-value');
  });
});
