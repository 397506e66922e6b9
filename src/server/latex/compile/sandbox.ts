// Builds the bubblewrap command line that every TeX run goes through. Research for this project
// showed `openin_any=p` alone still lets pdfTeX primitives (\pdfobj stream file, \pdfmapfile)
// read any file, so TeX sees only what it needs, read-only: its programs, the shared libraries,
// the TeX Live trees and the fonts; and its job directory. No network, no /proc (whose entries name
// host paths: bubblewrap's own command line, the sources of the mounts), no host /etc, /home or
// other parts of /usr, an empty environment, and rlimits applied by prlimit inside.
import { spawn } from 'node:child_process';
import { existsSync, lstatSync, readdirSync, readlinkSync, realpathSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { Readable } from 'node:stream';

export type SandboxMode = 'bwrap' | 'unsafe';

export interface SandboxLimits {
  cpuSeconds: number;
  fileBytes: number;
  memoryBytes: number;
  /** Process limit; applied only when TeX runs under its own uid (it counts per uid). */
  processes: number | null;
  openFiles: number;
}

/** The descriptor bubblewrap writes its JSON status to (`child-pid`: the sandbox's first process on the host). */
export const INFO_FD = 3;

export interface SandboxCommand {
  command: string;
  args: string[];
  /** bubblewrap writes its status to descriptor INFO_FD (startCommand opens a pipe there). */
  reportsChild?: boolean;
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

/** The programs a compile runs, in the TeX binaries' directory: TeX, XeTeX's PDF driver, the shell XeTeX starts it through, prlimit, and `true` for the start-up probe. */
const PROGRAMS = ['pdftex', 'pdflatex', 'xetex', 'xelatex', 'xdvipdfmx', 'sh', 'dash', 'prlimit', 'true', 'pandoc'];
/** pandoc's data files (the Word export, latex/export/docx.ts; docs/decisions/0013). */
const PANDOC_TREES = ['/usr/share/pandoc'];
/** The TeX Live trees (Debian's layout, plus the local tree), and its configuration and generated files (ls-R, formats, font maps). */
const TEX_TREES = ['/usr/share/texlive', '/usr/share/texmf', '/usr/local/share/texmf', '/etc/texmf', '/var/lib/texmf'];
/** The fonts XeLaTeX finds through fontconfig, and fontconfig's configuration and cache. */
const FONT_TREES = ['/usr/share/fonts', '/usr/local/share/fonts', '/usr/share/fontconfig', '/etc/fonts', '/var/cache/fontconfig'];

/** The shared libraries: the multiarch directories of /usr/lib and the loader's /usr/lib64. */
function libraryTrees(): string[] {
  const multiarch = readdirSync('/usr/lib').filter((name) => /-linux-gnu/.test(name)).map((name) => `/usr/lib/${name}`);
  return [...multiarch, '/usr/lib64', '/usr/lib32', '/usr/libx32'];
}

/** A program as the sandbox shows it: the host file bound read-only, a symlink beside it kept as one. */
function showProgram(path: string, seen: Set<string>): string[] {
  // /bin/sh on a merged-/usr host is /usr/bin/sh inside too: the directory is resolved, the name kept.
  const at = join(existsSync(dirname(path)) ? realpathSync(dirname(path)) : dirname(path), basename(path));
  if (seen.has(at) || !existsSync(at)) return [];
  seen.add(at);
  const stat = lstatSync(at);
  if (!stat.isSymbolicLink()) return ['--ro-bind', at, at];
  const target = readlinkSync(at);
  // A link to a name beside it (pdflatex → pdftex) stays a link, and its target is shown too.
  if (!target.includes('/')) return ['--symlink', target, at, ...showProgram(join(dirname(at), target), seen)];
  return ['--ro-bind', at, at];
}

let staticArgs: string[] | null = null;

/** What every sandbox shows besides its programs; the same for the life of the process. */
function rootfsArgs(): string[] {
  if (staticArgs) return staticArgs;
  const args: string[] = [];
  for (const tree of [...libraryTrees(), ...TEX_TREES, ...FONT_TREES, ...PANDOC_TREES]) {
    if (existsSync(tree)) args.push('--ro-bind', tree, tree);
  }
  // Merged-/usr hosts have /bin → usr/bin symlinks; older layouts have real directories, of which
  // only the libraries' are shown whole (programs are shown one by one).
  for (const dir of ['bin', 'lib', 'lib64', 'lib32', 'sbin']) {
    const path = `/${dir}`;
    if (!existsSync(path)) continue;
    const stat = lstatSync(path);
    if (stat.isSymbolicLink()) args.push('--symlink', readlinkSync(path), path);
    else if (stat.isDirectory() && dir.startsWith('lib')) args.push('--ro-bind', path, path);
  }
  // The transparent huge page settings (read-only, nothing else of /sys), for GLIBC_TUNABLES.
  if (existsSync(THP_SETTINGS)) args.push('--ro-bind', THP_SETTINGS, THP_SETTINGS);
  staticArgs = args;
  return args;
}

/** The programs of one run: the fixed set beside TeX's binaries, the program itself, and any tools asked for. */
function programsArgs(program: string, tools: readonly string[]): string[] {
  const seen = new Set<string>();
  const dir = dirname(program);
  return [program, ...PROGRAMS.map((name) => join(dir, name)), ...PROGRAMS.map((name) => `/usr/bin/${name}`), ...tools].flatMap((path) => showProgram(path, seen));
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
  /**
   * More programs to show (absolute paths), beyond TeX's: the tests run a shell with a few tools in
   * the sandbox to look around it. A compile never needs any.
   */
  tools?: readonly string[];
}

/** Returns the command for one TeX run; `formatArg` is what to pass as -fmt. */
export function buildCommand(options: BuildOptions): { command: SandboxCommand; formatArg?: string } {
  const { mode, jobDir, program, limits, format, fonts } = options;
  const identity = sandboxIdentity();
  if (mode === 'unsafe') {
    // Documented opt-out: no namespace isolation, only the rlimits, the TeX settings and (when the
    // server is root) an unprivileged uid.
    return {
      command: {
        command: PRLIMIT,
        args: [...prlimitArgs(limits).slice(1), program, ...options.programArgs],
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
    // Where bubblewrap writes the sandbox's process id on the host (startCommand reads it: a pause
    // must reach the processes inside, which run in a session of their own).
    '--info-fd',
    String(INFO_FD),
    ...rootfsArgs(),
    ...programsArgs(program, options.tools ?? []),
    '--dev',
    '/dev',
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
  args.push('--', ...prlimitArgs(limits), program, ...options.programArgs);
  return {
    command: {
      command: BWRAP,
      args,
      reportsChild: true,
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
      // Descriptor 3 takes bubblewrap's status (INFO_FD), read by nobody here.
      stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    (child.stdio[INFO_FD] as Readable | null)?.resume();
    child.stderr?.on('data', (chunk: Buffer) => {
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
