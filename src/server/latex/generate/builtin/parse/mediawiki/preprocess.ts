// What wikitext holds besides the text, taken out before the lines are read: comments,
// behaviour switches (__TOC__), and templates ({{…}}, nested, possibly over many lines) — a
// template gives its last plain argument ({{lang|fr|bonjour}} → bonjour) or nothing (an
// infobox, {{cite web|url=…}}, {{reflist}}). One pass pairs the braces; unclosed ones stay text.

/** Maximal closed `{{ … }}` ranges, outermost only, in order. */
function templateRanges(src: string): Array<[number, number]> {
  const opens: number[] = [];
  const closed: Array<[number, number]> = [];
  let i = src.indexOf('{{');
  let j = src.indexOf('}}');
  while (i >= 0 || j >= 0) {
    if (i >= 0 && (j < 0 || i < j)) {
      opens.push(i);
      i = src.indexOf('{{', i + 2);
      continue;
    }
    const start = opens.pop();
    const end = j + 2;
    if (start !== undefined) {
      // Ranges closed inside this one are part of it.
      while (closed.length && (closed[closed.length - 1] as [number, number])[0] > start) closed.pop();
      closed.push([start, end]);
    }
    j = src.indexOf('}}', end);
    if (i >= 0 && i < end) i = src.indexOf('{{', end);
  }
  return closed;
}

/** The last argument of a template's text (`name|a|b`), outside nested links and templates. */
function lastArgument(inner: string): string {
  let depth = 0;
  let bar = -1;
  for (let k = 0; k < inner.length; k++) {
    const c = inner[k];
    const next = inner[k + 1];
    if ((c === '{' && next === '{') || (c === '[' && next === '[')) {
      depth++;
      k++;
    } else if ((c === '}' && next === '}') || (c === ']' && next === ']')) {
      depth = Math.max(0, depth - 1);
      k++;
    } else if (c === '|' && depth === 0) bar = k;
  }
  if (bar < 0) return '';
  const arg = inner.slice(bar + 1).trim();
  // A named argument (key=value) or a block of many lines is no phrase of the sentence.
  if (arg.includes('=') || arg.includes('\n') || arg.includes('{{')) return '';
  return arg;
}

function withoutComments(src: string): string {
  let out = '';
  let from = 0;
  for (let at = src.indexOf('<!--'); at >= 0; at = src.indexOf('<!--', from)) {
    const end = src.indexOf('-->', at + 4);
    out += src.slice(from, at);
    from = end < 0 ? src.length : end + 3;
  }
  return out + src.slice(from);
}

const SWITCHES = /__(?:NOTOC|TOC|FORCETOC|NOEDITSECTION|NEWSECTIONLINK|NOGALLERY|NOTITLECONVERT|NOCC|NOINDEX|INDEX|STATICREDIRECT)__/g;

export function preprocessWikitext(src: string): string {
  const text = withoutComments(src).replace(SWITCHES, '');
  const ranges = templateRanges(text);
  if (!ranges.length) return text;
  let out = '';
  let from = 0;
  for (const [start, end] of ranges) {
    out += text.slice(from, start) + lastArgument(text.slice(start + 2, end - 2));
    from = end;
  }
  return out + text.slice(from);
}
