// Macros a note defines in its YAML front matter, as KaTeX and MathJax take them from their
// settings: a `macros:` mapping (at the top or under `katex:`, `math:`, `tex:` …) of names to
// bodies, a body with its number of arguments as a `[body, n]` pair.
//
//   macros:
//     "\\R": "\\mathbb{R}"
//     \N: \mathbb{N}
//     bold: ["\\boldsymbol{#1}", 1]
//   katex: { macros: { "\\C": "\\mathbb{C}" } }
//
// They become the note's own definitions (definitions.ts), as if written with \newcommand.
import { splitFlow } from '../parse/front-matter/yaml.js';
import type { UserDefinition } from './definitions.js';

/** Front matter longer than this is not searched for macros (no settings block is this long). */
const MAX_FRONT_MATTER = 100_000;

/** The YAML between a leading `---` line and the next `---` or `...` line. */
function yamlBlock(source: string): string | null {
  const src = source.replace(/^\uFEFF/, '');
  if (!/^---[ \t]*\r?\n/.test(src)) return null;
  const open = src.indexOf('\n') + 1;
  const close = /^(?:---|\.\.\.)[ \t]*\r?$/m.exec(src.slice(open, open + MAX_FRONT_MATTER));
  return close ? src.slice(open, open + close.index) : null;
}

/** A YAML scalar's value: double quotes with their escapes, single quotes, or plain. */
function scalar(raw: string): string {
  const t = raw.trim();
  if (t.length >= 2 && t.startsWith('"') && t.endsWith('"')) {
    return t.slice(1, -1).replace(/\\(.)/g, (_m, c: string) => ({ n: '\n', t: '\t' })[c] ?? c);
  }
  if (t.length >= 2 && t.startsWith("'") && t.endsWith("'")) return t.slice(1, -1).replace(/''/g, "'");
  // Plain: backslashes doubled as in a quoted string (\\mathbb{R}) mean one before a command name.
  return t.replace(/\\\\(?=[A-Za-z])/g, '\\');
}

/** `key: value` with a plain or quoted key (the colon followed by a space or the end). */
function keyValue(text: string): { key: string; value: string } | null {
  let from = 0;
  if (text.startsWith('"') || text.startsWith("'")) {
    const quote = text[0] as string;
    let j = 1;
    while (j < text.length && text[j] !== quote) j += text[j] === '\\' && quote === '"' ? 2 : 1;
    if (j >= text.length) return null;
    from = j + 1;
  }
  for (let at = text.indexOf(':', from); at >= 0; at = text.indexOf(':', at + 1)) {
    if (at + 1 < text.length && text[at + 1] !== ' ' && text[at + 1] !== '\t') continue;
    return { key: scalar(text.slice(0, at)), value: text.slice(at + 1).trim() };
  }
  return null;
}

/** One macro: a name (its backslashes dropped) and a body, or `[body, n]`. */
function definition(key: string, value: string): UserDefinition | null {
  const name = key.replace(/^\\+/, '');
  if (!/^[A-Za-z]{1,40}$/.test(name) || value === '') return null;
  if (value.startsWith('[') && value.endsWith(']')) {
    const [body, count] = splitFlow(value.slice(1, -1)).map(scalar);
    const params = Number(count ?? '0');
    if (body === undefined || !Number.isInteger(params) || params < 0 || params > 9) return null;
    return { name, params, body };
  }
  return { name, params: 0, body: scalar(value) };
}

/** The index of the brace closing the one `text` opens with (quotes respected), or the end. */
function closingBrace(text: string): number {
  let depth = 0;
  let quote = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === '\\' && quote === '"') i++;
      else if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return i;
  }
  return text.length;
}

/** The macros a note's front matter defines. */
export function frontMatterMacros(source: string): UserDefinition[] {
  const yaml = yamlBlock(source);
  if (yaml === null || !yaml.includes('macros:')) return [];
  const out: UserDefinition[] = [];
  const lines = yaml.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = (lines[i] as string).replace(/\r$/, '');
    const block = /^([ \t]*)macros:[ \t]*(.*)$/.exec(line);
    // A flow mapping on the line, `macros: { "\\R": "\\mathbb{R}", … }`, at the top or inside another one.
    const flow = block ? block[2] ?? '' : (/[{,][ \t]*macros:[ \t]*(\{.*\})/.exec(line)?.[1] ?? '');
    if (flow.startsWith('{')) {
      for (const part of splitFlow(flow.slice(1, closingBrace(flow)))) {
        const kv = keyValue(part);
        const d = kv && definition(kv.key, kv.value);
        if (d) out.push(d);
      }
      continue;
    }
    if (!block || flow !== '') continue;
    // A block mapping: the lines indented deeper than `macros:`.
    const indent = (block[1] ?? '').length;
    for (let j = i + 1; j < lines.length; j++) {
      const entry = (lines[j] as string).replace(/\r$/, '');
      if (entry.trim() === '' || entry.trim().startsWith('#')) continue;
      if (entry.length - entry.trimStart().length <= indent) break;
      const kv = keyValue(entry.trim());
      const d = kv && definition(kv.key, kv.value);
      if (d) out.push(d);
      i = j;
    }
  }
  return out;
}
