// AsciiDoc's line-level pass before the blocks: the document header (`= Title`, the author and
// revision lines, header attributes) into metadata; attribute entries (`:name: value`) defined
// and taken out; `{name}` references replaced outside verbatim blocks; `ifdef::`/`ifndef::`
// conditionals decided on the attributes defined; `//` comment lines and `////` comment
// blocks left out. Every line is looked at once.
import type { NoteMeta } from '../../tree.js';

const ATTRIBUTE = /^:(!?)([A-Za-z0-9_][\w-]{0,60})(!?):(?:[ \t]+(.*))?$/;
const CONDITIONAL = /^(ifdef|ifndef)::([^[\n]*)\[(.*)\]$/;
const VERBATIM = /^(-{4,}|\.{4,}|\+{4,}|`{3,})[ \t]*$/;

export interface Preprocessed {
  lines: string[];
  meta: Partial<NoteMeta> & { extra: NoteMeta['extra'] };
  attributes: Map<string, string>;
}

/** `{name}` references replaced by their values (unknown ones kept as written). */
export function substitute(line: string, attributes: Map<string, string>): string {
  if (!line.includes('{')) return line;
  let out = '';
  let i = 0;
  while (i < line.length) {
    const open = line.indexOf('{', i);
    if (open === -1) break;
    const close = line.indexOf('}', open + 1);
    if (close === -1) break;
    const name = line.slice(open + 1, close);
    out += line.slice(i, open);
    const value = /^[\w-]{1,60}$/.test(name) ? attributes.get(name.toLowerCase()) : undefined;
    if (value !== undefined && line[open - 1] !== '\\') out += value;
    else out += line.slice(open, close + 1);
    i = close + 1;
  }
  return out + line.slice(i);
}

/** Asciidoctor's built-in character attributes. */
function builtins(): Map<string, string> {
  return new Map(
    Object.entries({
      nbsp: '\u00a0', sp: ' ', empty: '', vbar: '|', caret: '^', tilde: '~', apos: "'", quot: '"', amp: '&', lt: '<', gt: '>',
      plus: '+', startsb: '[', endsb: ']', brvbar: '¦', backslash: '\\', backtick: '`', 'two-colons': '::', 'two-semicolons': ';;',
      zwsp: '\u200b', wj: '\u2060', deg: '°', ldquo: '“', rdquo: '”', lsquo: '‘', rsquo: '’', cpp: 'C++', 'pp': '++',
    }),
  );
}

function conditionHolds(kind: string, names: string, attributes: Map<string, string>): boolean {
  // `a,b`: any of them; `a+b`: all of them.
  const all = names.includes('+');
  const list = names.split(all ? '+' : ',').map((n) => n.trim().toLowerCase()).filter((n) => n !== '');
  const defined = all ? list.every((n) => attributes.has(n)) : list.some((n) => attributes.has(n));
  return kind === 'ifdef' ? defined : !defined;
}

