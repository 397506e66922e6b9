// Builds the bubblewrap command line that every TeX run goes through. Research for this project
// showed `openin_any=p` alone still lets pdfTeX primitives (\pdfobj stream file, \pdfmapfile)
// read any file, so TeX sees only a read-only TeX tree and its job directory: no network, no
// host /etc, /home or /proc, an empty environment, and rlimits applied by prlimit inside.
import { spawn } from 'node:child_process';
import { existsSync, lstatSync, readlinkSync } from 'node:fs';

export type SandboxMode = 'bwrap' | 'unsafe';

export interface SandboxLimits {
  cpuSeconds: number;
  fileBytes: number;
  memoryBytes: number;
  /** Process limit; applied only when TeX runs under its own uid (it counts per uid). */
  processes: number | null;
  openFiles: number;
}

export interface SandboxCommand {
  command: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  cwd: string;
  uid?: number;
  gid?: number;
}

export const GIB = 2 ** 30;

export const BWRAP = '/usr/bin/bwrap';
export const PRLIMIT = '/usr/bin/prlimit';
/** Where the job directory appears inside the sandbox. */
export const JOB_MOUNT = '/job';
const FORMAT_MOUNT = '/fmt';
/** Where the font overlay (font-overlay.ts) appears inside the sandbox. */
const FONTS_MOUNT = '/fonts';

/** The user TeX runs as when the server runs as root: nobody, so RLIMIT_NPROC means something. */
const SANDBOX_ID = 65534;

export function sandboxIdentity(): { uid: number; gid: number } | null {
  return typeof process.getuid === 'function' && process.getuid() === 0 ? { uid: SANDBOX_ID, gid: SANDBOX_ID } : null;
}

/**
 * A directory of fonts found before the system's (font-overlay.ts): `dir` as TeX sees it, and
 * OSFONTDIR's configured value, which the search goes on to.
 */
export interface FontOverlay {
  dir: string;
  systemDirs: string;
}

/** kpathsea and TeX settings; everything else in the server's environment stays outside. */
export function texEnvironment(home: string, fonts?: FontOverlay): Record<string, string> {
  return {
    PATH: '/usr/bin:/bin',
    HOME: home,
    TMPDIR: home,
    XDG_CACHE_HOME: `${home}/.cache`,
    LANG: 'C.UTF-8',
    // malloc asks for transparent huge pages (glibc reads the kernel's mode below /sys, which the
    // sandbox shows for this alone). XeTeX touches ≈ 170 MB at start: in 4 kB pages its exit alone
    // took ≈ 15 ms; in 2 MB pages ≈ 4 ms, and its faults while loading fonts go too.
    GLIBC_TUNABLES: 'glibc.malloc.hugetlb=1',
    // Reads and writes only below the job directory; no shell escape at all.
    openin_any: 'p',
    openout_any: 'p',
    shell_escape: 'f',
    shell_escape_commands: '',
    // Never run the mktex* scripts (they are shell scripts and write outside the job dir).
    MKTEXPK: '0',
    MKTEXTFM: '0',
    MKTEXMF: '0',
    MKTEXFMT: '0',
    MKTEXTEX: '0',
    MKOCP: '0',
    MKOFM: '0',
    // No per-user trees: a document must not find files planted outside the TeX installation.
    TEXMFHOME: '/nonexistent',
    TEXMFVAR: '/nonexistent',
    TEXMFCONFIG: '/nonexistent',
    // One error per line in the log, so the parser sees whole messages.
    max_print_line: '10000',
    error_line: '254',
    half_error_line: '238',
    // kpathsea expands {a,b}// to both trees, the overlay first.
    ...(fonts ? { OSFONTDIR: fonts.systemDirs ? `{${fonts.dir},${fonts.systemDirs}}` : fonts.dir } : {}),
  };
}

const THP_SETTINGS = '/sys/kernel/mm/transparent_hugepage';

function rootfsArgs(): string[] {
  const args = ['--ro-bind', '/usr', '/usr'];
  // Merged-/usr hosts have /bin → usr/bin symlinks; older layouts have real directories.
  for (const dir of ['bin', 'lib', 'lib64', 'lib32', 'sbin']) {
    const path = `/${dir}`;
    if (!existsSync(path)) continue;
    const stat = lstatSync(path);
    if (stat.isSymbolicLink()) args.push('--symlink', readlinkSync(path), path);
    else if (stat.isDirectory()) args.push('--ro-bind', path, path);
  }
  // TeX configuration and generated files (ls-R, formats, font maps), and fontconfig for XeLaTeX.
  // These are the only parts of /etc the sandbox sees.
  for (const path of ['/etc/texmf', '/var/lib/texmf', '/etc/fonts', '/var/cache/fontconfig']) {
    if (existsSync(path)) args.push('--ro-bind', path, path);
  }
  // The transparent huge page settings (read-only, nothing else of /sys), for GLIBC_TUNABLES.
  if (existsSync(THP_SETTINGS)) args.push('--ro-bind', THP_SETTINGS, THP_SETTINGS);
  return args;
}

