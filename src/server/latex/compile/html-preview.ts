// HTML stand-in for the PDF when TeX Live (or its sandbox) is missing: the document body rendered
// on the server, math through KaTeX as MathML (no scripts, no web fonts needed), tables and lists
// kept. Every piece of user text is HTML-escaped, and the page carries a CSP that forbids scripts,
// because it is shown in a sandboxed iframe but may also be downloaded and opened directly.
import katex from 'katex';
import { braceGroup } from '../../../shared/latex-braces.js';
import {
  removeEquationLabels,
  removeTableRules,
  replaceDisplayMath,
  replaceEnvironments,
  replaceFrameOpenings,
  replaceIncludegraphics,
  replaceInlineMath,
  replaceInnermostCommands,
  replaceWithOption,
  splitRows,
} from './html-preview-patterns.js';

// Placeholder delimiter from the Private Use Area; stripped from the input first.
const MARK = '\uE000';

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

class Slots {
  private readonly items: string[] = [];
  put(html: string): string {
    this.items.push(html);
    return `${MARK}${this.items.length - 1}${MARK}`;
  }
  fill(text: string): string {
    // Slots may nest (a table cell holding math), so resolve until none is left.
    let out = text;
    for (let i = 0; i < 5 && out.includes(MARK); i++) {
      out = out.replace(/\uE000(\d+)\uE000/g, (_m, n: string) => this.items[Number(n)] ?? '');
    }
    return out;
  }
}

/**
 * Formulas rendered per document: KaTeX takes a fraction of a millisecond each, so a document of
 * tens of thousands of `$x$` would otherwise take seconds; past this they are shown as source.
 */
export const MAX_RENDERED_FORMULAS = 2000;

function renderMath(tex: string, displayMode: boolean, budget: { left: number }): string {
  if (budget.left <= 0) return `<code>${escapeHtml(tex)}</code>`;
  budget.left -= 1;
  return katex.renderToString(tex, {
    displayMode,
    output: 'mathml',
    throwOnError: false,
    trust: false,
    strict: 'ignore',
    maxSize: 50,
    maxExpand: 500,
  });
}

function commandArgument(source: string, command: string): string | null {
  const index = source.search(new RegExp(`\\\\${command}\\s*\\{`));
  if (index < 0) return null;
  const open = source.indexOf('{', index);
  return braceGroup(source, open)?.content ?? null;
}

const INLINE: Record<string, [string, string]> = {
  textbf: ['<strong>', '</strong>'],
  textit: ['<em>', '</em>'],
  emph: ['<em>', '</em>'],
  textsl: ['<em>', '</em>'],
  underline: ['<u>', '</u>'],
  texttt: ['<code>', '</code>'],
  textsc: ['<span style="font-variant:small-caps">', '</span>'],
  section: ['<h2>', '</h2>'],
  subsection: ['<h3>', '</h3>'],
  subsubsection: ['<h4>', '</h4>'],
  paragraph: ['<h5>', '</h5>'],
  chapter: ['<h1>', '</h1>'],
  part: ['<h1>', '</h1>'],
  frametitle: ['<h3>', '</h3>'],
  title: ['<h1>', '</h1>'],
  caption: ['<figcaption>', '</figcaption>'],
  footnote: [' <small>(', ')</small>'],
};

const SYMBOLS: Record<string, string> = {
  '\\&': '&amp;',
  '\\%': '%',
  '\\$': '$',
  '\\#': '#',
  '\\_': '_',
  '\\{': '{',
  '\\}': '}',
  '\\ldots': '…',
  '\\dots': '…',
  '\\LaTeX': 'LaTeX',
  '\\TeX': 'TeX',
  '\\textbackslash': '\\',
  '\\lbrack': '[',
  '\\rbrack': ']',
  // Cross-references (the preview has no numbers to give them).
  '\\figurename': 'Figure',
  '\\tablename': 'Table',
  '~': '&nbsp;',
  '---': '—',
  '--': '–',
  '``': '“',
  "''": '”',
};

class Converter {
  private readonly formulas = { left: MAX_RENDERED_FORMULAS };
  constructor(private readonly slots: Slots) {}

