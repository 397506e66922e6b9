import { describe, expect, it } from 'vitest';
import { escapeHtml, latexToHtml } from './html-preview.js';

const wrap = (body: string, preamble = '') => `\\documentclass{article}\n${preamble}\\begin{document}\n${body}\n\\end{document}\n`;

describe('latexToHtml', () => {
  it('escapes every user string', () => {
    const html = latexToHtml(wrap('<script>alert(1)</script> <img src=x onerror=alert(1)> \\textbf{"quoted" & <b>}', '\\title{<svg onload=alert(1)>}\n'));
    expect(html).not.toMatch(/<script>|<img|<svg|<b>/);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('<strong>&quot;quoted&quot; &amp; &lt;b&gt;</strong>');
  });

  it('forbids scripts through a CSP as well', () => {
    expect(latexToHtml(wrap('x'))).toContain(`content="default-src 'none'; style-src 'unsafe-inline'; img-src data:"`);
  });

  it('renders inline and display math with KaTeX as MathML', () => {
    const html = latexToHtml(wrap('Inline $a^2+b^2$ and \\[ \\int_0^1 x\\,dx \\] and \\begin{align} x &= 1 \\\\ y &= 2 \\end{align}'));
    expect((html.match(/<math/g) ?? []).length).toBe(3);
    expect(html).toContain('display="block"');
  });

  it('does not let math carry markup or links', () => {
    const html = latexToHtml(wrap('$\\href{javascript:alert(1)}{x}$ $\\htmlId{a}{b}$ $<script>$'));
    expect(html).not.toMatch(/href=|<script|id="a"/);
  });

  it('keeps tables and lists', () => {
    const html = latexToHtml(
      wrap('\\begin{tabular}{|l|c|}\\hline Name & $x$ \\\\ \\hline Tom & 1 \\\\ \\end{tabular}\n\\begin{itemize}\\item One \\item Two\\end{itemize}\\begin{enumerate}\\item First\\end{enumerate}'),
    );
    expect(html).toMatch(/<table><tr><td>Name<\/td><td><span class="katex"><math[\s\S]*?<\/math><\/span><\/td><\/tr><tr><td>Tom<\/td><td>1<\/td><\/tr><\/table>/);
    expect(html).toMatch(/<ul><li>\s*One\s*<li>\s*Two\s*<\/li><\/ul>/);
    expect(html).toMatch(/<ol><li>\s*First\s*<\/li><\/ol>/);
  });

  it('shows title, sections and emphasis', () => {
    const html = latexToHtml(wrap('\\maketitle\n\\section{Intro}\nSome \\emph{nice} text.\n\nNext paragraph.', '\\title{My Paper}\n\\author{Ann}\n'));
    expect(html).toContain('<h1>My Paper</h1>');
    expect(html).toContain('<title>My Paper</title>');
    expect(html).toContain('<h2>Intro</h2>');
    expect(html).toContain('<em>nice</em>');
    expect(html).toContain('<p>Next paragraph.</p>');
  });

  it('shows link texts without their targets, and bibliography labels', () => {
    const html = latexToHtml(wrap('See \\href{https://x.org}{the site} and {[}\\hyperlink{lgcite1}{1}{]}, \\figurename~\\ref{fig:a}.\n\n\\begin{itemize}[labelwidth=2.2em]\n\\item[\\hypertarget{lgcite1}{\\lbrack1\\rbrack}] Doe, \\emph{Things}.\n\\end{itemize}'));
    expect(html).toContain('See the site and [1], Figure&nbsp;.');
    expect(html).toMatch(/<li><strong>\[1\]<\/strong>\s+Doe, <em>Things<\/em>\./);
    expect(html).not.toMatch(/lgcite|x\.org|labelwidth/);
  });

  it('escapeHtml covers the five special characters', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;');
  });
});
