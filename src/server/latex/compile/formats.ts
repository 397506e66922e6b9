// Precompiled TeX formats for the generator's fixed preambles. Loading a dumped format skips the
// preamble's package loading (measured 1.7× faster per pass for the article preamble). Formats are
// built with mylatexformat.ltx inside the same sandbox as compiles, stored under the data dir, and
// keyed by a hash of the preamble and the TeX Live build, so either changing rebuilds them.
import { execFile } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { chmod, copyFile, link, mkdir, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { buildCommand, type SandboxLimits, type SandboxMode } from './sandbox.js';
import { runCommand, WAITING_FLAG, withJobDir } from './runner.js';
import type { TexProgram, PreambleSpec, PreambleReader } from './types.js';

const run = promisify(execFile);

/** Bump when the way formats are built changes, so stored ones are rebuilt. */
const RECIPE = 'mylatexformat-5';
const BEGIN_DOCUMENT = '\\begin{document}';
/** mylatexformat's marker: the format holds the preamble up to here, the rest runs per document. */
export const END_OF_DUMP = '\\csname endofdump\\endcsname';

/**
 * Put before a XeLaTeX preamble when its format is built (never into documents). XeTeX refuses to
 * \dump once a native (OpenType) font is loaded, and fontspec selects Latin Modern's OpenType
 * font as soon as it loads; during the build that family points at TFM fonts instead, and the
 * declarations and loaded sizes are forgotten just before the dump, so a document loads the real
 * fonts (or its own, after \endofdump) on first use. mylatexformat's preloading of every font
 * shape is skipped for the same reason.
 */
const XETEX_BUILD_PRELUDE = [
  '\\makeatletter',
  '\\def\\lg@fake#1{\\DeclareFontFamily{TU}{#1}{}%',
  '  \\DeclareFontShape{TU}{#1}{m}{n}{<->cmr10}{}\\DeclareFontShape{TU}{#1}{bx}{n}{<->cmbx10}{}%',
  '  \\DeclareFontShape{TU}{#1}{m}{it}{<->cmti10}{}\\DeclareFontShape{TU}{#1}{b}{n}{<->cmbx10}{}}',
  '\\lg@fake{lmr}\\lg@fake{lmss}\\lg@fake{lmtt}',
  '\\def\\MYLATEX@fontpreloading{%',
  '  \\@for\\lg@f:={lmr,lmss,lmtt}\\do{\\@for\\lg@s:={m/n,bx/n,m/it,b/n}\\do{%',
  '    \\expandafter\\global\\expandafter\\let\\csname TU/\\lg@f/\\lg@s\\endcsname\\relax',
  '    \\@for\\lg@z:={5,6,7,8,9,10,10.95,12,14.4,17.28,20.74,24.88}\\do{%',
  '      \\expandafter\\global\\expandafter\\let\\csname TU/\\lg@f/\\lg@s/\\lg@z\\endcsname\\relax}}%',
  '    \\expandafter\\global\\expandafter\\let\\csname TU+\\lg@f\\endcsname\\relax}}',
  '\\makeatother',
  '',
].join('\n');

export interface FormatHandle {
  name: string;
  /** A copy the sandbox user can reach (bwrap resolves bind sources as that user). */
  path: string;
  /** The preamble's first line, when the format's \everyjob warms up (see RunFormat.leadLine). */
  leadLine?: string;
}

interface Entry {
  spec: PreambleSpec;
  name: string;
  /** The stored format under the data dir, kept across restarts. */
  path: string;
  /** Its published copy under the work dir. */
  runPath: string;
  state: 'missing' | 'building' | 'ready' | 'broken';
  building?: Promise<void>;
}

export interface FormatStoreOptions {
  /** Persistent store (under the data dir, which may be private to the server user). */
  dir: string;
  /** Work dir for job dirs; formats are published to WORKDIR/formats for the sandbox to mount. */
  workDir: string;
  mode: SandboxMode;
  limits: SandboxLimits;
  timeoutMs: number;
  /** Directory of the TeX binaries. */
  binDir: string;
  /** Recognises preambles a format stands in for without holding them verbatim. */
  reader?: PreambleReader;
}

/** A format for a document, and the source to compile with it (the document's, or one that resumes where the format leaves off). */
export interface FormatMatch {
  handle: FormatHandle;
  source: string;
}

/** Longest preamble the reader is asked about (a generated one is a few kilobytes). */
const MAX_READ_PREAMBLE = 64 * 1024;

/** Identifies the TeX installation: program banners plus the base formats' modification times. */
export async function texLiveFingerprint(): Promise<string> {
  const parts: string[] = [];
  for (const [binary, fmt, program] of [
    ['/usr/bin/pdftex', 'pdflatex.fmt', 'pdftex'],
    ['/usr/bin/xetex', 'xelatex.fmt', 'xetex'],
  ] as const) {
    try {
      const { stdout } = await run(binary, ['--version'], { timeout: 10_000 });
      parts.push(stdout.split('\n', 1)[0] ?? '');
      const { stdout: fmtPath } = await run('/usr/bin/kpsewhich', [`-engine=${program}`, fmt], { timeout: 10_000 });
      const info = await stat(fmtPath.trim());
      parts.push(`${fmt}:${info.mtimeMs}:${info.size}`);
    } catch {
      parts.push(`${binary}:absent`);
    }
  }
  return parts.join('|');
}

/** The text before \begin{document}, or null when the document has none. */
export function preambleOf(source: string): string | null {
  const index = source.indexOf(BEGIN_DOCUMENT);
  return index < 0 ? null : source.slice(0, index);
}

/**
 * The part of a preamble a format can hold: up to and including the \endofdump marker where
 * there is one (what follows, such as a document's fonts, runs on every compile), else all of it.
 */
export function formatPartOf(preamble: string): string {
  const index = preamble.indexOf(END_OF_DUMP);
  return index < 0 ? preamble : preamble.slice(0, index + END_OF_DUMP.length);
}

/** XeLaTeX formats may warm up (pdfTeX's first pass has nothing comparable to do early). */
function warmsUp(spec: PreambleSpec): boolean {
  return spec.program === 'xelatex' && !!spec.warmUp;
}

function firstLine(text: string): string {
  const end = text.indexOf('\n');
  return end < 0 ? text : text.slice(0, end);
}

function safeId(id: string): string {
  return id.replace(/[^A-Za-z0-9-]/g, '-').slice(0, 40);
}

export class FormatStore {
  private readonly entries = new Map<string, Entry>();
  private chain: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(private readonly options: FormatStoreOptions) {}

  /** Registers the preambles; formats already on disk from an earlier run are reused. */
  async load(specs: PreambleSpec[], fingerprint: string): Promise<void> {
    await mkdir(this.options.dir, { recursive: true });
    await mkdir(this.runDir, { recursive: true });
    await chmod(this.runDir, 0o711);
    const keep = new Set<string>();
    // A XeLaTeX preamble gets a format only if it marks where its fonts start (see the prelude).
    for (const spec of specs.filter((s) => s.program === 'pdflatex' || s.preamble.includes(END_OF_DUMP))) {
      const hash = createHash('sha256')
        .update(`${RECIPE}\0${spec.program}\0${fingerprint}\0${formatPartOf(spec.preamble)}\0${spec.warmUp ?? ''}\0${spec.whileWaiting ?? ''}`)
        .digest('hex')
        .slice(0, 20);
      const name = `lg-${safeId(spec.id)}-${hash}`;
      const path = join(this.options.dir, `${name}.fmt`);
      const exists = await stat(path).then((s) => s.isFile() && s.size > 0, () => false);
      const entry: Entry = { spec, name, path, runPath: join(this.runDir, `${name}.fmt`), state: 'missing' };
      if (exists) entry.state = (await this.publish(entry)) ? 'ready' : 'missing';
      this.entries.set(this.keyOf(spec.program, formatPartOf(spec.preamble)), entry);
      keep.add(`${name}.fmt`);
    }
    // Older versions of these preambles (changed text or TeX Live) are dead weight. Formats of
    // other ids are left alone: another service may share the data dir with a different list.
    const prefixes = [...this.entries.values()].map((e) => `lg-${safeId(e.spec.id)}-`);
    for (const file of await readdir(this.options.dir).catch(() => [] as string[])) {
      if (file.endsWith('.fmt') && !keep.has(file) && prefixes.some((prefix) => file.startsWith(prefix) && /^[0-9a-f]{20}\.fmt$/.test(file.slice(prefix.length)))) {
        await rm(join(this.options.dir, file), { force: true });
      }
    }
  }

  /**
   * The ready format for this document, or null (and a build is started): the format of its exact
   * preamble, else the one the reader says stands in for it, with the source it then compiles: the
   * same lines, the format's marker and stand-in put at the start of the line where the document's
   * own set-up resumes (so every line keeps its number for errors and SyncTeX).
   */
  lookup(source: string, program: TexProgram): FormatMatch | null {
    const preamble = preambleOf(source);
    if (preamble === null) return null;
    const exact = this.entries.get(this.keyOf(program, formatPartOf(preamble)));
    if (exact) return this.ready(exact) ? { handle: this.handleOf(exact), source } : null;
    if (!this.options.reader || preamble.length > MAX_READ_PREAMBLE) return null;
    const reading = this.options.reader(preamble);
    if (!reading) return null;
    const entry = [...this.entries.values()].find((e) => e.spec.id === reading.formatId && e.spec.program === program);
    if (!entry || !this.ready(entry)) return null;
    const at = reading.resumeAt;
    return { handle: this.handleOf(entry), source: `${source.slice(0, at)}${END_OF_DUMP}${reading.standIn}${source.slice(at)}` };
  }

  private ready(entry: Entry): boolean {
    if (entry.state === 'missing') void this.build(entry);
    return entry.state === 'ready';
  }

  private handleOf(entry: Entry): FormatHandle {
    return { name: entry.name, path: entry.runPath, ...(warmsUp(entry.spec) ? { leadLine: firstLine(entry.spec.preamble) } : {}) };
  }

  /** A format that failed at compile time (for example a corrupt file) is not used again. */
  markBroken(name: string): void {
    for (const entry of this.entries.values()) if (entry.name === name) entry.state = 'broken';
  }

  /** Builds every missing format, one at a time; resolves when all are done. */
  async warm(): Promise<void> {
    await Promise.all([...this.entries.values()].map((entry) => this.build(entry)));
  }

  status(): Array<{ id: string; program: TexProgram; state: Entry['state'] }> {
    return [...this.entries.values()].map((e) => ({ id: e.spec.id, program: e.spec.program, state: e.state }));
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.chain.catch(() => {});
  }

  private get runDir(): string {
    return join(this.options.workDir, 'formats');
  }

  /** Hard-links (or copies) the stored format to where the sandbox user can reach it. */
  private async publish(entry: Entry): Promise<boolean> {
    try {
      await rm(entry.runPath, { force: true });
      await link(entry.path, entry.runPath).catch(() => copyFile(entry.path, entry.runPath));
      await chmod(entry.runPath, 0o644);
      return true;
    } catch {
      return false;
    }
  }

  private keyOf(program: TexProgram, preamble: string): string {
    return `${program}\0${preamble}`;
  }

  private build(entry: Entry): Promise<void> {
    if (entry.state !== 'missing') return entry.building ?? Promise.resolve();
    entry.state = 'building';
    // Serialised so that format builds never take more than one core from compiles.
    entry.building = this.chain.then(() => this.buildNow(entry));
    this.chain = entry.building.catch(() => {});
    return entry.building;
  }

  private async buildNow(entry: Entry): Promise<void> {
    if (this.closed) {
      entry.state = 'missing';
      return;
    }
    const { spec, name } = entry;
    // \everyjob runs before mylatexformat's own, which it appends at the dump.
    // The while-waiting part runs only where the pool put its flag file (never in a cold pass).
    const whileWaiting = spec.whileWaiting ? `\\IfFileExists{${WAITING_FLAG}}{${spec.whileWaiting}}{}` : '';
    const warmUp = warmsUp(spec) ? `\\everyjob{${spec.warmUp}${whileWaiting}}\n` : '';
    const prelude = spec.program === 'xelatex' ? `${XETEX_BUILD_PRELUDE}${warmUp}` : '';
    const source = `${prelude}${formatPartOf(spec.preamble)}\n${BEGIN_DOCUMENT}\n\\end{document}\n`;
    try {
      await withJobDir(this.options.workDir, [{ name: 'main.tex', content: source, access: 'sandbox' }], async (dir) => {
        const { command } = buildCommand({
          mode: this.options.mode,
          jobDir: dir,
          program: join(this.options.binDir, spec.program),
          // mylatexformat reads main.tex up to \begin{document} and dumps the state as NAME.fmt.
          programArgs: [
            '-ini',
            '-interaction=nonstopmode',
            '-halt-on-error',
            `-jobname=${name}`,
            `&${spec.program}`,
            'mylatexformat.ltx',
            'main.tex',
          ],
          limits: this.options.limits,
        });
        const outcome = await runCommand(command, Date.now() + this.options.timeoutMs);
        const built = join(dir, `${name}.fmt`);
        const ok = outcome.exitCode === 0 && (await stat(built).then((s) => s.size > 0, () => false));
        if (!ok) throw new Error(`format ${spec.id} did not build (exit ${outcome.exitCode ?? outcome.signal})`);
        // Stored uncompressed: TeX writes formats gzipped and reads plain ones as well, and
        // inflating 10-20 MB took a third of a short compile (pdfLaTeX 0.23 → 0.11 s CPU).
        // Written then renamed: a compile never sees a half-written format. The temporary name is
        // the writer's own: two services of one process (or processes sharing a data dir) may
        // build the same format at once, and the last rename wins with a whole file either way.
        const temp = `${entry.path}.${process.pid}.${randomUUID()}.tmp`;
        const head = await readFile(built).then((b) => b.subarray(0, 2));
        if (head[0] === 0x1f && head[1] === 0x8b) await pipeline(createReadStream(built), createGunzip(), createWriteStream(temp));
        else await copyFile(built, temp);
        await rename(temp, entry.path);
      });
      entry.state = (await this.publish(entry)) ? 'ready' : 'broken';
    } catch {
      // Documents with this preamble still compile, only without the speed-up.
      entry.state = 'broken';
    }
  }
}

