// HTML in markdown notes: its text, with character references decoded.
import { characterEntities } from 'character-entities';
import { htmlTagNames } from 'html-tag-names';

/**
 * Character references decoded in one forward pass: every named reference HTML knows (from the
 * character-entities package), decimal and hexadecimal ones; anything else stays as written.
 */
export function decodeEntities(s: string): string {
  let amp = s.indexOf('&');
  if (amp < 0) return s;
  let out = '';
  let from = 0;
  // One `;` serves every `&` before it, so a run of `&` without one is not rescanned.
  let semi = -1;
  for (; amp >= 0; amp = s.indexOf('&', amp + 1)) {
    if (semi <= amp) semi = s.indexOf(';', amp + 1);
    if (semi < 0) break;
    if (semi - amp > 33) continue;
    const value = referenceValue(s.slice(amp + 1, semi));
    if (value === null) continue;
    out += s.slice(from, amp) + value;
    from = semi + 1;
    amp = semi;
  }
  return out + s.slice(from);
}

/** The text of `&name;` (name without `&` and `;`), or null when it is no reference. */
function referenceValue(name: string): string | null {
  if (name.startsWith('#')) {
    const hex = name[1] === 'x' || name[1] === 'X';
    const digits = name.slice(hex ? 2 : 1);
    if (digits === '' || !(hex ? /^[0-9a-f]+$/i : /^[0-9]+$/).test(digits)) return null;
    return safeFromCodePoint(parseInt(digits, hex ? 16 : 10));
  }
  return Object.prototype.hasOwnProperty.call(characterEntities, name) ? (characterEntities[name] ?? null) : null;
}

function safeFromCodePoint(cp: number): string {
  return Number.isInteger(cp) && cp > 0 && cp <= 0x10ffff ? String.fromCodePoint(cp) : '';
}

/**
 * Every `<tag …>` and `</tag>` → a space (the first `>` after a tag name ends it). A bare name HTML
 * does not know (`<hash>`, `<branch-name>`, `List<T>`) is a placeholder the person typed and stays
 * as written; an unknown name with attributes or a self-closing slash (`<path d="…"/>`) is markup.
 */
function stripTags(s: string): string {
  let out = '';
  let from = 0;
  let gt = -1;
  let closed: ReadonlySet<string> | undefined;
  for (let i = s.indexOf('<'); i >= 0; i = s.indexOf('<', Math.max(i + 1, from))) {
    const name = s[i + 1] === '/' ? i + 2 : i + 1;
    if (!/[A-Za-z]/.test(s[name] ?? '')) continue;
    // One `>` serves every `<` before it, so a run of unclosed tags is not rescanned.
    if (gt <= name) gt = s.indexOf('>', name + 1);
    if (gt < 0) break;
    closed ??= closingTags(s);
    if (isPlaceholder(s, name, gt, closed)) continue;
    out += `${s.slice(from, i)} `;
    from = gt + 1;
  }
  return out + s.slice(from);
}

const HTML_TAGS = new Set(htmlTagNames);

/** The names of the closing tags in `s` (one pass): an element opened and closed is markup. */
function closingTags(s: string): ReadonlySet<string> {
  return new Set(Array.from(s.matchAll(/<\/([A-Za-z][\w-]{0,39})>/g), (m) => m[1] as string));
}

/** Whether the tag whose name starts at `name` and which ends at `gt` is a placeholder, not markup. */
function isPlaceholder(s: string, name: number, gt: number, closed: ReadonlySet<string>): boolean {
  let end = name;
  while (end < gt && end - name < 40 && /[A-Za-z0-9_-]/.test(s[end] as string)) end++;
  const tag = s.slice(name, end);
  if (HTML_TAGS.has(tag.toLowerCase())) return false;
  // Only the tag's own text is read (a tag longer than a placeholder is markup).
  if (gt - name > 80) return false;
  const rest = s.slice(end, gt);
  // A component of JSX or MDX is markup: a name in humps ("<IllustrationBlock>"), or one opened and closed here.
  return !/^\p{Lu}\p{Ll}+\p{Lu}/u.test(tag) && !closed.has(tag) && !rest.includes('=') && !rest.endsWith('/');
}

/**
 * Without <style> and <script> elements: a stylesheet or a script in a note (Slidev's per-slide
 * styles, an embedded widget) is code for the browser, not text. Each element ends at its
 * closing tag; one without a closing tag runs to the end.
 */
function dropElements(html: string, names: readonly string[]): string {
  const lower = html.toLowerCase();
  if (!names.some((n) => lower.includes(`<${n}`))) return html;
  let out = '';
  let from = 0;
  for (let i = lower.indexOf('<', from); i >= 0; i = lower.indexOf('<', Math.max(i + 1, from))) {
    const name = names.find((n) => lower.startsWith(n, i + 1) && /[\s>/]/.test(lower[i + 1 + n.length] ?? ''));
    if (!name) continue;
    const close = lower.indexOf(`</${name}`, i);
    const end = close < 0 ? html.length : lower.indexOf('>', close) < 0 ? html.length : lower.indexOf('>', close) + 1;
    out += `${html.slice(from, i)} `;
    from = end;
  }
  return out + html.slice(from);
}

