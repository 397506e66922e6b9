// Turns a TeX log into line-numbered messages with plain-language hints. The runner passes
// -file-line-error and max_print_line=10000, so errors look like `./main.tex:12: Message` on one line.
// A log can be megabytes of whatever a document prints, so every step is linear in it: messages
// with a free-text part between two fixed phrases are matched with indexOf, not with `.*`, and
// source lines are looked up once per distinct text.
import { forwardFinder } from '../../../shared/text-scan.js';
import type { CompileErrorDetail } from './types.js';

const MAX_ERRORS = 20;
const FILE_LINE_ERROR = /^(\.\/|\/)?([^:\n]*?\.(?:tex|sty|cls|def|cfg|clo|fd|ltx|bbl|aux|toc)):(\d+): (.*)$/;
const TEX_ERROR = /^! ?(.*)$/;
const CONTEXT_LINE = /^l\.(\d+) ?(.*)$/;

/** A message's captures (index 0 the whole match, as with RegExp.exec), or null. */
type Matcher = (message: string) => ReadonlyArray<string | undefined> | null;

interface Rule {
  test: Matcher;
  hint: (match: ReadonlyArray<string | undefined>, context: string) => string;
}

/** For patterns without a free-text part between fixed phrases: these never backtrack far. */
const re = (pattern: RegExp): Matcher => (message) => pattern.exec(message);

/** Where `regex`-style `.` stops: a message is matched one line at a time. */
const LINE_BREAK = /[\n\r\u2028\u2029]/;

function perLine(match: (line: string) => ReadonlyArray<string | undefined> | null): Matcher {
  return (message) => {
    if (!LINE_BREAK.test(message)) return match(message);
    for (const line of message.split(LINE_BREAK)) {
      const m = match(line);
      if (m) return m;
    }
    return null;
  };
}

/** /File `([^']+)' not found|cannot find image file (\S+)/: the file TeX could not open. */
export const missingFile: Matcher = (message) => {
  let best: { at: number; groups: [string, string | undefined, string | undefined] } | null = null;
  const quote = forwardFinder(message, "'");
  for (let i = message.indexOf('File `'); i >= 0; i = message.indexOf('File `', i + 1)) {
    const end = quote(i + 6);
    if (end < 0) break;
    if (end > i + 6 && message.startsWith("' not found", end)) {
      best = { at: i, groups: [message.slice(i, end + 11), message.slice(i + 6, end), undefined] };
      break;
    }
  }
  const image = /cannot find image file (\S+)/.exec(message);
  if (image && (!best || image.index < best.at)) return [image[0], undefined, image[1]];
  return best?.groups ?? null;
};

/** /Unicode character (.+?) \(U\+([0-9A-Fa-f]+)\)/: the character pdfTeX cannot set. */
export const unicodeCharacter: Matcher = perLine((line) => {
  const start = line.indexOf('Unicode character ');
  if (start < 0) return null;
  for (let at = line.indexOf(' (U+', start + 19); at >= 0; at = line.indexOf(' (U+', at + 1)) {
    let end = at + 4;
    while (end < line.length && /[0-9A-Fa-f]/.test(line[end]!)) end++;
    if (end > at + 4 && line[end] === ')') return [line.slice(start, end + 1), line.slice(start + 18, at), line.slice(at + 4, end)];
  }
  return null;
});

/** /Paragraph ended before .* was complete/ */
export const paragraphEnded: Matcher = perLine((line) => {
  const start = line.indexOf('Paragraph ended before ');
  const end = start < 0 ? -1 : line.lastIndexOf(' was complete');
  return end >= start + 23 ? [line.slice(start, end + 13)] : null;
});

const runaway: Matcher = (message) =>
  re(/Runaway argument|File ended while scanning/)(message) ?? paragraphEnded(message);

/** /\\begin\{([^}]*)\} on input line (\d+) ended by \\end\{([^}]*)\}/: mismatched environments. */
export const mismatchedEnd: Matcher = (message) => {
  const firstClose = forwardFinder(message, '}');
  const secondClose = forwardFinder(message, '}');
  for (let i = message.indexOf('\\begin{'); i >= 0; i = message.indexOf('\\begin{', i + 1)) {
    const close = firstClose(i + 7);
    if (close < 0) return null;
    const lineAt = close + 1 + ' on input line '.length;
    if (!message.startsWith(' on input line ', close + 1)) continue;
    let digits = lineAt;
    while (digits < message.length && message[digits]! >= '0' && message[digits]! <= '9') digits++;
    if (digits === lineAt || !message.startsWith(' ended by \\end{', digits)) continue;
    const open = digits + ' ended by \\end{'.length;
    const end = secondClose(open);
    if (end < 0) return null;
    return [message.slice(i, end + 1), message.slice(i + 7, close), message.slice(lineAt, digits), message.slice(open, end)];
  }
  return null;
};

