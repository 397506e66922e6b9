// Test support for the corpus and property tests: the corpus location, a small compile pool on
// the real compile service, and the word-preservation measure (words in the note that appear
// in the PDF's text as pdftotext sees it).
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createCompileService, type CompileResult, type CompileService } from '../../../compile/index.js';
import { generatorPreambles } from '../../../generator-formats.js';

const run = promisify(execFile);
const here = dirname(fileURLToPath(import.meta.url));
/** The repository root: six levels up from src/server/latex/generate/builtin/test-support. */
const repoRoot = resolve(here, '../../../../../..');
/** CI clones the repository with `shared/` beside it. */
export const CORPUS_DIR = resolve(repoRoot, '../shared/corpus/notes');

export const hasTex = existsSync('/usr/bin/pdflatex') && existsSync('/usr/bin/xelatex') && existsSync('/usr/bin/bwrap') && existsSync('/usr/bin/pdftotext');

export function corpusNotes(): Array<{ name: string; content: string }> {
  if (!existsSync(CORPUS_DIR)) return [];
  return readdirSync(CORPUS_DIR)
    .filter((f) => /\.(md|txt)$/.test(f))
    .sort()
    .map((name) => ({ name, content: readFileSync(join(CORPUS_DIR, name), 'utf8') }));
}

export interface CompilePool {
  service: CompileService;
  dataDir: string;
  close: () => Promise<void>;
}

/** A compile service with two workers, as in CI (2 cores); no rate limit for the test's burst. */
export async function startCompilePool(): Promise<CompilePool> {
  const dataDir = await mkdtemp(join(tmpdir(), 'lg-gen-test-'));
  const service = createCompileService({ concurrency: 2, queueSize: 1000, timeoutMs: 60_000, ratePerMinute: 1_000_000, dataDir, preambles: generatorPreambles });
  return {
    service,
    dataDir,
    close: async () => {
      await service.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Runs tasks with at most `limit` in flight. */
export async function inParallel<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await fn(items[i] as T);
      }
    }),
  );
  return results;
}

export async function pdfToText(pdf: Buffer): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'lg-pdftotext-'));
  try {
    const file = join(dir, 'doc.pdf');
    await writeFile(file, pdf);
    const { stdout } = await run('pdftotext', ['-q', '-enc', 'UTF-8', file, '-'], { maxBuffer: 64 << 20 });
    return stdout;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const ENTITY_ACCENTS: Record<string, string> = { uml: '\u0308', acute: '\u0301', grave: '\u0300', circ: '\u0302', tilde: '\u0303' };

/**
 * The words of a note: runs of 3+ letters (any script), case-folded. Markup is not words: LaTeX
 * command and environment names, HTML tags and comments, link targets, front-matter keys, and
 * character entities (decoded first).
 */
export function noteWords(note: string): Set<string> {
  let t = note.normalize('NFC');
  t = t.replace(/^---\n[\s\S]*?\n(---|\.\.\.)\n/, (fm) => fm.replace(/^[\w-]+:/gm, ' '));
  t = t
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/&([a-z])(uml|acute|grave|circ|tilde);/gi, (_m, l: string, a: string) => `${l}${ENTITY_ACCENTS[a.toLowerCase()] ?? ''}`.normalize('NFC'))
    .replace(/&szlig;/g, 'ß')
    .replace(/&[a-z]+;|&#\d+;/gi, ' ')
    .replace(/\]\([^)\s]*\)/g, '] ')
    .replace(/\\(begin|end)\{[^}]*\}/g, ' ')
    .replace(/\\[A-Za-z]+/g, ' ')
    .replace(/<\/?[A-Za-z][^>\n]*>/g, ' ');
  return new Set(t.toLowerCase().match(/\p{L}{3,}/gu) ?? []);
}

const CJK = /[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/;

/** Share of the note's words found in the PDF text, and the missing ones. */
export function wordPreservation(note: string, pdfText: string): { share: number; missing: string[] } {
  const words = noteWords(note);
  // Undo hyphenation at line ends; CJK has no spaces, so its words are looked up in the text
  // with all whitespace removed.
  const text = pdfText.normalize('NFC').toLowerCase().replace(/-\n/g, '');
  const found = new Set(text.match(/\p{L}{3,}/gu) ?? []);
  const flat = text.replace(/\s+/g, '');
  const missing = [...words].filter((w) => !found.has(w) && !(CJK.test(w) && flat.includes(w)));
  return { share: words.size === 0 ? 1 : (words.size - missing.length) / words.size, missing };
}

export type { CompileResult };