  /**
   * Converts a LaTeX fragment to HTML; text is escaped before any tag is added. `inline` fragments
   * (table cells, title, author) are not split into paragraphs.
   */
  convert(latex: string, inline = false): string {
    let text = latex;
    text = this.extractMath(text);
    text = this.extractTables(text);
    text = this.extractLists(text);
    text = this.extractBlocks(text);
    return this.inline(text, inline);
  }

  private extractMath(text: string): string {
    text = replaceDisplayMath(text, (a, b, env, _star, c) => {
      const body = a ?? b ?? c ?? '';
      const tex = env && env.startsWith('align') ? `\\begin{aligned}${body}\\end{aligned}` : env === 'gather' ? `\\begin{gathered}${body}\\end{gathered}` : body;
      return this.slots.put(`<div class="math">${renderMath(removeEquationLabels(tex), true, this.formulas)}</div>`);
    });
    return replaceInlineMath(text, (a, b) => this.slots.put(renderMath(a ?? b ?? '', false, this.formulas)));
  }

  private extractTables(text: string): string {
    return replaceEnvironments(text, ['tabular', 'tabular*', 'tabularx', 'longtable', 'array'], false, (_env, inner = '') => {
      // Drop the column specification: one or two brace groups right after \begin{…}.
      let body = inner;
      for (let i = 0; i < 2; i++) {
        const trimmed = body.replace(/^\s*/, '');
        if (!trimmed.startsWith('{')) break;
        const group = braceGroup(trimmed, 0);
        if (!group) break;
        body = trimmed.slice(group.end);
        if (!/^\s*\{/.test(body) || _env !== 'tabularx') break;
      }
      body = removeTableRules(body);
      const rows = splitRows(body)
        .map((row) => row.trim())
        .filter((row) => row.length > 0);
      const html = rows
        .map((row) => `<tr>${row.split(/(?<!\\)&/).map((cell) => `<td>${this.convert(cell.trim(), true)}</td>`).join('')}</tr>`)
        .join('');
      return this.slots.put(`<table>${html}</table>`);
    });
  }

  private extractLists(text: string): string {
    text = replaceWithOption(text, '\\begin{itemize}', () => this.slots.put('<ul>'));
    text = text.replace(/\\end\{itemize\}/g, () => this.slots.put('</li></ul>'));
    text = replaceWithOption(text, '\\begin{enumerate}', () => this.slots.put('<ol>'));
    text = text
      .replace(/\\end\{enumerate\}/g, () => this.slots.put('</li></ol>'))
      .replace(/\\begin\{description\}/g, () => this.slots.put('<ul>'))
      .replace(/\\end\{description\}/g, () => this.slots.put('</li></ul>'));
    return replaceWithOption(text, '\\item', (label) => this.slots.put(`<li>${label ? `<strong>${this.convert(label, true)}</strong> ` : ''}`), true);
  }

  private extractBlocks(text: string): string {
    text = replaceFrameOpenings(text, (_e, _o, title) =>
      this.slots.put(`<section class="frame">${title ? `<h3>${escapeHtml(title.slice(1, -1))}</h3>` : ''}`),
    );
    text = text
      .replace(/\\end\{frame\}/g, () => this.slots.put('</section>'))
      .replace(/\\begin\{(quote|quotation)\}/g, () => this.slots.put('<blockquote>'))
      .replace(/\\end\{(quote|quotation)\}/g, () => this.slots.put('</blockquote>'));
    text = replaceEnvironments(text, ['verbatim', 'lstlisting'], true, (_e, _o, code = '') => this.slots.put(`<pre>${escapeHtml(code.replace(/^\n/, ''))}</pre>`));
    text = text
      .replace(/\\begin\{abstract\}/g, () => this.slots.put('<blockquote><strong>Abstract.</strong> '))
      .replace(/\\end\{abstract\}/g, () => this.slots.put('</blockquote>'));
    text = replaceWithOption(text, '\\begin{figure}', () => this.slots.put('<figure>'));
    text = replaceWithOption(text, '\\begin{figure*}', () => this.slots.put('<figure>'));
    text = text.replace(/\\end\{figure\*?\}/g, () => this.slots.put('</figure>'));
    return replaceIncludegraphics(text, (_o, name = '') => this.slots.put(`<div class="placeholder">[image: ${escapeHtml(name)}]</div>`));
  }

  private inline(text: string, inline: boolean): string {
    let out = escapeHtml(text.replace(/(?<!\\)%.*$/gm, ''));
    for (const [symbol, html] of Object.entries(SYMBOLS)) out = out.split(escapeHtml(symbol)).join(html);
    out = replaceWithOption(out, '\\\\', () => '<br>');
    // Innermost groups first, so nested \textbf{\emph{…}} works.
    for (let round = 0; round < 10; round++) {
      const next = replaceInnermostCommands(out, (name = '', content = '') => {
        const tags = INLINE[name];
        // Headings stand as blocks of their own, whatever the blank lines around them.
        if (tags && /^<h\d/.test(tags[0])) return `\n\n${tags[0]}${content}${tags[1]}\n\n`;
        if (tags) return `${tags[0]}${content}${tags[1]}`;
        // Link targets go too (\href{url}{text}, \hyperlink{target}{text}): the next group is the text.
        if (/^(label|ref|cite|vspace|hspace|usepackage|documentclass|setlength|newcommand|renewcommand|pagestyle|thispagestyle|selectlanguage|author|date|begin|end|input|include|href|hyperlink|hypertarget)$/.test(name)) {
          return '';
        }
        return content;
      });
      if (next === null) break;
      out = next;
    }
    out = out.replace(/\\[A-Za-z]+\*?/g, '').replace(/[{}]/g, '');
    if (inline) return out.trim();
    return out
      .split(/\n\s*\n/)
      .map((para) => para.trim())
      .filter((para) => para.length > 0)
      .map((para) => (para.startsWith(MARK) || /^<h\d/.test(para) ? para : `<p>${para}</p>`))
      .join('\n');
  }
}

const STYLE = `body{font-family:Georgia,'Times New Roman',serif;max-width:46rem;margin:2rem auto;padding:0 1rem;line-height:1.5;color:#111}
table{border-collapse:collapse;margin:1rem 0}td{border:1px solid #999;padding:.25rem .5rem}
.math{text-align:center;margin:1rem 0}.placeholder{border:1px dashed #999;padding:1rem;text-align:center;color:#555}
.frame{border:1px solid #ccc;border-radius:6px;padding:1rem;margin:1rem 0}pre{background:#f5f5f5;padding:.5rem;overflow:auto}
.notice{font-family:sans-serif;font-size:.85rem;color:#555;border-bottom:1px solid #ddd;padding-bottom:.5rem}`;

/** Renders a LaTeX document as a standalone, script-free HTML page. */
export function latexToHtml(latex: string): string {
  const source = latex.replace(/\uE000/g, '');
  const begin = source.indexOf('\\begin{document}');
  const end = source.lastIndexOf('\\end{document}');
  const preamble = begin >= 0 ? source.slice(0, begin) : '';
  let body = begin >= 0 ? source.slice(begin + '\\begin{document}'.length, end > begin ? end : undefined) : source;

  const slots = new Slots();
  const converter = new Converter(slots);
  const meta = (name: string) => commandArgument(preamble, name) ?? commandArgument(body, name);
  const title = meta('title');
  const author = meta('author');
  const heading = [
    title ? `<h1>${converter.convert(title, true)}</h1>` : '',
    author ? `<p><em>${converter.convert(author, true)}</em></p>` : '',
  ].join('');
  body = body.replace(/\\(maketitle|titlepage)\b/, () => slots.put(heading)).replace(/\\(title|author|date)\s*\{[^{}]*\}/g, '');
  const html = slots.fill(converter.convert(body));
  return `<!DOCTYPE html>
<html><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
<title>${title ? escapeHtml(title.replace(/\\[A-Za-z]+|[{}]/g, '')) : 'Document preview'}</title>
<style>${STYLE}</style></head>
<body><p class="notice">HTML preview: the PDF compilation service is unavailable.</p>
${html}
</body></html>`;
}