export function preprocess(src: string): Preprocessed {
  const input = src.split('\n');
  const attributes = builtins();
  const meta: Preprocessed['meta'] = { extra: [] };
  const out: string[] = [];
  // Conditionals that are false (and their nesting): lines inside are skipped.
  const stack: boolean[] = [];
  let skipping = 0;
  let verbatim: string | null = null;
  let comment: string | null = null;
  let i = 0;
  // The header: a `= Title` line, then author and revision lines, until a blank line.
  while (i < input.length && (input[i] ?? '').trim() === '') i++;
  const inHeader = /^= \S/.test(input[i] ?? '');
  let headerEnd = -1;
  if (inHeader) {
    meta.title = (input[i] ?? '').slice(2).trim();
    let j = i + 1;
    let lineNo = 0;
    while (j < input.length && (input[j] ?? '').trim() !== '') {
      const l = input[j] ?? '';
      if (!l.startsWith(':') && !l.startsWith('//') && !/^(ifn?def|endif)::/.test(l)) {
        if (lineNo === 0) {
          // `First Last <email>; Other Name <email>`
          const authors = l.split(';').map((a) => a.replace(/<[^>]*>/g, '').trim()).filter((a) => a !== '');
          if (authors.length) {
            meta.authors = authors;
            meta.author = authors[0];
          }
        } else if (lineNo === 1) {
          // `v1.0, 2024-01-02: remark`
          const m = /^v?[\d.]+[^,]*,?\s*([^:]*)(?::\s*(.*))?$/.exec(l.trim());
          if (m?.[1]) meta.date = m[1].trim();
        }
        lineNo++;
        input[j] = '';
      }
      j++;
    }
    headerEnd = j;
    input[i] = '';
  }
  for (; i < input.length; i++) {
    const line = input[i] ?? '';
    if (comment !== null) {
      if (line.trimEnd() === comment) comment = null;
      continue;
    }
    if (verbatim === null && /^\/{4,}[ \t]*$/.test(line)) {
      comment = line.trimEnd();
      continue;
    }
    const cond = line.startsWith('if') || line.startsWith('endif') ? CONDITIONAL.exec(line.trimEnd()) : null;
    if (cond && verbatim === null) {
      const holds = conditionHolds(cond[1] ?? '', cond[2] ?? '', attributes);
      const inline = cond[3] ?? '';
      if (inline !== '') {
        // Single-line form: the bracket holds the content.
        if (holds && skipping === 0 && !inline.startsWith('if')) i = reenter(input, i, inline);
        continue;
      }
      stack.push(holds);
      if (!holds) skipping++;
      continue;
    }
    if (line.startsWith('endif::') && verbatim === null) {
      const held = stack.pop();
      if (held === false) skipping--;
      continue;
    }
    if (line.startsWith('ifeval::') && verbatim === null) {
      stack.push(true);
      continue;
    }
    if (skipping > 0) continue;
    if (verbatim === null) {
      const v = VERBATIM.exec(line);
      if (v) verbatim = line.trimEnd();
      const attr = ATTRIBUTE.exec(line);
      if (attr) {
        const name = (attr[2] ?? '').toLowerCase();
        if (attr[1] === '!' || attr[3] === '!') attributes.delete(name);
        else {
          let value = attr[4] ?? '';
          // A value continued with ` \` (or ` +`) at the line end.
          while ((value.endsWith(' \\') || value.endsWith(' +')) && i + 1 < input.length) value = `${value.slice(0, -2)} ${(input[++i] ?? '').trim()}`;
          value = substitute(value.trim(), attributes);
          attributes.set(name, value);
          if (headerEnd !== -1 && i < headerEnd) headerAttribute(name, value, meta);
        }
        continue;
      }
      if (line.startsWith('//')) continue;
      out.push(substitute(line, attributes));
      continue;
    }
    if (line.trimEnd() === verbatim) verbatim = null;
    out.push(line);
  }
  return { lines: out, meta, attributes };
}

/** A single-line conditional's content read as the next line (an attribute entry, usually). */
function reenter(input: string[], i: number, content: string): number {
  input[i] = content;
  return i - 1;
}

function headerAttribute(name: string, value: string, meta: Preprocessed['meta']): void {
  if (value === '') return;
  switch (name) {
    case 'author':
    case 'authors': {
      const authors = value.split(/[;,]/).map((a) => a.trim()).filter((a) => a !== '');
      meta.authors = authors;
      meta.author = authors[0];
      break;
    }
    case 'revdate':
    case 'date':
      meta.date = value;
      break;
    case 'description':
    case 'subtitle':
      meta.subtitle ??= value;
      break;
    case 'keywords':
      meta.extra.push({ key: 'Keywords', value });
      break;
    case 'revnumber':
      meta.extra.push({ key: 'Version', value });
      break;
    case 'email':
    case 'organization':
    case 'orgname':
      meta.extra.push({ key: name === 'email' ? 'Email' : 'Organization', value });
      break;
    default:
      break;
  }
}