/** The value of attribute `name` in a tag's attribute text (`a="x"`, `a='x'`, JSX `a={"x"}`, `a=x`), or null. */
export function tagAttribute(attrs: string, name: string): string | null {
  const re = new RegExp(`(?:^|\\s)${name}\\s*=\\s*(?:"([^"]{0,2000})"|'([^']{0,2000})'|\\{\\s*["'\`]([^"'\`]{0,2000})["'\`]\\s*\\}|([^\\s"'>{}]{1,2000}))`, 'i');
  const m = re.exec(attrs);
  return m ? decodeEntities(m[1] ?? m[2] ?? m[3] ?? m[4] ?? '') : null;
}

/**
 * Whether an image element is decoration, as HTML marks it: an empty `alt=""`, `aria-hidden`, or
 * `role="presentation"`. A reader is shown nothing for it (a page's spacers, arrows, dividers).
 */
export function isDecorativeImage(attrs: string): boolean {
  const alt = tagAttribute(attrs, 'alt');
  const hidden = /(?:^|\s)aria-hidden(?=[\s=/>]|$)/i.test(attrs) ? (tagAttribute(attrs, 'aria-hidden') ?? '') : null;
  const role = (tagAttribute(attrs, 'role') ?? '').trim().toLowerCase();
  return (alt !== null && alt.trim() === '') || (hidden !== null && hidden.trim().toLowerCase() !== 'false') || role === 'presentation' || role === 'none';
}

/**
 * An image element as Markdown: `<img src alt>`, and the figures of MDX and JSX components
 * (`<Illustration src=… alt=… caption=…/>`): what the reader of the page sees is the picture with
 * its caption, so its placeholder keeps the alternative text and the caption. '' for a tag that
 * is no image.
 */
export function imageTagMarkdown(name: string, attrs: string): string {
  const image = imageTagParts(name, attrs);
  if (!image || image.decorative) return '';
  const target = image.src.replace(/[\s()<>]/g, encodeURIComponent);
  const title = image.caption && image.caption !== image.alt ? ` "${image.caption.replace(/"/g, "'")}"` : '';
  return `![${image.alt || image.caption}](${target || 'image'}${title})`;
}

/** The source, alternative text and caption of an image element (see imageTagMarkdown), or null. */
export function imageTagParts(name: string, attrs: string): { src: string; alt: string; caption: string; decorative: boolean } | null {
  const clean = (t: string | null): string => (t ?? '').replace(/\s+/g, ' ').replace(/[[\]]/g, '').trim();
  const src = (tagAttribute(attrs, 'src') ?? '').trim();
  const alt = clean(tagAttribute(attrs, 'alt'));
  const caption = clean(tagAttribute(attrs, 'caption') ?? tagAttribute(attrs, 'title'));
  if (name.toLowerCase() !== 'img' && !(/^[A-Z]/.test(name) && (src !== '' || alt !== '' || caption !== ''))) return null;
  return { src, alt, caption, decorative: isDecorativeImage(attrs) };
}

/** An image element (or a JSX component with a picture's attributes). */
export const IMAGE_TAG = /<(img|[A-Z][\w.]{0,40})\b([^<>]{0,2000}?)\/?>/g;

/** Markdown of one picture (imageTagMarkdown's output): `![alt](target "caption")`. */
const LINKED_IMAGE = /^!\[[^\][\n]{0,2000}\]\([^()\s]{1,4000}(?: "[^"\n]{0,2000}")?\)$/;

/** Inline elements whose meaning Markdown has: links, bold, italics, images. */
function inlineElementsToMarkdown(html: string): string {
  if (!html.includes('<')) return html;
  return html
    .replace(IMAGE_TAG, (whole, name: string, attrs: string) => imageTagMarkdown(name, attrs) || whole)
    .replace(/<a\b([^<>]{0,2000})>([^<]{1,500})<\/a>/gi, (whole, attrs: string, text: string) => {
      const href = tagAttribute(attrs, 'href');
      // A linked picture (`<a href><img></a>`, a logo, a badge) stays a picture, with its link.
      const label = LINKED_IMAGE.test(text.trim()) ? text.trim() : text.replace(/[[\]]/g, '');
      return href && text.trim() !== '' ? `[${label}](${href.replace(/[\s()<>]/g, encodeURIComponent)})` : text;
    })
    .replace(/<(strong|b)>([^<\n]{1,500})<\/\1>/gi, (_w, _t, text: string) => (text.trim() === text ? `**${text}**` : text))
    .replace(/<(em|i)>([^<\n]{1,500})<\/\1>/gi, (_w, _t, text: string) => (text.trim() === text ? `*${text}*` : text));
}

/** HTML → its text: tags dropped, <br> kept as line breaks, comments, styles and scripts removed. */
export function htmlToText(html: string): string {
  return decodeEntities(
    stripTags(
      inlineElementsToMarkdown(
        dropElements(html, ['style', 'script'])
          .replace(/<!--[\s\S]*?(-->|$)/g, '')
          .replace(/<br\s*\/?>/gi, '\n')
          .replace(/<\/(p|div|li|tr|h[1-6])>/gi, '\n'),
      ),
    ),
  );
}
