// The prose of a note, for telling its language: the words left once math ($…$, $$…$$, \[…\],
// \(…\), math environments), code (fences, spans, verbatim environments), URLs, e-mail addresses,
// LaTeX commands, HTML tags and entities are set aside. One pass over the text with indexOf; the
// only patterns are single character classes, so hostile input costs linear time.

/** Environments whose content is math or code, not prose. */
const SKIPPED_ENVIRONMENTS = new Set([
  'equation', 'equation*', 'align', 'align*', 'alignat', 'alignat*', 'flalign', 'flalign*', 'gather', 'gather*',
  'multline', 'multline*', 'eqnarray', 'eqnarray*', 'displaymath', 'math', 'split', 'verbatim', 'verbatim*',
  'lstlisting', 'minted', 'tikzpicture', 'comment',
]);

/** Commands whose argument is a key, a path or code (their name is dropped by every command). */
const NAME_ARGUMENT_COMMANDS = new Set([
  'label', 'ref', 'eqref', 'pageref', 'autoref', 'cref', 'Cref', 'cite', 'citep', 'citet', 'url', 'href', 'includegraphics',
  'input', 'include', 'usepackage', 'documentclass', 'end', 'newcommand', 'renewcommand', 'DeclareMathOperator', 'ce',
  'bibliography', 'bibliographystyle', 'hspace', 'vspace', 'setlength', 'verb', 'texttt', 'lstinline', 'mintinline',
]);

/** HTML elements (and the product's tags) whose content is not prose. */
const SKIPPED_ELEMENTS = new Set(['matheq', 'math', 'code', 'pre', 'script', 'style', 'kbd', 'samp', 'svg']);

const URL_STARTS = ['http://', 'https://', 'ftp://', 'www.', 'mailto:'];

