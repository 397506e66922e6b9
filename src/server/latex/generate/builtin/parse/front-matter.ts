// YAML front matter (pandoc style) and a leading `title:` line: document metadata the note
// states itself. A tiny YAML subset is enough for notes: scalars, lists and block scalars.
import type { NoteMeta } from '../tree.js';

// Layout settings of pandoc templates: not words of the note, so they are not printed.
const LAYOUT_KEYS = new Set([
  'fontfamily', 'fontsize', 'geometry', 'colorlinks', 'links-as-notes', 'blockquote', 'documentclass',
  'classoption', 'header-includes', 'mainfont', 'sansfont', 'monofont', 'papersize', 'linestretch',
  'signature-before', 'signature-after', 'closing-indentation', 'letterhead', 'signature', 'output',
  'lang', 'toc', 'numbersections', 'theme', 'colortheme', 'aspectratio', 'layout', 'marp', 'paginate',
  'class', 'style', 'tags', 'aliases', 'cssclass', 'cssclasses', 'draft', 'slug', 'permalink',
  'template', 'fontfamilyoptions', 'indent', 'urlcolor', 'linkcolor', 'bibliography', 'csl',
  'transition', 'background', 'backgroundcolor', 'controls', 'progress', 'center', 'slidenumber',
  'revealjs-url', 'highlight-style', 'header', 'footer', 'size', 'math', 'backgroundimage',
]);

type Yaml = Record<string, string | string[]>;

function unquote(v: string): string {
  const t = v.trim();
  if ((t.startsWith('"') && t.endsWith('"')) || (t.startsWith("'") && t.endsWith("'"))) return t.slice(1, -1);
  return t;
}

function parseYaml(src: string): Yaml {
  const out: Yaml = {};
  const lines = src.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const m = /^([A-Za-z][\w-]*)\s*:\s*(.*)$/.exec(lines[i] ?? '');
    if (!m) continue;
    const key = (m[1] ?? '').toLowerCase();
    const value = (m[2] ?? '').trim();
    if (value === '|' || value === '>' || value === '|-' || value === '>-') {
      const block: string[] = [];
      while (i + 1 < lines.length && /^(\s+\S|\s*$)/.test(lines[i + 1] ?? '')) block.push((lines[++i] ?? '').trim());
      out[key] = block.join(value.startsWith('|') ? '\n' : ' ').trim();
    } else if (value === '') {
      const items: string[] = [];
      while (i + 1 < lines.length && /^\s*-\s+/.test(lines[i + 1] ?? '')) items.push(unquote((lines[++i] ?? '').replace(/^\s*-\s+/, '')));
      out[key] = items;
    } else if (value.startsWith('[') && value.endsWith(']')) {
      out[key] = value.slice(1, -1).split(',').map(unquote).filter((x) => x !== '');
    } else {
      out[key] = unquote(value);
    }
  }
  return out;
}

function asText(v: string | string[] | undefined): string | undefined {
  if (v === undefined) return undefined;
  const s = Array.isArray(v) ? v.join(', ') : v;
  return s.trim() === '' ? undefined : s;
}

function asLines(v: string | string[] | undefined): string[] | undefined {
  if (v === undefined) return undefined;
  const lines = Array.isArray(v) ? v : v.split('\n');
  const clean = lines.map((l) => l.trim()).filter((l) => l !== '');
  return clean.length ? clean : undefined;
}

/** Splits off YAML front matter and a leading `title:` line. */
export function extractFrontMatter(src: string): { meta: NoteMeta; body: string } {
  const meta: NoteMeta = { extra: [] };
  let body = src;
  const fm = /^---[ \t]*\n([\s\S]*?)\n(?:---|\.\.\.)[ \t]*(?:\n|$)/.exec(src);
  if (fm && /^[A-Za-z][\w-]*\s*:/m.test(fm[1] ?? '')) {
    const y = parseYaml(fm[1] ?? '');
    body = src.slice(fm[0].length);
    meta.title = asText(y['title']);
    const subtitle = asText(y['subtitle']);
    if (meta.title && subtitle) meta.title = `${meta.title}: ${subtitle}`;
    const author = y['author'];
    meta.author = asText(author);
    meta.date = asText(y['date']);
    meta.opening = asText(y['opening']);
    meta.closing = asText(y['closing']);
    meta.address = asLines(y['address'] ?? y['to']);
    meta.returnAddress = asLines(y['return-address'] ?? y['from']);
    if (Array.isArray(author) && author.length > 1 && !meta.returnAddress) meta.returnAddress = author.slice(1);
    if (Array.isArray(author) && author.length > 0) meta.author = author[0];
    const used = new Set(['title', 'subtitle', 'author', 'date', 'opening', 'closing', 'address', 'to', 'return-address', 'from']);
    for (const [key, value] of Object.entries(y)) {
      if (used.has(key) || LAYOUT_KEYS.has(key)) continue;
      const text = asText(value);
      if (text) meta.extra.push({ key, value: text });
    }
    return { meta, body };
  }
  // A `title:` line among the first lines of the note.
  const lines = body.split('\n');
  for (let i = 0; i < Math.min(lines.length, 5); i++) {
    const m = /^\s*title\s*:\s*(.+)$/i.exec(lines[i] ?? '');
    if (m) {
      meta.title = (m[1] ?? '').trim();
      lines.splice(i, 1);
      body = lines.join('\n');
      break;
    }
    if ((lines[i] ?? '').trim() !== '' && !/^\s*[A-Za-z-]+\s*:/.test(lines[i] ?? '')) break;
  }
  return { meta, body };
}
