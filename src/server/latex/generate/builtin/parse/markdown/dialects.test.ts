// The Markdown dialects' own syntax (site templates, Logseq, Quarto/knitr, kramdown, MDX,
// Slidev, pandoc's raw LaTeX, emoji shortcodes): read, never printed, its words kept.
import { describe, expect, it } from 'vitest';
import { generate } from '../../index.js';
import { inlineText, type Block } from '../../tree.js';
import { replaceEmojiShortcodes } from '../common/emoji-shortcodes.js';
import { readNote } from '../index.js';
import { readDialectLines } from './dialect-lines.js';
import { logseqMacro, readLogseq } from './logseq.js';
import { readTemplates } from './templates.js';

const read = (src: string): Block[] => readNote(`# Notes\n\n${src}`).body;
const para = (value: string): Block => ({ kind: 'paragraph', inlines: [{ kind: 'text', value }] });
const body = (latex: string): string => latex.slice(latex.indexOf('\\begin{document}'));
const text = (blocks: Block[]): string => blocks.map((b) => ('inlines' in b ? inlineText(b.inlines) : b.kind)).join('\n');

describe('template tags of static sites', () => {
  it('Hugo shortcodes: paired ones keep their content, others print nothing or their words', () => {
    expect(readTemplates('{{< toc >}}\n\n{{% dir %}}\n- a\n{{%/ dir %}}\n')).toBe('\n\n\n- a\n\n');
    expect(readTemplates('Hi {{< icon name="user-tie" pack="fas" >}} Ben')).toBe('Hi  Ben');
    expect(readTemplates('[Course]({{< relref "/courses/x" >}})')).toBe('[Course](/courses/x)');
    expect(readTemplates('Let $G$ act {{< link file="group_action" display="act" >}} on X.')).toBe('Let $G$ act act on X.');
    expect(readTemplates('{{< figure src="cat.png" caption="A cat" >}}')).toBe('\n\n![A cat](cat.png)\n\n');
    expect(readTemplates('{{< youtube w7Ft2ymGmfc >}}')).toBe('[Video](https://www.youtube.com/watch?v=w7Ft2ymGmfc)');
  });

  it('Liquid: output and tags go, {% raw %} keeps its text, formulas stay formulas, citations cite', () => {
    expect(readTemplates('- [Diaries]({{ site.baseurl }}/blog)')).toBe('- [Diaries](/blog)');
    expect(readTemplates('Root {% equation %}a^2 = -1{% endequation %} here.')).toBe('Root $a^2 = -1$ here.');
    expect(readTemplates('{% equation %}(a+bi)(c+di){% endequation %}')).toBe('\n\n$$\n(a+bi)(c+di)\n$$\n\n');
    expect(readTemplates('{% raw %}{{ x }}{% endraw %} {% include note.html %}{% comment %}gone{% endcomment %}')).toBe('{{ x }} ');
    expect(readTemplates('As shown {% cite knuth84 %}.')).toBe('As shown [@knuth84].');
  });

  it('{% highlight %} and Hugo highlight blocks stay code, line by line', () => {
    expect(read('{% highlight ruby linenos %}\ndef foo\n  puts "x"\nend\n{% endhighlight %}\n\nAfter.')).toEqual([
      { kind: 'code', lang: 'ruby', text: 'def foo\n  puts "x"\nend' },
      para('After.'),
    ]);
    expect(read('{{< highlight go >}}\nfunc main() {}\n{{< /highlight >}}')).toEqual([{ kind: 'code', lang: 'go', text: 'func main() {}' }]);
    // Hugo's code-toggle shows front matter or configuration: code, not lines of text.
    expect(read('{{< code-toggle file=hugo fm=true >}}\ntitle: Cast\ndescription: Use these.\n{{< /code-toggle >}}')).toEqual([{ kind: 'code', lang: '', text: 'title: Cast\ndescription: Use these.' }]);
  });

  it('leaves code, LaTeX braces and unclosed tags alone', () => {
    expect(readTemplates('`{{< toc >}}` and\n\n```\n{% if x %}\n```\n')).toBe('`{{< toc >}}` and\n\n```\n{% if x %}\n```\n');
    expect(readTemplates('$\\frac{{a}}{b}$ and x^{{2}}')).toBe('$\\frac{{a}}{b}$ and x^{{2}}');
    expect(readTemplates('{% equation %}x')).toBe('x');
  });

  it('a Jekyll post whose only Markdown is its Liquid is read as Markdown, its math as math', () => {
    const latex = body(generate({ content: '---\ntitle: t\n---\nThe number {% equation %}i^2 = -1{% endequation %} is new. A <strong>pair</strong> and <a href="https://he.wikipedia.org/wiki/x">a link</a>.\n', documentType: 'article', options: { useMath: true } }).latex);
    expect(latex).not.toMatch(/equation|\{%|%\}|strong>/);
    expect(latex).toContain('$i^2 = -1$');
    expect(latex).toContain('\\textbf{pair}');
    expect(latex).toContain('\\href{https://he.wikipedia.org/wiki/x}');
  });
});

