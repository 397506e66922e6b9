// A document as a Word file (docs/decisions/0013): pandoc reads the LaTeX and writes .docx, with
// Word headings, lists, tables, images and formulas as editable Word equations (OMML). pandoc runs
// in the compile sandbox (bubblewrap, no network, only the job directory writable, the same
// rlimits as TeX): its own --sandbox flag cannot write .docx in Debian's build (its data files are
// not embedded), and the sandbox also keeps a hostile \input{/etc/…} from reaching any file.
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { DomainError } from '../../domain-errors.js';
import { createJobDir, removeJobDir, runCommand, writeJobFiles, type JobFile } from '../compile/runner.js';
import { buildCommand, type SandboxLimits, type SandboxMode } from '../compile/sandbox.js';
import { plainListings, TEXT_MEANINGS } from './word-text.js';

export const PANDOC = '/usr/bin/pandoc';

/** pandoc could not convert this LaTeX (or took too long): the .tex and .zip downloads still work. */
export class DocxExportError extends DomainError {
  readonly kind = 'unprocessable';
}

export class DocxTooLargeError extends DomainError {
  readonly kind = 'too_large';
}

export interface DocxOptions {
  latex: string;
  /** The document's images, copied beside main.tex (pandoc embeds those \includegraphics names). */
  images: readonly JobFile[];
  workDir: string;
  mode: SandboxMode;
  timeoutMs: number;
  limits: SandboxLimits;
  maxBytes: number;
}

/**
 * What the generator's own commands mean in Word, read by pandoc before the body (pandoc expands
 * macros; a \\fbox or a minipage it would drop with its text): a figure without its file keeps its
 * name as text, a caption stays a paragraph.
 */
const WORD_MEANINGS = [
  '\\renewenvironment{lgfigure}{\\par}{\\par}',
  '\\renewcommand{\\lgplaceholder}[1]{\\emph{#1}}',
  '\\renewcommand{\\lgimage}[1]{\\emph{[#1]}}',
  '\\renewcommand{\\lgcaption}[1]{\\par\\emph{#1}\\par}',
  '\\renewcommand{\\fbox}[1]{#1}',
  // pandoc drops \\textquotedbl (the generator's straight double quote) with its quote.
  '\\renewcommand{\\textquotedbl}{"}',
].join('\n');

/** A command's braced argument from `open` (the index of its {), braces inside counted; undefined if unclosed. */
function bracedArgument(latex: string, open: number): string | undefined {
  let depth = 0;
  for (let i = open; i < latex.length; i++) {
    const ch = latex.charAt(i);
    if (ch === '\\') i++;
    else if (ch === '{') depth++;
    else if (ch === '}' && --depth === 0) return latex.slice(open + 1, i);
  }
  return undefined;
}

/**
 * A letter (the letter class) as Word paragraphs: pandoc knows none of its commands and dropped
 * the sender's address, the recipient, the date and the signature. The address, date, recipient,
 * opening and closing stay where the letter class prints them, the signature after the closing.
 */
function letterMeanings(latex: string): string {
  if (!/^\\documentclass(?:\[[^\]\n]*\])?\{letter\}/m.test(latex.slice(0, 2000))) return '';
  const at = latex.indexOf('\\signature{');
  const signature = at < 0 ? '' : (bracedArgument(latex, at + '\\signature'.length) ?? '');
  return [
    '\\renewcommand{\\address}[1]{#1\\par}',
    '\\renewcommand{\\signature}[1]{}',
    '\\renewcommand{\\date}[1]{#1\\par}',
    '\\renewenvironment{letter}[1]{#1\\par}{}',
    '\\renewcommand{\\opening}[1]{#1\\par}',
    `\\renewcommand{\\closing}[1]{#1\\par ${signature}\\par}`,
    '',
  ].join('\n');
}

/**
 * The LaTeX pandoc reads: the document with WORD_MEANINGS and the generator's text commands'
 * meanings just before \\begin{document}, and its listings' escaped runs as their characters.
 */
export function forPandoc(latex: string): string {
  const at = latex.indexOf('\\begin{document}');
  if (at < 0) return plainListings(latex);
  return `${latex.slice(0, at)}${WORD_MEANINGS}\n${TEXT_MEANINGS.join('\n')}\n${letterMeanings(latex)}${plainListings(latex.slice(at))}`;
}

/** The main language babel sets right to left (\\babelprovide[…main…]{arabic}), as the generator writes it. */
const RTL_MAIN = /\\babelprovide\[[^\]\n]*\bmain\b[^\]\n]*\]\{(?:arabic|persian|urdu|hebrew|pashto|sindhi|uyghur|kurdish|syriac|dhivehi|yiddish)\}/;

/** pandoc's arguments: LaTeX in, Word out, images found beside the source; a right-to-left document's direction. */
export function pandocArgs(latex: string): string[] {
  const preamble = latex.slice(0, Math.max(0, latex.indexOf('\\begin{document}')));
  return ['--from=latex', '--to=docx', '--resource-path=.', ...(RTL_MAIN.test(preamble) ? ['--metadata=dir:rtl'] : []), '--output=main.docx', 'main.tex'];
}

export async function latexToDocx(options: DocxOptions): Promise<Buffer> {
  const dir = await createJobDir(options.workDir);
  try {
    await writeJobFiles(dir, [{ name: 'main.tex', content: forPandoc(options.latex), access: 'read-only' }, ...options.images]);
    const { command } = buildCommand({ mode: options.mode, jobDir: dir, program: PANDOC, programArgs: pandocArgs(options.latex), limits: options.limits });
    const outcome = await runCommand(command, Date.now() + options.timeoutMs);
    if (outcome.timedOut) throw new DocxExportError('The Word conversion took too long.');
    if (outcome.exitCode !== 0) throw new DocxExportError(`The Word conversion failed: ${outcome.stderr.trim().split('\n')[0] ?? 'pandoc stopped'}`);
    const out = join(dir, 'main.docx');
    if ((await stat(out)).size > options.maxBytes) throw new DocxTooLargeError('The Word file is too large to download.');
    return await readFile(out);
  } finally {
    await removeJobDir(dir);
  }
}
