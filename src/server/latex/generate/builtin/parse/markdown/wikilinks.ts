// What Obsidian and Logseq add to Markdown text, as a reader of the exported page sees it:
// `[[Page]]` and `[[Page|shown text]]` wikilinks become their text, `![[image.png]]` embeds an
// image placeholder and `![[Note]]` names the embedded note, `%%comments%%` disappear,
// `==highlights==` are bold, and `((block references))` show their id. Applied to text nodes
// (never code); one left-to-right pass with indexOf: linear on any input.
import type { Inline } from '../../tree.js';
import { imageInline } from '../common/media.js';
import { Finders } from '../common/scan.js';

const IMAGE_EXT = /\.(png|jpe?g|gif|svg|webp|bmp|tiff?|pdf|eps)$/i;
const MAX_TARGET = 300;

/** The text a wikilink shows: its alias, or the page (and heading) it names. */
function wikiText(inner: string): string {
  const bar = inner.indexOf('|');
  if (bar !== -1 && inner.slice(bar + 1).trim() !== '') return inner.slice(bar + 1).trim();
  const target = (bar === -1 ? inner : inner.slice(0, bar)).trim();
  const hash = target.indexOf('#');
  if (hash === -1) return target;
  const page = target.slice(0, hash).trim();
  const heading = target.slice(hash + 1).replace(/^\^/, '').trim();
  // `#^block-id` points at a block: the page is what a reader can look up.
  if (target[hash + 1] === '^') return page || heading;
  return page ? `${page}: ${heading}` : heading;
}

function hasMarkup(s: string): boolean {
  return s.includes('[[') || s.includes('%%') || s.includes('==') || s.includes('((');
}

/** Inline nodes for a text node's value with the Obsidian/Logseq markup mapped. */
export function wikiInlines(value: string): Inline[] {
  if (!hasMarkup(value)) return [{ kind: 'text', value }];
  const out: Inline[] = [];
  // Closing markers through memoized searches: many openers without a closer cost one pass.
  const finders = new Finders(value);
  const lineEnd = (from: number): number => {
    const at = finders.get('nl', '\n').next(from);
    return at === -1 ? value.length : at;
  };
  let buf = '';
  let i = 0;
  const flush = (): void => {
    if (buf !== '') out.push({ kind: 'text', value: buf });
    buf = '';
  };
  while (i < value.length) {
    const ch = value[i];
    // (Not an index in code: df[["Age", "Fare"]], lst[[1]], a JSON array [["a", 1]].)
    if (ch === '[' && value[i + 1] === '[' && !/[\w)\]]/.test(value[i - 1] ?? '') && !/["'\d]/.test(value[i + 2] ?? '')) {
      const close = finders.get(']]', ']]').next(i + 2);
      if (close !== -1 && close - i <= MAX_TARGET && close < lineEnd(i)) {
        const inner = value.slice(i + 2, close);
        const embed = value[i - 1] === '!';
        if (embed) buf = buf.slice(0, -1);
        const target = inner.split('|')[0]?.trim() ?? '';
        if (embed && IMAGE_EXT.test(target)) {
          flush();
          out.push(imageInline(target, ''));
        } else if (embed) {
          flush();
          out.push({ kind: 'emph', children: [{ kind: 'text', value: wikiText(inner) }] });
        } else buf += wikiText(inner);
        i = close + 2;
        continue;
      }
    }
    if (ch === '%' && value[i + 1] === '%') {
      const close = finders.get('%%', '%%').next(i + 2);
      if (close !== -1) {
        i = close + 2;
        continue;
      }
    }
    if (ch === '=' && value[i + 1] === '=' && value[i + 2] !== undefined && !/[\s=]/.test(value[i + 2] ?? '')) {
      const close = finders.get('==', '==', (t, at) => !/\s/.test(t[at - 1] ?? '')).next(i + 2);
      if (close !== -1 && close < lineEnd(i)) {
        flush();
        out.push({ kind: 'strong', children: [{ kind: 'text', value: value.slice(i + 2, close) }] });
        i = close + 2;
        continue;
      }
    }
    if (ch === '(' && value[i + 1] === '(') {
      const close = finders.get('))', '))').next(i + 2);
      // Logseq block references are UUIDs.
      if (close !== -1 && close - i === 38 && /^[0-9a-f-]{36}$/.test(value.slice(i + 2, close))) {
        i = close + 2;
        continue;
      }
    }
    buf += ch;
    i++;
  }
  flush();
  return out;
}