describe('Logseq pages', () => {
  it('properties are small lines (Logseq\'s own hidden), a block\'s lines stay lines, macros show what they show', () => {
    const src = '- An article\n  author:: Zachary Crockett\n  collapsed:: true\n  id:: 6405c1a1-1d3a\n\t- Sharks:\n\t  Mark Cuban\n\t  Lori Greiner\n';
    expect(readLogseq(src)).toBe('- An article\\\n  *author:* Zachary Crockett\n  - Sharks:\\\n    Mark Cuban\\\n    Lori Greiner\n');
    expect(logseqMacro('video https://youtu.be/x1')).toBe('[Video](https://youtu.be/x1)');
    expect(logseqMacro('renderer :linkpreview,[Keto](https://rumble.com/k)')).toBe('[Keto](https://rumble.com/k)');
    expect(logseqMacro('renderer :todomaster')).toBe('');
    expect(logseqMacro('query (and [[a]] [[b]])')).toBe('');
    expect(logseqMacro('embed [[Page]]')).toBe('![[Page]]');
  });

  it('a journal nested with tabs is read as Markdown: no braces, no :: and no [[ printed', () => {
    const note = '## Scratchpad\n\t- video {{video https://youtu.be/Ry3Ni}}\n\t- interesting [[shark tank]] article\n\t\t- [Deep dive](https://omnivore.app/x)\n\t\t  author:: Zachary\n\t\t  collapsed:: true\n';
    const latex = body(generate({ content: note, documentType: 'basic', options: { useMath: true } }).latex);
    expect(latex).not.toMatch(/\\\{\\\{|::|\{\[\}/);
    expect(latex).toContain('shark tank');
    expect(latex).toContain('\\emph{author:} Zachary');
  });
});

describe('dialect lines', () => {
  it('knitr and Quarto chunks: hidden ones go, options go, the language stays; raw TeX is its LaTeX', () => {
    expect(read('```{r setup, include=FALSE}\nlibrary(leem)\n```\n\n```{r}\n#| echo: true\nx <- 1\n```')).toEqual([{ kind: 'code', lang: 'r', text: 'x <- 1' }]);
    expect(read('```{python}\n#| include: false\nimport os\n```\n\nText.')).toEqual([para('Text.')]);
    expect(read('```{=tex}\n\\begin{align}\na &= b\n\\end{align}\n```')).toEqual([{ kind: 'math', tex: '\\begin{align}\na &= b\n\\end{align}' }]);
  });

  it('pauses, slots, kramdown attribute lists and MDX comments print nothing; their text stays', () => {
    expect(read('One\n\n. . .\n\nTwo\n\n::right::\n\nThree')).toEqual([para('One'), para('Two'), para('Three')]);
    expect(read('## Contents\n{: .no_toc }\n\n* TOC\n{:toc}\n\nText **bold**{: .red} here.')).toEqual([
      { kind: 'heading', depth: 1, inlines: [{ kind: 'text', value: 'Contents' }] },
      { kind: 'paragraph', inlines: [{ kind: 'text', value: 'Text ' }, { kind: 'strong', children: [{ kind: 'text', value: 'bold' }] }, { kind: 'text', value: ' here.' }] },
    ]);
    expect(text(read('### Step 1 {/*step-1*/}\n\nimport Image from \'./Image.js\';\n\nText.'))).toBe('Step 1\nText.');
  });

  it('link attributes go with the link', () => {
    expect(read('[Dúvidas](https://x.org){preview-link="true"} fim')).toEqual([
      { kind: 'paragraph', inlines: [{ kind: 'link', url: 'https://x.org', children: [{ kind: 'text', value: 'Dúvidas' }] }, { kind: 'text', value: ' fim' }] },
    ]);
  });

  it('raw LaTeX for the look of the page is dropped, its text kept', () => {
    expect(readDialectLines('\\pagestyle{empty}\n\\begin{flushright}\n Josette\n\\end{flushright}\n\\vspace*{2em}\n{\\large Big} and \\footnotesize small')).toBe('\n\n Josette\n\n\nBig and small');
  });

  it('code keeps every such line as written', () => {
    const code = '```\n. . .\n::left::\n{: .x}\n{/* c */}\n\\large\n```';
    expect(readDialectLines(code)).toBe(code);
  });
});

describe('emoji shortcodes', () => {
  it('become the emoji GitHub\'s table names; icon-font codes their emoji or nothing; other words stay', () => {
    expect(replaceEmojiShortcodes('Hot :fire: (:smile:) :white_check_mark: :x: :+1:')).toBe('Hot 🔥 (😄) ✅ ❌ 👍');
    expect(replaceEmojiShortcodes(':fa-check: done :fa-user-tie:')).toBe('✔️ done ');
    expect(replaceEmojiShortcodes('at 10:30:45, a:b:c, :notanemoji: and http://x:80/')).toBe('at 10:30:45, a:b:c, :notanemoji: and http://x:80/');
  });

  it('in text, never in code', () => {
    expect(read('Ship it :rocket: with `:rocket:`')).toEqual([
      { kind: 'paragraph', inlines: [{ kind: 'text', value: 'Ship it 🚀 with ' }, { kind: 'code', value: ':rocket:' }] },
    ]);
  });
});

describe('HTML in Markdown', () => {
  it('images and JSX figures keep a placeholder with their alternative text and caption', () => {
    expect(read('<img src="logo.png" alt="The logo" />')).toEqual([{ kind: 'figure', description: [{ kind: 'text', value: 'The logo (logo.png)' }], caption: [{ kind: 'text', value: 'The logo' }], image: 'logo.png' }]);
    expect(text(read('<IllustrationBlock>\n<Illustration caption="Trigger" alt="React as a server" src="/images/a.png" />\n</IllustrationBlock>'))).toContain('figure');
    const fig = read('<Illustration caption="Trigger" alt="React as a server" src="/images/a.png" />')[0];
    expect(fig).toMatchObject({ kind: 'figure', caption: [{ kind: 'text', value: 'Trigger' }] });
  });

  it('tables: rowspan and colspan keep every cell in its column, lists in cells are lines', () => {
    const [, table] = read('Cells:\n\n<table>\n<tr><th colspan="2">Head</th><th>C</th></tr>\n<tr><td rowspan="2">A</td><td>b1</td><td>c1</td></tr>\n<tr><td>b2</td><td><ul><li>x</li><li>y</li></ul></td></tr>\n</table>');
    expect(table).toMatchObject({
      kind: 'table',
      header: [[{ kind: 'text', value: 'Head' }], [], [{ kind: 'text', value: 'C' }]],
      rows: [
        [[{ kind: 'text', value: 'A' }], [{ kind: 'text', value: 'b1' }], [{ kind: 'text', value: 'c1' }]],
        [[], [{ kind: 'text', value: 'b2' }], [{ kind: 'text', value: '• ' }, { kind: 'text', value: 'x' }, { kind: 'break' }, { kind: 'text', value: '• ' }, { kind: 'text', value: 'y' }]],
      ],
      spans: [{ row: 0, col: 0, cols: 2, rows: 1 }, { row: 1, col: 0, cols: 1, rows: 2 }],
    });
    const latex = body(generate({ content: '# T\n\n<table>\n<tr><th colspan="2">Head</th></tr>\n<tr><td>a</td><td>b<br>c</td></tr>\n</table>\n', documentType: 'article', options: { useMath: true } }).latex);
    expect(latex).toContain('\\multicolumn{2}{c}{\\textbf{Head}} \\\\');
    expect(latex).toMatch(/a & \{\\begin\{tabular\}\[t\]\{@\{\}l@\{\}\}b\\\\ c\\end\{tabular\}\} \\\\/);
  });

  it('layout is no content: a one-cell table is its text, decorative images nothing; a linked picture stays a picture', () => {
    expect(read('<div align="center">\n<table>\n<tbody>\n<td align="center">\n<img width="2000" height="0" alt="" aria-hidden><br>\n<sub>Made possible by my <a href="https://x.org/s">Sponsors</a></sub>\n</td>\n</tbody>\n</table>\n</div>')).toEqual([
      { kind: 'paragraph', inlines: [{ kind: 'text', value: 'Made possible by my Sponsors' }] },
    ]);
    expect(read('Next.\n\n<img v-click class="absolute" src="https://sli.dev/arrow.svg" alt="" />\n')).toEqual([para('Next.')]);
    const logo = JSON.stringify(read('<p align="center">\n<a href="https://sli.dev"><img src="https://sli.dev/logo.png" alt="Slidev"/></a>\n</p>'));
    expect(logo).toContain('"kind":"image","alt":"Slidev (https://sli.dev/logo.png)"');
    expect(logo).not.toContain('!Slidev');
  });
});

describe('front matter', () => {
  it('settings of any tool stay off the title page; words about the document and shortcode-free values stay', () => {
    const note = readNote('---\ntitle: T\nauthor: "{{< fa user-tie >}} [Ben](http://b.io) | {{< fa school >}} [UFSJ](https://u.br/)"\nms.author: quantumdocwriters\nimages: /x/hero.jpg\nexport:\n  format: pdf\nheader-include: \\usepackage{geometry}\ncourse: Physics 101\n---\nBody.\n');
    expect(note.meta.author).toBe('Ben | UFSJ');
    expect(note.meta.extra).toEqual([{ key: 'course', value: 'Physics 101' }]);
  });
});

describe('Marp images and footnote marks', () => {
  it('Marp: sizing words are no description, backgrounds are no picture on the slide', () => {
    expect(read('![bg cover](title-bg.png)\n\nText.')).toEqual([para('Text.')]);
    expect(read('![w:600](a.png)')).toEqual([{ kind: 'figure', description: [{ kind: 'text', value: 'a.png' }], caption: [{ kind: 'text', value: '' }], image: 'a.png' }]);
    expect(read('![left behind](b.png)')[0]).toMatchObject({ kind: 'figure', caption: [{ kind: 'text', value: 'left behind' }] });
  });

  it('a footnote mark is its note once, wherever the note is read; other marks print nothing', () => {
    const [first, second] = read('A[^1] and again[^1] and none[^x].\n\n<div>\nIn html[^2].\n</div>\n\n[^1]: One.\n[^2]: Two.');
    expect(first).toEqual({ kind: 'paragraph', inlines: [{ kind: 'text', value: 'A' }, { kind: 'footnote', blocks: [para('One.')] }, { kind: 'text', value: ' and again' }, { kind: 'text', value: ' and none' }, { kind: 'text', value: '.' }] });
    expect(second).toEqual({ kind: 'paragraph', inlines: [{ kind: 'text', value: 'In html' }, { kind: 'footnote', blocks: [para('Two.')] }, { kind: 'text', value: '.' }] });
  });
});

describe('pipe tables with formulas', () => {
  it('a | inside $…$ does not split the cell; a row of prices splits as written', () => {
    const [table] = read('| x | f |\n|---|---|\n| 0 $|-$ 2 | 4 |\n| $|a|$ | 5 |\n| $5 | $10 |');
    expect(table).toMatchObject({
      kind: 'table',
      rows: [
        [[{ kind: 'text', value: '0 ' }, { kind: 'math', tex: '|-' }, { kind: 'text', value: ' 2' }], [{ kind: 'text', value: '4' }]],
        [[{ kind: 'math', tex: '|a|' }], [{ kind: 'text', value: '5' }]],
        [[{ kind: 'text', value: '$5' }], [{ kind: 'text', value: '$10' }]],
      ],
    });
  });
});
