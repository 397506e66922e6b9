// Lines of Markdown dialects that steer a tool and say nothing, read before parsing (one pass
// over the lines, fenced code tracked):
// - knitr/Quarto chunks: `include=FALSE` / `echo=FALSE` (or `#| include: false`) hide the chunk,
//   `#|` option lines go, ```{r label} is R code; ```{=tex} raw blocks are their LaTeX;
//   MyST's ```{code-cell} loses its `:tags:` options;
// - pandoc's incremental pause `. . .` and Slidev's slot markers `::left::` / `::right::`;
// - kramdown's attribute lists (`{: .no_toc}`, `{:toc}` with the `* TOC` line it replaces,
//   `{::comment}` … `{:/comment}`, span IALs `**x**{: .red}`);
// - MDX: `{/* comments */}` and `import … from '…'` lines;
// - pandoc's raw LaTeX for the page's look (`\large`, `\vspace*{2em}`, `\pagestyle{empty}`,
//   `\begin{flushright}` lines): dropped, their text kept.
import { mapOutsideCode } from '../code-ranges.js';

const FENCE = /^([ \t]*)(`{3,}|~{3,})[ \t]*(.*)$/;

/** A chunk header's options hide it: `include=FALSE`, `echo=FALSE` (`F`), `eval=FALSE` with `echo=FALSE`. */
function hidesChunk(info: string): boolean {
  return /\b(?:include|echo)\s*=\s*(?:FALSE|F|false)\b/.test(info);
}

/** The language of a knitr/Quarto/MyST fence info (`{r setup, include=FALSE}` → r), or null when it is none of theirs. */
function chunkLanguage(info: string): string | null {
  const m = /^\{\s*([A-Za-z][\w+-]{0,30}|=[a-z]{1,10})?(?:[\s,}][^\n]*)?$/.exec(info);
  if (!m || !info.includes('}')) return null;
  const lang = m[1] ?? '';
  if (lang === 'code-cell' || lang === 'code-block' || lang === 'code') return /\}\s*([\w+-]{1,30})/.exec(info)?.[1] ?? '';
  // Other braces name a MyST directive (```{warning}: a callout, callouts.ts) unless they name an engine.
  return lang.startsWith('=') || ENGINES.has(lang.toLowerCase()) ? lang : null;
}

/** knitr's and Quarto's code engines. */
const ENGINES = new Set([
  'r', 'python', 'julia', 'bash', 'sh', 'zsh', 'sql', 'ojs', 'mermaid', 'dot', 'stan', 'rcpp', 'c', 'cpp', 'js', 'javascript',
  'node', 'ruby', 'perl', 'octave', 'matlab', 'sas', 'stata', 'scala', 'rust', 'go', 'haskell', 'powershell', 'tikz', 'ipython', 'ipython3',
]);

const QUARTO_OPTION = /^[ \t]*#\|[ \t]*([\w-]+)[ \t]*:[ \t]*(.*)$/;
const MYST_OPTION = /^[ \t]*:[\w-]{1,30}:(?:[ \t]|$)/;

/** The body of a chunk without its option lines; null when an option hides the chunk. */
function chunkBody(body: string[]): string[] | null {
  let k = 0;
  while (k < body.length) {
    const line = body[k] as string;
    const q = QUARTO_OPTION.exec(line);
    if (q) {
      if ((q[1] === 'include' || q[1] === 'echo') && /^false\b/i.test(q[2] ?? '')) return null;
      k++;
    } else if (MYST_OPTION.test(line)) k++;
    else break;
  }
  return body.slice(k);
}

/** Size switches and page layout commands a Markdown note may carry as raw LaTeX. */
const SIZE = /\\(?:tiny|scriptsize|footnotesize|small|normalsize|large|Large|LARGE|huge|Huge)(?![A-Za-z])[ \t]*/g;
const LAYOUT_LINE = /^[ \t]*(?:\\(?:newpage|clearpage|pagebreak|cleardoublepage|noindent|centering|raggedright|raggedleft|hfill|vfill|bigskip|medskip|smallskip|maketitle|tableofcontents|par)|\\(?:this)?pagestyle\{[a-z]{1,20}\}|\\[vh]space\*?\{[^{}\n]{1,30}\}|\\(?:begin|end)\{(?:center|flushleft|flushright|minipage|multicols)\}(?:\{[^{}\n]{0,30}\}|\[[^\]\n]{0,30}\])*)(?:[ \t]*\\\\)?[ \t]*(?:%.*)?$/;

/** Inline raw LaTeX that only changes the look: size switches (`{\large Title}` → Title). */
function dropLookCommands(text: string): string {
  if (!text.includes('\\')) return text;
  return text.replace(/\{(\\(?:tiny|scriptsize|footnotesize|small|normalsize|large|Large|LARGE|huge|Huge))[ \t]+([^{}\n]{0,300})\}/g, '$2').replace(SIZE, '');
}

