// The reference converter: pandoc (Debian's) from the note's format to a standalone LaTeX or
// beamer document, later compiled by the same sandboxed service with XeLaTeX. `--sandbox` keeps
// pandoc from reading files or the network a hostile note names.
import { spawn } from 'node:child_process';
import type { DocumentType } from '../shared/document-types.js';
import type { NoteFormat } from './note-text.js';

/** Pandoc 2.17 reads no AsciiDoc or Typst: those notes go in as Markdown, as a user would try. */
const READER: Record<NoteFormat, string> = {
  markdown: 'markdown',
  text: 'markdown',
  org: 'org',
  rst: 'rst',
  asciidoc: 'markdown',
  typst: 'markdown',
};

export function pandocArgs(format: NoteFormat, type: DocumentType): string[] {
  const args = ['--sandbox', '-f', READER[format], '-s', '-t', type === 'presentation' ? 'beamer' : 'latex'];
  if (type === 'report' || type === 'book') args.push('--top-level-division=chapter', '-V', `documentclass=${type}`);
  return args;
}

export class PandocError extends Error {}

/** LaTeX from pandoc, or a PandocError with its message (exit status, timeout, missing binary). */
export function pandocLatex(content: string, format: NoteFormat, type: DocumentType, timeoutMs = 60_000): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('pandoc', pandocArgs(format, type), { stdio: ['pipe', 'pipe', 'pipe'], timeout: timeoutMs });
    const out: Buffer[] = [];
    let err = '';
    child.stdout.on('data', (c: Buffer) => out.push(c));
    child.stderr.on('data', (c: Buffer) => {
      if (err.length < 4000) err += c.toString();
    });
    child.on('error', (e) => reject(new PandocError(`pandoc could not run (${e.message}): install it with apt-get install pandoc`)));
    child.on('close', (code, signal) => {
      if (code === 0) resolve(Buffer.concat(out).toString('utf8'));
      else reject(new PandocError(signal ? `pandoc stopped by ${signal}` : `pandoc exited ${code}: ${err.trim().split('\n')[0] ?? ''}`));
    });
    child.stdin.on('error', () => undefined);
    child.stdin.end(content);
  });
}
