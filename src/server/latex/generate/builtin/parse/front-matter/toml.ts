// The TOML of Hugo-style front matter (+++ … +++): `key = value` with strings, numbers, dates,
// booleans, [arrays] and {inline tables}; [tables] and [[arrays of tables]] nest their keys
// under the table's name (`[author]` then `name = …` gives author.name). Linear in the text.
import { MAX_FLOW_DEPTH, splitFlow, type YamlValue } from './yaml.js';

function unquote(v: string): string {
  const t = v.trim();
  if (t.length >= 2 && (t[0] === '"' || t[0] === "'") && t.endsWith(t[0])) return t.slice(1, -1).replace(/\\"/g, '"').replace(/\\n/g, '\n');
  return t;
}

function value(raw: string, depth = 0): YamlValue {
  const v = raw.trim();
  if (depth >= MAX_FLOW_DEPTH) return unquote(v);
  if (v.startsWith('[') && v.endsWith(']')) return splitFlow(v.slice(1, -1)).map((item) => value(item, depth + 1));
  if (v.startsWith('{') && v.endsWith('}')) {
    const map: Record<string, YamlValue> = {};
    for (const part of splitFlow(v.slice(1, -1))) {
      const eq = part.indexOf('=');
      if (eq > 0) map[unquote(part.slice(0, eq)).toLowerCase()] = value(part.slice(eq + 1), depth + 1);
    }
    return map;
  }
  // A comment after a value that is not a string.
  if (!v.startsWith('"') && !v.startsWith("'")) {
    const hash = v.indexOf(' #');
    return unquote(hash < 0 ? v : v.slice(0, hash));
  }
  return unquote(v);
}

/** The top-level table of a TOML text (keys lower-cased). */
export function parseToml(src: string): Record<string, YamlValue> {
  const root: Record<string, YamlValue> = {};
  let table = root;
  const lines = src.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = (lines[i] ?? '').trim();
    if (line === '' || line.startsWith('#')) continue;
    // (A table name is short: longer lines are not looked at as headers.)
    const header = line.length < 200 ? /^\[\[?\s*([^\]]+?)\s*\]\]?$/.exec(line) : null;
    if (header) {
      const name = unquote(header[1] ?? '').toLowerCase();
      const next: Record<string, YamlValue> = {};
      const existing = root[name];
      if (line.startsWith('[[')) root[name] = [...(Array.isArray(existing) ? existing : []), next];
      else root[name] = next;
      table = next;
      continue;
    }
    const eq = line.indexOf('=');
    if (eq <= 0) continue;
    const key = unquote(line.slice(0, eq)).toLowerCase();
    let raw = line.slice(eq + 1).trim();
    // Multi-line strings and arrays continue to their closing delimiter.
    if (raw.startsWith('"""') || raw.startsWith("'''")) {
      // (Each line is checked on its own: testing the growing text would make this quadratic.)
      const q = raw.slice(0, 3);
      const parts = [raw.slice(3)];
      while (!(parts[parts.length - 1] as string).endsWith(q) && i + 1 < lines.length) parts.push(lines[++i] ?? '');
      const body = parts.join('\n');
      table[key] = (body.endsWith(q) ? body.slice(0, -3) : body).replace(/^\n/, '');
      continue;
    }
    if (raw.startsWith('[')) {
      const parts = [raw];
      while (!(parts[parts.length - 1] as string).endsWith(']') && i + 1 < lines.length) parts.push((lines[++i] ?? '').trim());
      raw = parts.join(' ');
    }
    table[key] = value(raw);
  }
  return root;
}