// A chunk between spaces with one of these is a path, an address, an identifier or a formula
// (braces are not: LaTeX arguments such as \emph{…} hold prose).
const NOT_PROSE_CHUNK = /[@/\\_=^|<>~#]/;
// A dot between letters: file names, domains, member access (and abbreviations, which do not matter).
const DOTTED = /\p{L}\.\p{L}/u;
const WORD = /\p{L}+/gu;

function isAsciiLetter(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

function isSpace(ch: string | undefined): boolean {
  return ch === undefined || ch === ' ' || ch === '\n' || ch === '\t' || ch === '\r';
}

/** The note without fenced code blocks (``` or ~~~, opened and closed on lines of their own). */
function withoutFences(text: string): string {
  const kept: string[] = [];
  let fence = '';
  for (const line of text.split('\n')) {
    const trimmed = line.trimStart();
    if (fence) {
      if (trimmed.startsWith(fence)) fence = '';
      continue;
    }
    const mark = trimmed.startsWith('```') ? '```' : trimmed.startsWith('~~~') ? '~~~' : '';
    if (mark && line.length - trimmed.length < 4) {
      fence = mark;
      continue;
    }
    kept.push(line);
  }
  return kept.join('\n');
}

/** The text with everything that is not prose replaced by spaces. */
export function proseOf(text: string): string {
  const t = withoutFences(text);
  // ASCII letters lowercased (same length, so indices match) for case-insensitive closers.
  const lower = t.replace(/[A-Z]+/g, (s) => s.toLowerCase());
  const out: string[] = [];
  let from = 0;
  let i = 0;
  // Closers already looked for in vain: looking again could only fail again (keeps it linear).
  const missing = new Set<string>();
  const skipTo = (closer: string, start: number, haystack = t): boolean => {
    if (missing.has(closer)) return false;
    const at = haystack.indexOf(closer, start);
    if (at < 0) {
      missing.add(closer);
      return false;
    }
    out.push(t.slice(from, i), ' ');
    from = i = at + closer.length;
    return true;
  };
  const cut = (end: number) => {
    out.push(t.slice(from, i), ' ');
    from = i = end;
  };
  let lineEnd = -1;
  while (i < t.length) {
    const ch = t[i];
    const next = t[i + 1];
    if (ch === '`') {
      let n = 1;
      while (t[i + n] === '`') n++;
      if (!skipTo('`'.repeat(n), i + n)) i += n;
    } else if (ch === '$') {
      if (next === '$') {
        if (!skipTo('$$', i + 2)) i += 2;
        continue;
      }
      if (lineEnd < i) {
        lineEnd = t.indexOf('\n', i);
        if (lineEnd < 0) lineEnd = t.length;
      }
      // Inline math as pandoc reads it: no space inside the dollars, no digit after the closing one.
      const close = isSpace(next) ? -1 : t.indexOf('$', i + 1);
      if (close > 0 && close < lineEnd && !isSpace(t[close - 1]) && !/[0-9]/.test(t[close + 1] ?? '')) cut(close + 1);
      else i++;
    } else if (ch === '\\') {
      if (next === '[' || next === '(') {
        if (!skipTo(next === '[' ? '\\]' : '\\)', i + 2)) i += 2;
        continue;
      }
      let end = i + 1;
      while (end < t.length && isAsciiLetter(t.charCodeAt(end))) end++;
      const name = t.slice(i + 1, end);
      if (!name) {
        cut(Math.min(i + 2, t.length));
        continue;
      }
      if (name === 'begin' && t[end] === '{') {
        const close = t.indexOf('}', end);
        const env = close > 0 && close - end < 40 ? t.slice(end + 1, close) : '';
        if (SKIPPED_ENVIRONMENTS.has(env) && skipTo(`\\end{${env}}`, close)) continue;
        cut(close > 0 && close - end < 40 ? close + 1 : end);
        continue;
      }
      if (NAME_ARGUMENT_COMMANDS.has(name)) end = afterArguments(t, end);
      cut(end);
    } else if (ch === '<' && (next === '/' || next === '!' || isAsciiLetter(t.charCodeAt(i + 1)))) {
      if (t.startsWith('<!--', i)) {
        if (!skipTo('-->', i + 4)) i += 4;
        continue;
      }
      const close = t.slice(i, i + 300).indexOf('>');
      if (close < 0) {
        i++;
        continue;
      }
      let nameEnd = i + 1;
      while (nameEnd < i + close && isAsciiLetter(t.charCodeAt(nameEnd))) nameEnd++;
      const element = lower.slice(i + 1, nameEnd);
      if (next !== '/' && SKIPPED_ELEMENTS.has(element) && skipTo(`</${element}`, i + close, lower)) {
        const end = t.indexOf('>', i);
        cut(end < 0 ? t.length : end + 1);
        continue;
      }
      cut(i + close + 1);
    } else if (ch === '&') {
      let end = i + 1;
      while (end < t.length && end - i <= 10 && /[#A-Za-z0-9]/.test(t[end] ?? '')) end++;
      if (t[end] === ';' && end > i + 1) cut(end + 1);
      else i++;
    } else if ((ch === 'h' || ch === 'w' || ch === 'f' || ch === 'm') && !isAsciiLetter(t.charCodeAt(i - 1)) && URL_STARTS.some((s) => lower.startsWith(s, i))) {
      let end = i;
      while (end < t.length && !isSpace(t[end]) && t[end] !== ')' && t[end] !== '>') end++;
      cut(end);
    } else {
      i++;
    }
  }
  out.push(t.slice(from));
  return out.join('');
}

/** After a command's optional [...] and one {...} argument (each short, or left alone). */
function afterArguments(t: string, start: number): number {
  let end = start;
  if (t[end] === '[') {
    const close = t.indexOf(']', end);
    if (close > 0 && close - end < 200) end = close + 1;
  }
  if (t[end] !== '{') return end;
  let depth = 0;
  for (let j = end; j < t.length && j - end < 500; j++) {
    if (t[j] === '{') depth++;
    else if (t[j] === '}' && --depth === 0) return j + 1;
  }
  return end;
}

/**
 * The words of an all-ASCII lowercased chunk (its runs of a-z, as WORD finds them), pushed onto
 * `words` up to `limit`; false, having pushed nothing, when the chunk has other characters. Most
 * chunks of most notes are ASCII, and a plain loop is several times cheaper than a regex iterator.
 */
function asciiWords(chunk: string, words: string[], limit: number): boolean {
  for (let i = 0; i < chunk.length; i++) if (chunk.charCodeAt(i) > 0x7f) return false;
  let start = -1;
  for (let i = 0; i <= chunk.length && words.length < limit; i++) {
    const c = i < chunk.length ? chunk.charCodeAt(i) : 0;
    const letter = c >= 0x61 && c <= 0x7a;
    if (letter && start < 0) start = i;
    else if (!letter && start >= 0) {
      words.push(chunk.slice(start, i));
      start = -1;
    }
  }
  return true;
}

/** The first `limit` words of the note's prose, lowercased. */
export function proseWords(text: string, limit: number): string[] {
  const words: string[] = [];
  for (const chunk of proseOf(text).normalize('NFC').toLowerCase().split(/\s+/)) {
    if (!chunk || NOT_PROSE_CHUNK.test(chunk) || DOTTED.test(chunk)) continue;
    if (asciiWords(chunk, words, limit)) {
      if (words.length >= limit) return words;
      continue;
    }
    for (const m of chunk.matchAll(WORD)) {
      words.push(m[0]);
      if (words.length >= limit) return words;
    }
  }
  return words;
}