/** kramdown's inline attribute lists and extensions (`{: .red}`, `{:toc}`, `{::nomarkdown}`, `{:/}`). */
const IAL = /(?<!\\)\{::?[a-zA-Z/][^{}\n]{0,100}\}|(?<!\\)\{:[ \t]*[.#][^{}\n]{0,100}\}|(?<!\\)\{:\/\}/g;

// MDX comments, from `{/*` to the next `*/}` (an unclosed one stays).
function dropMdxComments(text: string): string {
  let open = text.indexOf('{/*');
  if (open < 0) return text;
  let out = '';
  let from = 0;
  while (open >= 0) {
    const close = text.indexOf('*/}', open + 3);
    if (close < 0) break;
    out += text.slice(from, open).replace(/[ \t]+$/, '');
    from = close + 3;
    open = text.indexOf('{/*', from);
  }
  return out + text.slice(from);
}

const MDX_IMPORT = /^(?:import[ \t]+[\w{}*,$ \t]{1,200}[ \t]+from[ \t]+['"][^'"\n]{1,200}['"];?|export[ \t]+(?:const|default|function)[ \t][^\n]{0,300})[ \t]*$/;
const TOC_ITEM = /^[ \t]*(?:[-*+]|1\.)[ \t]+(?:TOC|Table of Contents|Contents|toc)[ \t]*$/;

/** Stands for a `|` inside a formula in a table row until the row is split into cells (index.ts puts it back). */
export const MATH_PIPE = '\uE000';

/** The cells of a pipe-table row: its `|` outside backslash escapes, less the outer ones. */
function cellCount(row: string): number {
  const t = row.trim().replace(/^\|/, '').replace(/(?<!\\)\|$/, '');
  return t.split(/(?<!\\)\|/).length;
}

/**
 * A table row whose `|` inside `$…$` would split a formula into cells (`| 0 $|-$ 2 | 4 |`): those
 * pipes are kept for the formula, but only where that gives the row as many cells as the table
 * has columns (a row of prices `| $5 | $10 |` splits as written).
 */
function protectMathPipes(row: string, columns: number): string {
  if (!row.includes('$') || cellCount(row) <= columns) return row;
  const guarded = row.replace(/(?<!\$)\$(?!\$)([^$\n]{1,300}?)\$(?!\$)/g, (_w, tex: string) => `$${tex.replace(/\\?\|/g, MATH_PIPE)}$`);
  return cellCount(guarded) === columns ? guarded : row;
}

const DELIMITER_ROW = /^\|?[ \t]*:?-{2,}:?[ \t]*(?:\|[ \t]*:?-{2,}:?[ \t]*)+\|?$/;

/** Lines outside fences, read as the tools read them. */
function textLines(chunk: string): string {
  const lines = chunk.split('\n');
  const out: string[] = [];
  let comment = false;
  // The columns of the pipe table the lines are in (0: none).
  let columns = 0;
  for (const raw of lines) {
    const t = raw.trim();
    if (t === '') columns = 0;
    else if (DELIMITER_ROW.test(t)) columns = cellCount(t);
    const line = columns > 0 && t.startsWith('|') ? protectMathPipes(raw, columns) : raw;
    if (comment) {
      if (t.includes('{:/comment}') || t.includes('{:/}')) comment = false;
      continue;
    }
    if (t.startsWith('{::comment}')) {
      comment = !t.includes('{:/comment}');
      continue;
    }
    if (t === '. . .' || /^::[A-Za-z][\w-]{0,30}::$/.test(t) || MDX_IMPORT.test(t) || LAYOUT_LINE.test(line)) {
      out.push('');
      continue;
    }
    if (/^\{:[^{}\n]{0,100}\}$/.test(t) || /^\{::[a-z]+[^{}\n]{0,100}\/\}$/.test(t)) {
      // `{:toc}` replaces the list item above it with a table of contents: neither prints.
      if (/^\{:\s*toc\s*\}$/.test(t) && TOC_ITEM.test(out[out.length - 1] ?? '')) out.pop();
      continue;
    }
    out.push(dropLookCommands(line.includes('{:') ? line.replace(IAL, '') : line));
  }
  return out.join('\n');
}

/** Fenced chunks rewritten: hidden ones dropped, options gone, raw TeX unwrapped. */
function chunks(src: string): string {
  if (!src.includes('```{') && !src.includes('~~~{') && !/```[ \t]+\{/.test(src)) return src;
  const lines = src.split('\n');
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    const m = FENCE.exec(line);
    if (!m) {
      out.push(line);
      continue;
    }
    const [, indent = '', marker = '```', info = ''] = m;
    const closer = new RegExp(`^[ \\t]*${marker[0] === '`' ? '`' : '~'}{${marker.length},}[ \\t]*$`);
    let end = i + 1;
    while (end < lines.length && !closer.test(lines[end] as string)) end++;
    const lang = chunkLanguage(info.trim());
    if (lang === null) {
      out.push(...lines.slice(i, end + 1));
      i = end;
      continue;
    }
    const body = chunkBody(lines.slice(i + 1, end));
    if (body !== null && !hidesChunk(info)) {
      if (lang === '=tex' || lang === '=latex' || lang === '=html') out.push('', ...body, '');
      else out.push(`${indent}${marker}${lang.startsWith('=') ? '' : lang}`, ...body, `${indent}${marker}`);
    }
    i = end;
  }
  return out.join('\n');
}

/** The note with every dialect line read (code blocks kept as written). */
export function readDialectLines(src: string): string {
  return mapOutsideCode(chunks(src), (chunk) => textLines(dropMdxComments(chunk)));
}