const RULES: Rule[] = [
  {
    test: re(/Missing \$ inserted/),
    hint: () =>
      'Math symbols such as ^, _, \\alpha or \\frac only work in math mode: wrap the formula in $...$ ' +
      '(or \\[...\\]), and close every $ you open. To print a literal dollar sign write \\$.',
  },
  {
    test: re(/Undefined control sequence/),
    hint: (_m, context) => {
      const cs = /(\\[A-Za-z@]+|\\.)\s*$/.exec(context)?.[1];
      return (
        `${cs ? `The command ${cs}` : 'A command on this line'} is not defined: check its spelling, ` +
        'or load the package that provides it with \\usepackage in the preamble.'
      );
    },
  },
  {
    test: re(/Missing \} inserted|Extra \}, or forgotten|Too many \}'s|Extra \{|Missing \{ inserted/),
    hint: () =>
      'The braces { and } do not match here: every { needs a closing }. To print a literal brace write \\{ or \\}.',
  },
  {
    test: re(/Misplaced alignment tab character &/),
    hint: () =>
      '& separates columns only inside a table (tabular) or an aligned equation (align). ' +
      'To print an ampersand in text write \\&.',
  },
  {
    test: missingFile,
    hint: (m) => {
      const file = m[1] ?? m[2] ?? 'this file';
      return /\.(sty|cls)$/.test(file)
        ? `The package ${file} is not installed on the compile server. Remove its \\usepackage line or use a standard package instead.`
        : `The file ${file} is not available: documents are compiled on their own, so \\input, \\include and images can only use files the server provides.`;
    },
  },
  {
    test: unicodeCharacter,
    hint: (m) =>
      `The character ${m[1] ?? ''} (U+${m[2] ?? ''}) cannot be typeset by pdfLaTeX. Replace it with a LaTeX ` +
      'command (for example \\textendash or \\alpha), or compile with XeLaTeX by making the first line ' +
      '% !TEX program = xelatex',
  },
  {
    test: runaway,
    hint: () =>
      'A command\'s argument was never closed: a { is missing its }, or a blank line sits inside an argument.',
  },
  {
    test: re(/Environment (\S+) undefined/),
    hint: (m) => `There is no environment called ${m[1] ?? ''}: check the spelling in \\begin{…} or load the package that defines it.`,
  },
  {
    test: mismatchedEnd,
    hint: (m) => `\\begin{${m[1] ?? ''}} on line ${m[2] ?? '?'} is closed by \\end{${m[3] ?? ''}}: every \\begin needs a matching \\end.`,
  },
  {
    test: re(/Can be used only in preamble/),
    hint: () => 'This command belongs before \\begin{document}, in the preamble.',
  },
  {
    test: re(/Missing \\begin\{document\}/),
    hint: () => 'Text appears before \\begin{document}: move it into the document body, or add \\begin{document}.',
  },
  {
    test: re(/No PDF was produced/),
    hint: () => 'The document has no visible content: put some text between \\begin{document} and \\end{document}.',
  },
  {
    test: re(/The PDF is larger than/),
    hint: () => 'Make the document smaller, for example with fewer or smaller pages.',
  },
  {
    test: re(/Output file size limit exceeded/),
    hint: () => 'The document produces far too much output, usually because a loop never stops.',
  },
  {
    test: re(/TeX capacity exceeded/),
    hint: () => 'The document needs more memory than TeX allows, usually because a command calls itself forever.',
  },
  {
    test: re(/no legal \\end found|Emergency stop/),
    hint: () => 'The document ended unexpectedly: make sure it finishes with \\end{document}.',
  },
  {
    test: re(/Display math should end with \$\$|Bad math environment delimiter/),
    hint: () => 'A display formula is not closed properly: close \\[ with \\] and $$ with $$.',
  },
  {
    test: re(/Illegal unit of measure|Missing number, treated as zero/),
    hint: () => 'A length or number is expected here, for example 2cm or 0.5\\textwidth.',
  },
  {
    test: re(/There's no line here to end/),
    hint: () => '\\\\ ends a line only after some text; use a blank line to start a new paragraph.',
  },
];

export function hintFor(message: string, context = ''): string | null {
  for (const rule of RULES) {
    const match = rule.test(message);
    if (match) return rule.hint(match, context);
  }
  return null;
}

function isMainFile(path: string): boolean {
  return path === 'main.tex' || path === './main.tex' || path.endsWith('/job/main.tex');
}

/** Distinct texts looked up in the source per log: a log repeating one error stays one lookup. */
const MAX_LOOKUPS = 64;

