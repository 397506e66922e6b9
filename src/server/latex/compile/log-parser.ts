// Turns a TeX log into line-numbered messages with plain-language hints. The runner passes
// -file-line-error and max_print_line=10000, so errors look like `./main.tex:12: Message` on one line.
import type { CompileErrorDetail } from './types.js';

const MAX_ERRORS = 20;
const FILE_LINE_ERROR = /^(\.\/|\/)?([^:\n]*?\.(?:tex|sty|cls|def|cfg|clo|fd|ltx|bbl|aux|toc)):(\d+): (.*)$/;
const TEX_ERROR = /^! ?(.*)$/;
const CONTEXT_LINE = /^l\.(\d+) ?(.*)$/;

interface Rule {
  test: RegExp;
  hint: (match: RegExpExecArray, context: string) => string;
}

const RULES: Rule[] = [
  {
    test: /Missing \$ inserted/,
    hint: () =>
      'Math symbols such as ^, _, \\alpha or \\frac only work in math mode: wrap the formula in $...$ ' +
      '(or \\[...\\]), and close every $ you open. To print a literal dollar sign write \\$.',
  },
  {
    test: /Undefined control sequence/,
    hint: (_m, context) => {
      const cs = /(\\[A-Za-z@]+|\\.)\s*$/.exec(context)?.[1];
      return (
        `${cs ? `The command ${cs}` : 'A command on this line'} is not defined: check its spelling, ` +
        'or load the package that provides it with \\usepackage in the preamble.'
      );
    },
  },
  {
    test: /Missing \} inserted|Extra \}, or forgotten|Too many \}'s|Extra \{|Missing \{ inserted/,
    hint: () =>
      'The braces { and } do not match here: every { needs a closing }. To print a literal brace write \\{ or \\}.',
  },
  {
    test: /Misplaced alignment tab character &/,
    hint: () =>
      '& separates columns only inside a table (tabular) or an aligned equation (align). ' +
      'To print an ampersand in text write \\&.',
  },
  {
    test: /File `([^']+)' not found|cannot find image file (\S+)/,
    hint: (m) => {
      const file = m[1] ?? m[2] ?? 'this file';
      return /\.(sty|cls)$/.test(file)
        ? `The package ${file} is not installed on the compile server. Remove its \\usepackage line or use a standard package instead.`
        : `The file ${file} is not available: documents are compiled on their own, so \\input, \\include and images can only use files the server provides.`;
    },
  },
  {
    test: /Unicode character (.+?) \(U\+([0-9A-Fa-f]+)\)/,
    hint: (m) =>
      `The character ${m[1] ?? ''} (U+${m[2] ?? ''}) cannot be typeset by pdfLaTeX. Replace it with a LaTeX ` +
      'command (for example \\textendash or \\alpha), or compile with XeLaTeX by making the first line ' +
      '% !TEX program = xelatex',
  },
  {
    test: /Runaway argument|Paragraph ended before .* was complete|File ended while scanning/,
    hint: () =>
      'A command\'s argument was never closed: a { is missing its }, or a blank line sits inside an argument.',
  },
  {
    test: /Environment (\S+) undefined/,
    hint: (m) => `There is no environment called ${m[1] ?? ''}: check the spelling in \\begin{…} or load the package that defines it.`,
  },
  {
    test: /\\begin\{([^}]*)\} on input line (\d+) ended by \\end\{([^}]*)\}/,
    hint: (m) => `\\begin{${m[1] ?? ''}} on line ${m[2] ?? '?'} is closed by \\end{${m[3] ?? ''}}: every \\begin needs a matching \\end.`,
  },
  {
    test: /Can be used only in preamble/,
    hint: () => 'This command belongs before \\begin{document}, in the preamble.',
  },
  {
    test: /Missing \\begin\{document\}/,
    hint: () => 'Text appears before \\begin{document}: move it into the document body, or add \\begin{document}.',
  },
  {
    test: /No PDF was produced/,
    hint: () => 'The document has no visible content: put some text between \\begin{document} and \\end{document}.',
  },
  {
    test: /The PDF is larger than/,
    hint: () => 'Make the document smaller, for example with fewer or smaller pages.',
  },
  {
    test: /Output file size limit exceeded/,
    hint: () => 'The document produces far too much output, usually because a loop never stops.',
  },
  {
    test: /TeX capacity exceeded/,
    hint: () => 'The document needs more memory than TeX allows, usually because a command calls itself forever.',
  },
  {
    test: /no legal \\end found|Emergency stop/,
    hint: () => 'The document ended unexpectedly: make sure it finishes with \\end{document}.',
  },
  {
    test: /Display math should end with \$\$|Bad math environment delimiter/,
    hint: () => 'A display formula is not closed properly: close \\[ with \\] and $$ with $$.',
  },
  {
    test: /Illegal unit of measure|Missing number, treated as zero/,
    hint: () => 'A length or number is expected here, for example 2cm or 0.5\\textwidth.',
  },
  {
    test: /There's no line here to end/,
    hint: () => '\\\\ ends a line only after some text; use a blank line to start a new paragraph.',
  },
];

export function hintFor(message: string, context = ''): string | null {
  for (const rule of RULES) {
    const match = rule.test.exec(message);
    if (match) return rule.hint(match, context);
  }
  return null;
}

function isMainFile(path: string): boolean {
  return path === 'main.tex' || path === './main.tex' || path.endsWith('/job/main.tex');
}

/** The first source line containing `needle` (1-based), or null. */
function findLine(source: string | undefined, needle: string): number | null {
  if (!source || needle.trim().length < 2) return null;
  const index = source.split(/\r?\n/).findIndex((line) => line.includes(needle));
  return index < 0 ? null : index + 1;
}

/**
 * Where TeX gave no usable line (a missing package stops TeX while it asks for another file name;
 * a runaway argument is only noticed at the end of the file), look the culprit up in the source.
 */
function locate(message: string, runawayText: string | null, source: string | undefined): number | null {
  const missing = /File `([^']+)' not found|cannot find image file (\S+)/.exec(message);
  if (missing) {
    const file = (missing[1] ?? missing[2] ?? '').replace(/\.(sty|cls|tex)$/, '');
    return findLine(source, `{${file}}`) ?? findLine(source, file);
  }
  if (runawayText !== null) {
    const start = runawayText.replace(/^\{/, '').split('\\par')[0]?.trim().slice(0, 40) ?? '';
    return findLine(source, start);
  }
  return null;
}

/** Parses a TeX log into at most 20 errors, in order, without duplicates. */
export function parseLog(log: string, source?: string): CompileErrorDetail[] {
  const lines = log.split(/\r?\n/);
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
    if (line === null) line = locate(message, runaway ? runawayText : null, source);
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
