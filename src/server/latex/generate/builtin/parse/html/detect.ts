// Whether a note is HTML: a document (<!DOCTYPE, <html, <?xml … <html) or a fragment whose
// non-blank lines mostly start with a tag, at least one of them a block element's. A Markdown
// note with a few inline tags or a centred <p> banner stays Markdown: most of its lines are text
// and Markdown markup. One pass over the lines, only their first characters read.

const BLOCK_TAGS = new Set([
  'html', 'head', 'body', 'meta', 'title', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'div', 'ul', 'ol', 'li', 'dl', 'dt', 'dd',
  'table', 'thead', 'tbody', 'tr', 'td', 'th', 'blockquote', 'pre', 'section', 'article', 'main', 'header', 'footer', 'nav',
  'aside', 'figure', 'figcaption', 'hr', 'br', 'style', 'link', 'form', 'center', 'caption',
]);
const OTHER_TAGS = new Set(['span', 'b', 'strong', 'i', 'em', 'u', 'a', 'img', 'code', 'font', 'script', 'sup', 'sub', 's', 'del', 'kbd', 'input', 'label', 'small', 'big', 'tt', 'noscript', 'svg', 'colgroup', 'col']);
/** The share of non-blank lines that must start with a tag. */
const MIN_SHARE = 0.6;
const MAX_LINES = 5000;

/** The tag name a line starts with (`<p …`, `</div>`), lower case, or ''. */
function leadingTag(line: string, at: number): string {
  if (line[at] !== '<') return '';
  let i = at + 1;
  if (line[i] === '/') i++;
  const start = i;
  while (i < line.length && i - start < 12) {
    const c = line.charCodeAt(i);
    if (!((c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57))) break;
    i++;
  }
  const end = line[i];
  if (i === start || (end !== '>' && end !== ' ' && end !== '/' && end !== undefined)) return '';
  return line.slice(start, i).toLowerCase();
}

function startsAsDocument(src: string): boolean {
  let i = 0;
  while (i < src.length && (src[i] === ' ' || src[i] === '\n')) i++;
  const head = src.slice(i, i + 200).toLowerCase();
  if (head.startsWith('<!doctype html') || head.startsWith('<html')) return true;
  return head.startsWith('<?xml') && head.includes('<html');
}

/** A Markdown heading, fence, list item or quote at `at`. */
function isMarkdownLine(src: string, at: number): boolean {
  const c = src[at];
  if (c === '#') {
    let k = at;
    while (src[k] === '#' && k - at < 7) k++;
    return k - at <= 6 && src[k] === ' ';
  }
  if (c === '`' || c === '~') return src.startsWith(c.repeat(3), at);
  return (c === '-' || c === '*' || c === '+' || c === '>') && src[at + 1] === ' ';
}

export function looksLikeHtml(src: string): boolean {
  if (!src.includes('<')) return false;
  if (startsAsDocument(src)) return true;
  let nonBlank = 0;
  let tagged = 0;
  let block = false;
  let markdown = 0;
  let from = 0;
  for (let n = 0; n < MAX_LINES && from <= src.length; n++) {
    let end = src.indexOf('\n', from);
    if (end < 0) end = src.length;
    let at = from;
    while (at < end && (src[at] === ' ' || src[at] === '\t')) at++;
    if (at < end) {
      nonBlank++;
      const name = leadingTag(src.slice(at, Math.min(end, at + 16)), 0);
      if (BLOCK_TAGS.has(name)) {
        tagged++;
        block = true;
      } else if (OTHER_TAGS.has(name) || src.startsWith('<!--', at)) tagged++;
      // A README of HTML banners around Markdown sections is Markdown.
      else if (isMarkdownLine(src, at) && ++markdown >= 2) return false;
      // Early out: too many text lines already for the share to be reached.
      else if (nonBlank >= 20 && tagged < nonBlank * 0.3) return false;
    }
    from = end + 1;
  }
  return block && tagged >= nonBlank * MIN_SHARE;
}
