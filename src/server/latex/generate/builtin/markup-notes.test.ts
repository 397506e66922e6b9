// HTML pages, MediaWiki articles and CSV data pasted as notes (parse/html, parse/mediawiki,
// parse/csv): through generate() they become headings, lists and tables, not their markup;
// compiled in the sandbox, the PDF's text has the content and none of the markup.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from './index.js';
import { hasTex, pdfToText, startCompilePool, type CompilePool } from '../../../../eval/compile-corpus.js';

const HTML = `<!DOCTYPE html>
<html><head><title>Trip Planning</title><style>body { font: 12px serif }</style></head>
<body>
<h1>Trip Planning</h1>
<p>We leave on <b>Friday</b> &amp; return <i>Sunday</i>.</p>
<h2>Packing list</h2>
<ul><li>Tent</li><li>Stove<ul><li>Gas canister</li></ul></li></ul>
<table><tr><th>Day</th><th>Distance</th></tr><tr><td>Friday</td><td>12 km</td></tr></table>
</body></html>
`;

const WIKI = `'''Ada Lovelace''' was an English ''mathematician''.<ref>Toole, 1992.</ref>{{Infobox person
| name = Ada Lovelace
}}

== Early life ==
She was the daughter of [[Lord Byron|Byron]].

=== Education ===
* Mathematics
** Calculus
# Analytical Engine notes

{| class="wikitable"
! Year !! Work
|-
| 1843 || Notes on the Engine
|}
[[Category:Mathematicians]]
`;

const CSV = 'city,country,population\nLagos,Nigeria,15400000\n"Paris, Île-de-France",France,2100000\nLima,Peru,10000000\n';

const body = (latex: string): string => latex.slice(latex.indexOf('\\begin{document}'));

describe('markup notes through generate()', () => {
  it('an HTML page: title, sections, marks, nested list, table; no tags', () => {
    const r = generate({ content: HTML, documentType: 'article' });
    const b = body(r.latex);
    expect(r.title).toBe('Trip Planning');
    expect(b).toContain('\\section{Packing list}');
    expect(b).toContain('\\textbf{Friday} \\& return \\emph{Sunday}');
    expect(b).toMatch(/\\item Stove\s+\\begin\{itemize\}\s+\\item Gas canister/);
    expect(b).toContain('Friday & 12 km');
    expect(b).not.toContain('textless');
    expect(b).not.toContain('font: 12px');
  });

  it('a MediaWiki article: sections by = count, lists, table, footnote; no wikitext', () => {
    const r = generate({ content: WIKI, documentType: 'article' });
    const b = body(r.latex);
    expect(r.title).toBe('Ada Lovelace');
    expect(b).toContain('\\section{Early life}');
    expect(b).toContain('\\subsection{Education}');
    expect(b).toContain('\\textbf{Ada Lovelace} was an English \\emph{mathematician}.\\footnote{Toole, 1992.}');
    expect(b).toContain('daughter of Byron.');
    expect(b).toContain('1843 & Notes on the Engine');
    expect(b).not.toMatch(/'''|==|\[\[|\{\{|Infobox|Category/);
  });

  it('a CSV note: one table, its header not the title', () => {
    const r = generate({ content: CSV, documentType: 'article' });
    const b = body(r.latex);
    expect(r.title).toBe('Untitled Document');
    expect(b).toContain('\\textbf{city} & \\textbf{country} & \\textbf{population}');
    expect(b).toContain('Paris, Île-de-France & France & 2100000');
  });

  it('Markdown with inline HTML stays Markdown', () => {
    const r = generate({ content: '# Notes\n\nSome <b>bold</b> text.\n\n<div align="center">centred</div>\n\n- item, one\n- item, two', documentType: 'article' });
    expect(r.title).toBe('Notes');
    expect(body(r.latex)).toContain('\\item item, one');
  });
});

describe('markup notes compile', () => {
  let pool: CompilePool;
  beforeAll(async () => {
    pool = await startCompilePool();
  });
  afterAll(async () => {
    await pool?.close();
  });

  it('the PDFs show the content and none of the markup', async () => {
    expect(hasTex, 'TeX Live, bubblewrap or poppler-utils is missing: run npm test, which installs them').toBe(true);
    const texts: string[] = [];
    for (const content of [HTML, WIKI, CSV]) {
      const { latex } = generate({ content, documentType: 'article' });
      const r = await pool.service.compile({ latex });
      expect(r.status, r.errors[0]?.message).toBe('success');
      texts.push(r.status === 'success' && r.pdf ? await pdfToText(r.pdf) : '');
    }
    const [html = '', wiki = '', csv = ''] = texts;
    for (const word of ['Trip Planning', 'Packing list', 'Gas canister', 'Friday', '12 km']) expect(html).toContain(word);
    for (const word of ['Early life', 'Education', 'Calculus', 'Analytical Engine notes', 'Notes on the Engine', 'Toole, 1992']) expect(wiki).toContain(word);
    for (const word of ['population', 'Lagos', 'Paris, Île-de-France', '15400000']) expect(csv).toContain(word);
    for (const text of texts) {
      expect(text).not.toContain('<p>');
      expect(text).not.toContain('<li>');
      expect(text).not.toContain("'''");
      expect(text).not.toContain('==');
    }
  }, 300_000);
});
