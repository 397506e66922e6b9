// Metadata a Typst note states in code: `#set document(title: …, author: …, date: …)` and a
// template's `#show: name.with(…)` — title, subtitle, author(s) as strings, arrays of strings
// or of `(name: …)` dictionaries, date, abstract, keywords, and a letter template's sender,
// recipient, subject and signature name. Values are read as text, never as code.
import type { Inline, NoteMeta } from '../../tree.js';
import { inlineText } from '../../tree.js';
import { contentValue, lorem, matchBrackets, splitArgs, stringValue, type Arg } from './code.js';

type Found = Partial<NoteMeta> & { extra: NoteMeta['extra'] };

/** A value as lines of text (content split at `\` line breaks and newlines). */
function textLines(value: string, inline: (s: string) => Inline[]): string[] {
  const v = value.trim();
  const str = stringValue(v);
  if (str !== null) return str.split('\n').map((l) => l.trim()).filter((l) => l !== '');
  const content = contentValue(v);
  if (content !== null) {
    return inlineText(inline(content))
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l !== '');
  }
  const m = /^lorem\(\s*(\d{1,5})\s*\)$/.exec(v);
  if (m) return [lorem(Number.parseInt(m[1] ?? '0', 10))];
  return [];
}

function text(value: string, inline: (s: string) => Inline[]): string {
  return textLines(value, inline).join(' ');
}

/** Names in an author value: a string, content, an array of them, or dictionaries with `name:`. */
function names(value: string, inline: (s: string) => Inline[], depth = 0): string[] {
  const v = value.trim();
  if (!v.startsWith('(') || depth > 3) {
    const t = text(v, inline);
    return t ? [t] : [];
  }
  const match = matchBrackets(v);
  const close = match[0] ?? -1;
  if (close === -1) return [];
  const args = splitArgs(v, 0, close, match);
  const name = args.find((a) => a.name === 'name');
  if (name) return names(name.value, inline, depth + 1);
  return args.filter((a) => a.name === null).flatMap((a) => names(a.value, inline, depth + 1));
}

/** Each author dictionary's other fields (department, organization, location, email): shown with the title. */
function affiliations(value: string, inline: (s: string) => Inline[]): string[] {
  const v = value.trim();
  if (!v.startsWith('(')) return [];
  const match = matchBrackets(v);
  const close = match[0] ?? -1;
  if (close === -1) return [];
  const out: string[] = [];
  for (const a of splitArgs(v, 0, close, match)) {
    const d = a.value.trim();
    if (a.name !== null || !d.startsWith('(')) continue;
    const m = matchBrackets(d);
    const fields = splitArgs(d, 0, m[0] ?? d.length - 1, m);
    const name = fields.find((f) => f.name === 'name');
    const rest = fields.filter((f) => f.name !== null && f.name !== 'name' && f.name !== 'url').map((f) => text(f.value, inline)).filter((t) => t !== '');
    if (name && rest.length) out.push(`${text(name.value, inline)}: ${rest.join(', ')}`);
  }
  return out;
}

/** `(a, b, c)` or a single value as texts. */
function list(value: string, inline: (s: string) => Inline[]): string[] {
  return names(value, inline);
}

export function metaFromArgs(args: Arg[], inline: (s: string) => Inline[]): Found {
  const found: Found = { extra: [] };
  for (const arg of args) {
    if (arg.name === null) continue;
    const key = arg.name.toLowerCase();
    switch (key) {
      case 'title':
        found.title = text(arg.value, inline) || undefined;
        break;
      case 'subtitle':
        found.subtitle = text(arg.value, inline) || undefined;
        break;
      case 'author':
      case 'authors': {
        const all = names(arg.value, inline);
        if (all.length) {
          found.authors = all;
          found.author = all[0];
        }
        for (const a of affiliations(arg.value, inline)) found.extra.push({ key: 'Affiliation', value: a });
        break;
      }
      case 'date': {
        const d = text(arg.value, inline);
        if (d) found.date = d;
        break;
      }
      case 'abstract': {
        const v = arg.value.trim();
        const content = contentValue(v);
        found.abstract = content !== null ? content.trim() : text(v, inline) || undefined;
        break;
      }
      case 'subject':
        found.subject = text(arg.value, inline) || undefined;
        break;
      case 'sender':
      case 'from': {
        const lines = textLines(arg.value, inline);
        if (lines.length) found.returnAddress = lines;
        break;
      }
      case 'recipient':
      case 'to': {
        const lines = textLines(arg.value, inline);
        if (lines.length) found.address = lines;
        break;
      }
      case 'name':
      case 'signature': {
        const lines = textLines(arg.value, inline);
        if (lines.length) found.signature = lines;
        break;
      }
      case 'keywords':
      case 'index-terms': {
        const words = list(arg.value, inline);
        if (words.length) found.extra.push({ key: 'Keywords', value: words.join(', ') });
        break;
      }
      case 'dedication':
      case 'publishing-info':
      case 'affiliation':
      case 'institution':
      case 'course':
      case 'venue': {
        const t = textLines(arg.value, inline).join(', ');
        if (t) found.extra.push({ key: key.charAt(0).toUpperCase() + key.slice(1).replace(/-/g, ' '), value: t });
        break;
      }
      default:
        break;
    }
  }
  return found;
}
