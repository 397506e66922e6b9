// A model's body inside the app's own document: the builtin generator's lean preamble for what the
// body uses (so the package set stays the installed one and the compile service's precompiled
// formats apply), then the per-document set-up, then the body.
import type { DocumentType } from '../../../../shared/document-types.js';
import type { TexProgram } from '../../../../shared/tex-program.js';
import { detectProgram } from '../../compile/program.js';
import { needsXelatex } from '../builtin/text/escape.js';
import { documentScripts } from '../builtin/write/document-scripts.js';
import { leanPreamble } from '../builtin/write/lean-preamble.js';

export interface WrappedDocument {
  latex: string;
  /** Line of the full document where the body's first line sits. */
  bodyStartLine: number;
  bodyLineCount: number;
  texProgram: TexProgram;
}

/** The TeX program for these notes: XeLaTeX only when pdflatex cannot set their script. */
export function texProgramFor(content: string): TexProgram {
  return documentScripts(content, 'article', needsXelatex(content)).program;
}

export function wrapBody(documentType: DocumentType, body: string, content: string): WrappedDocument {
  const scripts = documentScripts(content, documentType, needsXelatex(content));
  const texProgram = scripts.program;
  const setup = scripts.bodyLines;
  const start = '\\begin{document}\n' + (setup.length ? `${setup.join('\n')}\n` : '') + '\n';
  const head = leanPreamble(documentType, scripts, `${start}${body}`) + start;
  const bodyStartLine = head.split('\n').length;
  return {
    latex: `${head}${body}\n\n\\end{document}\n`,
    bodyStartLine,
    bodyLineCount: body.split('\n').length,
    texProgram,
  };
}

/** A document cut where a change may touch it: its head (through the \\begin{document} line) and its body. */
export interface DocumentParts {
  head: string;
  body: string;
}

const BEGIN = '\\begin{document}';
const END = '\\end{document}';

/** The head and body of a whole document, or null when it has no \\begin{document} … \\end{document}. */
export function splitDocument(latex: string): DocumentParts | null {
  const begin = latex.indexOf(BEGIN);
  const end = latex.lastIndexOf(END);
  if (begin < 0 || end < begin + BEGIN.length) return null;
  const newline = latex.indexOf('\n', begin);
  const headEnd = newline >= 0 && newline < end ? newline + 1 : begin + BEGIN.length;
  const head = latex.slice(0, headEnd);
  return { head: head.endsWith('\n') ? head : `${head}\n`, body: latex.slice(headEnd, end).trim() };
}

/**
 * A changed body under the document's own head: a change keeps whatever the person's preamble
 * holds (settings, packages, fonts); the sandbox guards the compile as for any LaTeX they send.
 */
export function replaceBody(head: string, body: string): WrappedDocument {
  return {
    latex: `${head}${body}\n\n${END}\n`,
    bodyStartLine: head.split('\n').length,
    bodyLineCount: body.split('\n').length,
    texProgram: detectProgram(head),
  };
}

export interface BodyProblem {
  /** Line in the body, 1-based, or null. */
  line: number | null;
  message: string;
}

// Commands that read or write files, run programs or change how TeX reads its input. The compile
// sandbox already stops all of them (no host files, openin_any=p, no shell escape); refusing them
// here sends the model back to write a self-contained body instead of a document that cannot work.
const FORBIDDEN =
  /\\(input|include|InputIfFileExists|IfFileExists|openin|openout|read|readline|write|immediate|includegraphics|lstinputlisting|verbatiminput|VerbatimInput|special|pdfobj|pdfximage|pdffiledump|pdffilesize|directlua|catcode|csname|write18|ShellEscape|newread|newwrite|usepackage|RequirePackage|documentclass|includeonly|endinput|scantokens)(?![A-Za-z@])/g;

export function bodyProblems(body: string): BodyProblem[] {
  const problems: BodyProblem[] = [];
  const lines = body.split('\n');
  lines.forEach((text, i) => {
    const code = text.replace(/(^|[^\\])%.*$/, '$1');
    for (const m of code.matchAll(FORBIDDEN)) {
      problems.push({
        line: i + 1,
        message: `\\${m[1]} is not allowed: the document must be self-contained (no files, packages or TeX input tricks; use \\lgplaceholder{description} for a figure).`,
      });
    }
  });
  if (/\\begin\{document\}|\\end\{document\}/.test(body)) problems.push({ line: null, message: 'Write only the body, without \\begin{document} or \\end{document}.' });
  if (!body.trim()) problems.push({ line: null, message: 'The body is empty.' });
  return problems;
}
