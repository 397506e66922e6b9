// The YAML that notes carry in front matter (Jekyll, Hugo, Quarto, pandoc, Marp, Slidev,
// Obsidian): block mappings and sequences by indentation, flow [lists] and {maps}, quoted and
// plain scalars, | and > block scalars, comments. Anchors, tags and multi-documents are not
// needed for titles and authors and are read as plain text. Linear in the text.

export type YamlValue = string | YamlValue[] | { [key: string]: YamlValue };

interface Line {
  indent: number;
  text: string;
}

function unquote(v: string): string {
  const t = v.trim();
  if (t.length >= 2 && ((t.startsWith('"') && t.endsWith('"')) || (t.startsWith("'") && t.endsWith("'")))) {
    return t.slice(1, -1).replace(t.startsWith("'") ? /''/g : /\\"/g, t.startsWith("'") ? "'" : '"');
  }
  return t;
}

/** A value without its trailing comment (` # …` outside quotes). */
function stripComment(v: string): string {
  if (v.startsWith('"') || v.startsWith("'")) return v;
  const at = v.indexOf(' #');
  return at < 0 ? v : v.slice(0, at).trimEnd();
}

/** Splits a flow collection's (or a TOML array's) inside at top-level commas. */
export function splitFlow(inner: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let quote = '';
  let start = 0;
  for (let i = 0; i < inner.length; i++) {
    const c = inner[i];
    if (quote) {
      if (c === quote && inner[i - 1] !== '\\') quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '[' || c === '{') depth++;
    else if (c === ']' || c === '}') depth--;
    else if (c === ',' && depth === 0) {
      out.push(inner.slice(start, i));
      start = i + 1;
    }
  }
  out.push(inner.slice(start));
  return out.map((s) => s.trim()).filter((s) => s !== '');
}

/** `key: value` (a plain or quoted key, then `:` and a space or the line's end), or null. */
export function pair(text: string): { key: string; value: string } | null {
  let from = 0;
  if (text.startsWith('"') || text.startsWith("'")) {
    from = text.indexOf(text[0] as string, 1) + 1;
    if (from === 0) return null;
  } else if (/^[\s:#[\]{},-]/.test(text)) return null;
  for (let at = text.indexOf(':', from); at >= 0; at = text.indexOf(':', at + 1)) {
    if (at + 1 < text.length && text[at + 1] !== ' ' && text[at + 1] !== '\t') continue;
    const key = unquote(text.slice(0, at));
    if (key === '' || key.includes('#')) return null;
    return { key: key.toLowerCase(), value: text.slice(at + 1).trim() };
  }
  return null;
}

/** Flow collections nested deeper than this stay text (no recursion as deep as the input). */
export const MAX_FLOW_DEPTH = 8;

function scalar(raw: string, depth = 0): YamlValue {
  const v = stripComment(raw.trim());
  if (depth >= MAX_FLOW_DEPTH) return unquote(v);
  if (v.startsWith('[') && v.endsWith(']')) return splitFlow(v.slice(1, -1)).map((item) => scalar(item, depth + 1));
  if (v.startsWith('{') && v.endsWith('}')) {
    const map: Record<string, YamlValue> = {};
    for (const part of splitFlow(v.slice(1, -1))) {
      const p = pair(part);
      if (p) map[p.key] = scalar(p.value, depth + 1);
    }
    return map;
  }
  return unquote(v);
}

class Parser {
  private i = 0;
  constructor(private readonly lines: Line[]) {}

  /** The block starting at the current line, whose lines are indented at least `min`. */
  block(min: number): YamlValue {
    const first = this.lines[this.i];
    if (!first || first.indent < min) return '';
    if (first.text === '-' || first.text.startsWith('- ')) return this.sequence(first.indent);
    if (pair(first.text)) return this.mapping(first.indent);
    // Plain multi-line scalar.
    const parts: string[] = [];
    while (this.i < this.lines.length && (this.lines[this.i] as Line).indent >= min) parts.push((this.lines[this.i++] as Line).text);
    return unquote(parts.join(' '));
  }

  private sequence(indent: number): YamlValue[] {
    const out: YamlValue[] = [];
    for (let line = this.lines[this.i]; line && line.indent === indent && (line.text === '-' || line.text.startsWith('- ')); line = this.lines[this.i]) {
      const rest = line.text.slice(1).trimStart();
      if (rest === '') {
        this.i++;
        out.push(this.block(indent + 1));
      } else if (pair(rest)) {
        // `- key: value` opens a mapping whose other keys sit under `key`.
        this.lines[this.i] = { indent: indent + 2, text: rest };
        out.push(this.mapping(indent + 2));
      } else {
        this.i++;
        out.push(scalar(rest));
      }
    }
    return out;
  }

  private mapping(indent: number): Record<string, YamlValue> {
    const out: Record<string, YamlValue> = {};
    for (let line = this.lines[this.i]; line && line.indent === indent; line = this.lines[this.i]) {
      const p = pair(line.text);
      if (!p) break;
      this.i++;
      const key = p.key;
      const value = stripComment(p.value);
      if (/^[|>][+-]?\d*$/.test(value)) out[key] = this.blockScalar(indent, value.startsWith('|'));
      else if (value === '') {
        const next = this.lines[this.i];
        // A sequence may sit at the key's own indentation.
        out[key] = next && (next.indent > indent || (next.indent === indent && next.text.startsWith('- '))) ? this.block(next.indent) : '';
      } else out[key] = scalar(value);
    }
    return out;
  }

  private blockScalar(indent: number, literal: boolean): string {
    const parts: string[] = [];
    while (this.i < this.lines.length && (this.lines[this.i] as Line).indent > indent) parts.push((this.lines[this.i++] as Line).text);
    return parts.join(literal ? '\n' : ' ');
  }

  get done(): boolean {
    return this.i >= this.lines.length;
  }

  skip(): void {
    this.i++;
  }
}

/** The top-level mapping of a YAML text (keys lower-cased); what it cannot read is skipped. */
export function parseYaml(src: string): Record<string, YamlValue> {
  const lines: Line[] = [];
  for (const raw of src.split('\n')) {
    const text = raw.trim();
    // Blank lines and comments carry nothing here (block scalars lose their blank lines).
    if (text === '' || text.startsWith('#')) continue;
    lines.push({ indent: raw.length - raw.trimStart().length, text });
  }
  const parser = new Parser(lines);
  const out: Record<string, YamlValue> = {};
  while (!parser.done) {
    const value = parser.block(0);
    if (value && typeof value === 'object' && !Array.isArray(value)) Object.assign(out, value);
    else parser.skip();
  }
  return out;
}