function prlimitArgs(limits: SandboxLimits): string[] {
  // A limit that is not a positive whole number would reach prlimit as no limit at all (a negative
  // one wraps to 2^64): `2 << 30` is -2^31 in JavaScript, and was the memory limit for a while.
  for (const [name, value] of Object.entries(limits)) {
    if (value !== null && (!Number.isSafeInteger(value) || value <= 0)) throw new Error(`sandbox limit ${name} must be a positive integer, not ${value}`);
  }
  const args = [
    PRLIMIT,
    `--cpu=${limits.cpuSeconds}`,
    `--fsize=${limits.fileBytes}`,
    `--as=${limits.memoryBytes}`,
    `--nofile=${limits.openFiles}`,
    '--core=0',
  ];
  if (limits.processes !== null) args.push(`--nproc=${limits.processes}`);
  args.push('--');
  return args;
}

export interface BuildOptions {
  mode: SandboxMode;
  jobDir: string;
  /** The TeX binary and its arguments; paths in them are relative to the job directory. */
  program: string;
  programArgs: string[];
  limits: SandboxLimits;
  /** A precompiled format, mounted read-only at /fmt/NAME.fmt. */
  format?: { name: string; hostPath: string };
  /** The font overlay's host directory, mounted read-only at /fonts. */
  fonts?: FontOverlay;
}

/** Returns the command for one TeX run; `formatArg` is what to pass as -fmt. */
export function buildCommand(options: BuildOptions): { command: SandboxCommand; formatArg?: string } {
  const { mode, jobDir, program, programArgs, limits, format, fonts } = options;
  const identity = sandboxIdentity();
  if (mode === 'unsafe') {
    // Documented opt-out: no namespace isolation, only the rlimits, the TeX settings and (when the
    // server is root) an unprivileged uid.
    return {
      command: {
        command: PRLIMIT,
        args: [...prlimitArgs(limits).slice(1), program, ...programArgs],
        env: texEnvironment(jobDir, fonts),
        cwd: jobDir,
        ...(identity ?? {}),
      },
      formatArg: format ? format.hostPath.replace(/\.fmt$/, '') : undefined,
    };
  }
  const args = [
    '--unshare-all',
    '--unshare-user',
    '--disable-userns',
    '--die-with-parent',
    '--new-session',
    '--clearenv',
    ...rootfsArgs(),
    '--dev',
    '/dev',
    '--proc',
    '/proc',
  ];
  let formatArg: string | undefined;
  if (format) {
    args.push('--ro-bind', format.hostPath, `${FORMAT_MOUNT}/${format.name}.fmt`);
    formatArg = `${FORMAT_MOUNT}/${format.name}`;
  }
  if (fonts) args.push('--ro-bind', fonts.dir, FONTS_MOUNT);
  // The job dir is the one writable place: the sandbox's own root and /dev (with /dev/shm) are
  // tmpfs mounts that would otherwise take files, so they are remounted read-only.
  args.push('--bind', jobDir, JOB_MOUNT, '--remount-ro', '/', '--remount-ro', '/dev', '--chdir', JOB_MOUNT);
  for (const [key, value] of Object.entries(texEnvironment(JOB_MOUNT, fonts && { ...fonts, dir: FONTS_MOUNT }))) args.push('--setenv', key, value);
  args.push('--', ...prlimitArgs(limits), program, ...programArgs);
  return {
    command: {
      command: BWRAP,
      args,
      // bwrap itself gets an empty environment too; --clearenv covers what runs inside.
      env: {},
      cwd: '/',
      ...(identity ?? {}),
    },
    formatArg,
  };
}

/** Runs `true` inside the sandbox: does bubblewrap start here? */
export async function probeSandbox(workDir: string): Promise<{ ok: boolean; reason?: string }> {
  if (!existsSync(BWRAP)) return { ok: false, reason: `${BWRAP} is not installed` };
  const { command } = buildCommand({
    mode: 'bwrap',
    jobDir: workDir,
    program: '/usr/bin/true',
    programArgs: [],
    limits: { cpuSeconds: 5, fileBytes: 1 << 20, memoryBytes: 512 << 20, processes: null, openFiles: 64 },
  });
  return new Promise((resolve) => {
    const child = spawn(command.command, command.args, {
      cwd: command.cwd,
      env: command.env,
      uid: command.uid,
      gid: command.gid,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 2000) stderr += chunk.toString();
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.on('error', (err) => {
      clearTimeout(timer);
      resolve({ ok: false, reason: err.message });
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve(code === 0 ? { ok: true } : { ok: false, reason: stderr.trim() || `bwrap exited with ${code}` });
    });
  });
}