/** The source's lines, split once, with the answer for each text looked up. */
class SourceIndex {
  private lines: string[] | null = null;
  private readonly found = new Map<string, number | null>();
  constructor(private readonly source: string | undefined) {}

  /** The first source line containing `needle` (1-based), or null. */
  findLine(needle: string): number | null {
    if (!this.source || needle.trim().length < 2) return null;
    const known = this.found.get(needle);
    if (known !== undefined) return known;
    if (this.found.size >= MAX_LOOKUPS) return null;
    this.lines ??= this.source.split(/\r?\n/);
    const index = this.lines.findIndex((line) => line.includes(needle));
    const line = index < 0 ? null : index + 1;
    this.found.set(needle, line);
    return line;
  }
}

/**
 * Where TeX gave no usable line (a missing package stops TeX while it asks for another file name;
 * a runaway argument is only noticed at the end of the file), look the culprit up in the source.
 */
function locate(message: string, runawayText: string | null, source: SourceIndex): number | null {
  const missing = missingFile(message);
  if (missing) {
    const file = (missing[1] ?? missing[2] ?? '').replace(/\.(sty|cls|tex)$/, '');
    return source.findLine(`{${file}}`) ?? source.findLine(file);
  }
  if (runawayText !== null) {
    const start = runawayText.replace(/^\{/, '').split('\\par')[0]?.trim().slice(0, 40) ?? '';
    return source.findLine(start);
  }
  return null;
}

/** Parses a TeX log into at most 20 errors, in order, without duplicates. */
export function parseLog(log: string, source?: string): CompileErrorDetail[] {
  const lines = log.split(/\r?\n/);
  const sourceIndex = new SourceIndex(source);
  const errors: CompileErrorDetail[] = [];
  const seen = new Set<string>();
  let runaway = false;
  let runawayText: string | null = null;

  for (let i = 0; i < lines.length && errors.length < MAX_ERRORS; i++) {
    const text = lines[i] ?? '';
    if (text.startsWith('Runaway argument?')) {
      runaway = true;
      runawayText = lines[i + 1] ?? null;
      continue;
    }
    let message: string | null = null;
    let line: number | null = null;

    const fle = FILE_LINE_ERROR.exec(text);
    if (fle) {
      const file = `${fle[1] ?? ''}${fle[2] ?? ''}`;
      message = fle[4] ?? '';
      line = isMainFile(file) ? Number(fle[3]) : null;
      if (!isMainFile(file)) message = `${message} (in ${file.split('/').pop() ?? file})`;
    } else {
      const tex = TEX_ERROR.exec(text);
      if (tex) message = tex[1] ?? '';
    }
    if (message === null) continue;
    if (/^\s*==> Fatal error occurred/.test(message)) continue;

    // A LaTeX error message may wrap onto the next line ("… (U+2603)" / "not set up for use …").
    const following = lines[i + 1] ?? '';
    if (/Error:/.test(message) && !/\.$/.test(message.trim()) && following.trim() && !/^(Type|See|l\.\d|!)/.test(following)) {
      message = `${message} ${following.trim()}`;
    }
    let context = '';
    for (let j = i + 1; j < Math.min(lines.length, i + 12); j++) {
      const next = lines[j] ?? '';
      const ctx = CONTEXT_LINE.exec(next);
      if (ctx) {
        if (line === null && !fle) line = Number(ctx[1]);
        context = ctx[2] ?? '';
        break;
      }
      if (FILE_LINE_ERROR.test(next) || TEX_ERROR.test(next)) break;
    }

    message = message.trim().replace(/\s+/g, ' ').replace(/^pdfTeX error: \S+: /, 'pdfTeX error: ');
    if (line === null) line = locate(message, runaway ? runawayText : null, sourceIndex);
    const cs = /Undefined control sequence/.test(message) ? /(\\[A-Za-z@]+|\\.)\s*$/.exec(context)?.[1] : undefined;
    if (cs) message = `${message.replace(/\.$/, '')}: ${cs}`;
    const hint = hintFor(runaway ? `Runaway argument ${message}` : message, context);
    runaway = false;
    runawayText = null;

    // An emergency stop only repeats the error that caused it.
    if (/Emergency stop|job aborted/.test(message) && errors.length > 0) continue;
    const key = `${line}:${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    errors.push({ line, message, hint });
  }
  return errors;
}

/** One-line summary for the API's `error` field. */
export function summarizeErrors(errors: CompileErrorDetail[]): string {
  const first = errors[0];
  if (!first) return 'Compilation failed.';
  const where = first.line !== null ? `Line ${first.line}: ` : '';
  const more = errors.length > 1 ? ` (and ${errors.length - 1} more)` : '';
  return `${where}${first.message}${more}`;
}
