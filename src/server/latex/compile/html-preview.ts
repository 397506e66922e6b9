// HTML stand-in for the PDF when TeX Live (or its sandbox) is missing: the document body rendered
// on the server, math through KaTeX as MathML (no scripts, no web fonts needed), tables and lists
// kept. Every piece of user text is HTML-escaped, and the page carries a CSP that forbids scripts,
// because it is shown in a sandboxed iframe but may also be downloaded and opened directly.
import katex from 'katex';
import { braceGroup } from '../../../shared/latex-braces.js';

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

function renderMath(tex: string, displayMode: boolean): string {
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
  '~': '&nbsp;',
  '---': '—',
  '--': '–',
  '``': '“',
  "''": '”',
};

class Converter {
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
    const display = /\$\$([\s\S]+?)\$\$|\\\[([\s\S]+?)\\\]|\\begin\{(equation|align|gather|multline|eqnarray|displaymath)(\*?)\}([\s\S]*?)\\end\{\3\4\}/g;
    text = text.replace(display, (_m, a?: string, b?: string, env?: string, _star?: string, c?: string) => {
      const body = a ?? b ?? c ?? '';
      const tex = env && env.startsWith('align') ? `\\begin{aligned}${body}\\end{aligned}` : env === 'gather' ? `\\begin{gathered}${body}\\end{gathered}` : body;
      return this.slots.put(`<div class="math">${renderMath(tex.replace(/\\label\{[^}]*\}|\\nonumber|\\notag/g, ''), true)}</div>`);
    });
    return text.replace(/(?<!\\)\$((?:\\\$|[^$])+?)\$|\\\(([\s\S]+?)\\\)/g, (_m, a?: string, b?: string) =>
      this.slots.put(renderMath(a ?? b ?? '', false)),
    );
  }

  private extractTables(text: string): string {
    return text.replace(/\\begin\{(tabular\*?|tabularx|longtable|array)\}([\s\S]*?)\\end\{\1\}/g, (_m, _env: string, inner: string) => {
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
      body = body.replace(/\\(hline|toprule|midrule|bottomrule|endhead|endfirsthead|endfoot|endlastfoot)\b|\\cline\{[^}]*\}|\\cmidrule(\([^)]*\))?\{[^}]*\}/g, '');
      const rows = body
        .split(/\\\\(?:\[[^\]]*\])?/)
        .map((row) => row.trim())
        .filter((row) => row.length > 0);
      const html = rows
        .map((row) => `<tr>${row.split(/(?<!\\)&/).map((cell) => `<td>${this.convert(cell.trim(), true)}</td>`).join('')}</tr>`)
        .join('');
      return this.slots.put(`<table>${html}</table>`);
    });
  }

  private extractLists(text: string): string {
    return text
      .replace(/\\begin\{itemize\}(\[[^\]]*\])?/g, () => this.slots.put('<ul>'))
      .replace(/\\end\{itemize\}/g, () => this.slots.put('</li></ul>'))
      .replace(/\\begin\{enumerate\}(\[[^\]]*\])?/g, () => this.slots.put('<ol>'))
      .replace(/\\end\{enumerate\}/g, () => this.slots.put('</li></ol>'))
      .replace(/\\begin\{description\}/g, () => this.slots.put('<ul>'))
      .replace(/\\end\{description\}/g, () => this.slots.put('</li></ul>'))
      .replace(/\\item\s*(?:\[([^\]]*)\])?/g, (_m, label?: string) =>
        this.slots.put(`<li>${label ? `<strong>${escapeHtml(label)}</strong> ` : ''}`),
      );
  }

  private extractBlocks(text: string): string {
    return text
      .replace(/\\begin\{(frame)\}(\[[^\]]*\])?(\{[^}]*\})?/g, (_m, _e, _o, title?: string) =>
        this.slots.put(`<section class="frame">${title ? `<h3>${escapeHtml(title.slice(1, -1))}</h3>` : ''}`),
      )
      .replace(/\\end\{frame\}/g, () => this.slots.put('</section>'))
      .replace(/\\begin\{(quote|quotation)\}/g, () => this.slots.put('<blockquote>'))
      .replace(/\\end\{(quote|quotation)\}/g, () => this.slots.put('</blockquote>'))
      .replace(/\\begin\{(verbatim|lstlisting)\}(\[[^\]]*\])?([\s\S]*?)\\end\{\1\}/g, (_m, _e, _o, code: string) =>
        this.slots.put(`<pre>${escapeHtml(code.replace(/^\n/, ''))}</pre>`),
      )
      .replace(/\\begin\{abstract\}/g, () => this.slots.put('<blockquote><strong>Abstract.</strong> '))
      .replace(/\\end\{abstract\}/g, () => this.slots.put('</blockquote>'))
      .replace(/\\begin\{figure\*?\}(\[[^\]]*\])?/g, () => this.slots.put('<figure>'))
      .replace(/\\end\{figure\*?\}/g, () => this.slots.put('</figure>'))
      .replace(/\\includegraphics(\[[^\]]*\])?\{([^}]*)\}/g, (_m, _o, name: string) =>
        this.slots.put(`<div class="placeholder">[image: ${escapeHtml(name)}]</div>`),
      );
  }

  private inline(text: string, inline: boolean): string {
    let out = escapeHtml(text.replace(/(?<!\\)%.*$/gm, ''));
    for (const [symbol, html] of Object.entries(SYMBOLS)) out = out.split(escapeHtml(symbol)).join(html);
    out = out.replace(/\\\\(\[[^\]]*\])?/g, '<br>');
    // Innermost groups first, so nested \textbf{\emph{…}} works.
    const pattern = /\\([A-Za-z]+)\*?(?:\[[^\]{}]*\])?\{([^{}]*)\}/g;
    for (let round = 0; round < 10 && pattern.test(out); round++) {
      pattern.lastIndex = 0;
      out = out.replace(pattern, (_m, name: string, content: string) => {
        const tags = INLINE[name];
        // Headings stand as blocks of their own, whatever the blank lines around them.
        if (tags && /^<h\d/.test(tags[0])) return `\n\n${tags[0]}${content}${tags[1]}\n\n`;
        if (tags) return `${tags[0]}${content}${tags[1]}`;
        if (/^(label|ref|cite|vspace|hspace|usepackage|documentclass|setlength|newcommand|renewcommand|pagestyle|thispagestyle|selectlanguage|author|date|begin|end|input|include)$/.test(name)) {
          return '';
        }
        return content;
      });
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
