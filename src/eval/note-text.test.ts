import { describe, expect, it } from 'vitest';
import { noteFormat, noteWordCounts } from './note-text.js';

const words = (note: string, name = 'note.md') => Object.fromEntries(noteWordCounts(note, noteFormat(name)));

describe('noteWordCounts: what is not a word of the note', () => {
  it('drops URLs, link targets and autolinks but keeps link text', () => {
    expect(words('See [the manual](https://example.com/docs/manual) or <https://example.org/page> and www.example.net/more')).toEqual({
      see: 1, the: 1, manual: 1, and: 1,
    });
  });

  it('drops HTML tags (also across lines) and comments, keeps the text between tags', () => {
    expect(words('<div class="note"\n  data-role="callout">Hello world</div>\n<!-- hidden remark -->')).toEqual({ hello: 1, world: 1 });
  });

  it('drops emoji shortcodes, Slidev slots and the field keys of snippet tags (they are syntax)', () => {
    expect(words('Hot :fire: news\n::left::\nLeft side')).toEqual({ hot: 1, news: 1, left: 1, side: 1 });
    expect(words('<TABLE>\nheaders: Name, Age\nrow: Ann, 31\n</TABLE>\n<SECTION>\ntitle: Intro\ncontent: Words here\n</SECTION>')).toEqual({ name: 1, age: 1, ann: 1, intro: 1, words: 1, here: 1 });
  });

  it('drops what the dialects hide: knitr chunks with include=FALSE, fenced-div names, Logseq queries, MDX comments', () => {
    expect(words('```{r setup, include=FALSE}\nlibrary(leem)\n```\n```{r}\n#| echo: true\nmean(x)\n```\n:::: {.columns}\n::: footer\nFoot note\n:::\n::::')).toEqual({ mean: 1, foot: 1, note: 1 });
    expect(words('- {{query (and [[tag1]] [[tag2]])}}\n- {{renderer :linkpreview,[Keto foods](https://r.com/k}})\n## Step one {/*step-1*/}')).toEqual({ keto: 1, foods: 1, step: 1, one: 1 });
  });

  it('keeps a formula with a less-than sign intact', () => {
    expect(words('when $a<b$ holds then $c>d$ follows')).toEqual({ when: 1, holds: 1, then: 1, follows: 1 });
  });

  it('decodes character entities before counting', () => {
    expect(words('Stra&szlig;e &amp; M&uuml;hle &#x41;BC &#1575;&#1604;&#1593;')).toEqual({ straße: 1, muhle: 1, abc: 1, 'الع': 1 });
  });

  it('drops LaTeX command and environment names and key arguments', () => {
    expect(words('\\begin{theorem}\\label{thm:main} Every \\emph{bounded} sequence \\cite{rudin} \\end{theorem} $\\frac{\\alpha}{rate}$')).toEqual({
      every: 1, bounded: 1, sequence: 1, rate: 1,
    });
  });

  it('drops front-matter keys and the values of non-content keys, keeps title, author, date …', () => {
    const note = '---\ntitle: Linear maps\nauthor:\n  - Ada Lovelace\nlayout: post\ntags: [algebra, notes]\n# Settings comment\n---\nBody text';
    expect(words(note)).toEqual({ linear: 1, maps: 1, ada: 1, lovelace: 1, body: 1, text: 1 });
  });

  it('reads TOML front matter and per-slide metadata blocks the same way', () => {
    expect(words('+++\ntitle = "Hugo page"\ndraft = true\n+++\nText')).toEqual({ hugo: 1, page: 1, text: 1 });
    expect(words('# Deck\n\n---\nlayout: cover\nclass: text-center\n---\n\n# Second slide')).toEqual({ deck: 1, second: 1, slide: 1 });
  });

  it('treats leading header lines (PEP, letters) as metadata', () => {
    expect(words('PEP: 20\nTitle: The Zen of Python\nStatus: Active\nFrom: Jane Smith\n\nBeautiful is better.')).toEqual({
      the: 1, zen: 1, python: 1, jane: 1, smith: 1, beautiful: 1, better: 1,
    });
  });

  it('drops code-fence info strings, footnote labels, shortcodes, Liquid tags and attribute lists', () => {
    const note = '```python\nprint(value)\n```\nText[^note1] {{< figure src="x.png" >}} {% include foo.html %} ## Slide {auto-animate="true"} {#sec:intro}';
    expect(words(note)).toEqual({ print: 1, value: 1, text: 1, slide: 1 });
  });

  it('drops pandoc-crossref references: the document prints "Figure 1" for them', () => {
    expect(words('See @fig:ramp_one and [@tbl:mu-values]; mail ann@fig.org')).toEqual({ see: 1, and: 1, mail: 1, ann: 1, fig: 1, org: 1 });
  });

  it('reads Obsidian and org links: alias or description, never embeds', () => {
    expect(words('Read [[Evergreen notes|evergreen]] and [[Zettelkasten]] ![[diagram.png]] [[https://orgmode.org][Org manual]]', 'n.org')).toEqual({
      read: 1, evergreen: 1, and: 1, zettelkasten: 1, org: 1, manual: 1,
    });
  });

  it('drops Logseq block properties except content keys', () => {
    expect(words('type:: [[Feature]]\n- **Queries** ask\n  id:: 5feb30e3-fedc\n  title:: Simple queries')).toEqual({ queries: 2, ask: 1, simple: 1 });
  });

  it('org-mode: #+KEY lines, blocks and property drawers', () => {
    const note = '#+TITLE: Garden notes\n#+OPTIONS: toc:nil\n* Roses\n:PROPERTIES:\n:CUSTOM_ID: roses\n:END:\n#+begin_src python\nwater()\n#+end_src';
    expect(words(note, 'n.org')).toEqual({ garden: 1, notes: 1, roses: 1, water: 1 });
  });

  it('reStructuredText: directive and role names, path arguments and field keys', () => {
    const note = '.. note:: Read this first\n\n.. image:: figures/plot.png\n   :alt: Plot\n\nUse :func:`numpy.dot` here.\n\n:Author: Guido van Rossum';
    expect(words(note, 'n.rst')).toEqual({ read: 1, this: 1, first: 1, use: 1, numpy: 1, dot: 1, here: 1, guido: 1, van: 1, rossum: 1 });
  });

  it('AsciiDoc: attributes, block attribute lines, macro targets', () => {
    const note = '= Asciidoctor Guide\n:toc: left\n:author: Dan Allen\n\n[source,ruby]\n----\nputs "hello"\n----\nimage::screenshot.png[Screen shot]';
    expect(words(note, 'n.adoc')).toEqual({ asciidoctor: 1, guide: 1, dan: 1, allen: 1, puts: 1, hello: 1, screen: 1, shot: 1 });
  });

  it('Typst: set/show/let/import lines and #function names', () => {
    const note = '#import "@preview/letter:0.1.0": letter\n#set page(paper: "a4")\n= Results\nSee #link("https://typst.app")[the docs] and #lorem(20).';
    expect(words(note, 'n.typ')).toEqual({ results: 1, see: 1, the: 1, docs: 1, and: 1 });
  });

  it('comments are not words of the note: rST `..` comments, AsciiDoc and Typst `//`, `////` and `/* */`', () => {
    expect(words('.. a comment here\n\nText.\n\n.. [1] A footnote.', 'n.rst')).toEqual({ text: 1, footnote: 1 });
    expect(words('// a comment here\nText.\n////\nhidden block\n////\nMore.', 'n.adoc')).toEqual({ text: 1, more: 1 });
    expect(words('// a comment here\nText /* hidden\nblock */ more.', 'n.typ')).toEqual({ text: 1, more: 1 });
  });

  it('is linear on hostile input (no closing brackets, tags or fences)', () => {
    const note = '<a'.repeat(50_000) + '[^'.repeat(50_000) + '\\x'.repeat(50_000) + '&amp'.repeat(50_000) + '](' + 'word '.repeat(1000);
    expect(noteWordCounts(note).get('word')).toBe(1000);
  });
});

describe('speaker notes: hidden in a presentation as comments are, kept elsewhere without their markers', () => {
  const slides = (note: string, name = 'talk.md') => Object.fromEntries(noteWordCounts(note, noteFormat(name), 'presentation'));
  const article = (note: string, name = 'talk.md') => Object.fromEntries(noteWordCounts(note, noteFormat(name), 'article'));

  it('pandoc and Quarto ::: notes divs (other ::: containers are not notes)', () => {
    const note = '## Results\n\nYield rose.\n\n::: notes\nMention the outlier.\n:::\n\n::: {.notes}\nThank the team.\n:::\n\n:::tip\nShown tip.\n:::';
    expect(slides(note)).toEqual({ results: 1, yield: 1, rose: 1, tip: 2, shown: 1 });
    expect(article(note)).toEqual({ results: 1, yield: 1, rose: 1, mention: 1, the: 2, outlier: 1, thank: 1, team: 1, tip: 2, shown: 1 });
  });

  it('nested divs inside notes, and code fences that hold ::: lines', () => {
    const note = '::: notes\nSay this.\n::: warning\nCareful now.\n:::\nAnd this.\n:::\nShown text.\n```\n::: notes\n```';
    expect(slides(note)).toEqual({ shown: 1, text: 1, notes: 1 });
  });

  it('org #+BEGIN_NOTES blocks', () => {
    const note = '* Slide\nShown text.\n#+BEGIN_NOTES\nSay the hidden words.\n#+END_NOTES\n* Next';
    expect(slides(note, 'talk.org')).toEqual({ slide: 1, shown: 1, text: 1, next: 1 });
    expect(article(note, 'talk.org')).toEqual({ slide: 1, shown: 1, text: 1, say: 1, the: 1, hidden: 1, words: 1, next: 1 });
  });

  it('reveal.js Note: lines hold the rest of their slide, in a deck only', () => {
    const deck = '<section>\n\nWhich way?\n\nNote:\n* Answer is down\n\n</section>\n\n<section>\n\nNext question\n\nNotes: ask first\n\n---\n\nLast slide';
    expect(slides(deck)).toEqual({ which: 1, way: 1, next: 1, question: 1, last: 1, slide: 1 });
    expect(article(deck)).toEqual({ which: 1, way: 1, answer: 1, down: 1, next: 1, question: 1, ask: 1, first: 1, last: 1, slide: 1 });
    // Slidev's per-slide front matter marks a deck too.
    expect(slides('Intro\n\n---\nlayout: cover\n---\n\nShown\n\nNote: hidden')).toEqual({ intro: 1, shown: 1 });
    // Not a deck: `Note:` is a word of the text.
    expect(slides('# Plan\n\nWe meet.\n\nNote: bring keys.')).toEqual({ plan: 1, meet: 1, note: 1, bring: 1, keys: 1 });
  });

  it('style and script elements are not words', () => {
    expect(article('Text\n<style>\nh1 { color: red; }\n</style>\n<script>document.write("x")</script>\nMore')).toEqual({ text: 1, more: 1 });
  });

  it('is linear on hostile input (deep divs, endless notes)', () => {
    const divs = '::: notes\n'.repeat(30_000) + 'said '.repeat(10) + '\n' + ':::\n'.repeat(30_000) + 'word '.repeat(1000);
    expect(noteWordCounts(divs, 'markdown', 'presentation').get('word')).toBe(1000);
    expect(noteWordCounts(divs, 'markdown', 'presentation').get('said')).toBeUndefined();
    const reveal = 'Intro\n\n' + '---\n\n'.repeat(3) + 'Note:\n'.repeat(30_000) + 'word '.repeat(1000);
    expect(noteWordCounts(reveal, 'markdown', 'article').get('word')).toBe(1000);
    expect(noteWordCounts(reveal, 'markdown', 'presentation').get('word')).toBeUndefined();
  });
});

describe('math names', () => {
  it('does not count Greek letter names and sqrt, which a formula prints as symbols', () => {
    expect(words('decay: N = N0 e^(-lambda t), sqrt(2) and theta')).toEqual({ decay: 1, and: 1 });
  });
});

describe('noteFormat', () => {
  it('reads the format from the extension', () => {
    expect(['a.md', 'b.txt', 'c.org', 'd.rst', 'e.adoc', 'f.typ', 'g.qmd'].map(noteFormat)).toEqual(['markdown', 'text', 'org', 'rst', 'asciidoc', 'typst', 'markdown']);
  });
});

describe('words a document prints as something else', () => {
  const counts = (note: string) => Object.fromEntries(noteWordCounts(note, 'text'));
  it('a formula line in words counts only the words its formula shows; a prose line keeps them all', () => {
    const c = counts('Review\n\nintegral from 0 to pi of sin x dx = 2\nelasticity = change in quantity / change in price\n\nThe integral from here on is squared away.\n');
    expect(c['integral']).toBe(1);
    expect(c['from']).toBe(1);
    expect(c['squared']).toBe(1);
    expect(c['elasticity']).toBe(1);
    expect(c['quantity']).toBe(1);
    // A name in a formula's index prints in math italic, letter by letter.
    expect(counts('Forces\n\nF_spring = -k x\n')['spring']).toBeUndefined();
  });

  it('a slide or chapter marker gives way to the document\'s numbering', () => {
    const c = counts('Slide 2: Why solar\n- cheap\n\nChapter 1 - The Storm\nIt rained.\n\nA slide in the park.\n');
    expect(c['slide']).toBe(1);
    expect(c['chapter']).toBeUndefined();
    expect(c['solar']).toBe(1);
    expect(c['storm']).toBe(1);
  });
});

describe('words a dialect hides or the title block shows otherwise', () => {
  it('Marp image directives, Logseq #+BEGIN markers and a byline\'s lead-in are not words', () => {
    expect(words('![bg right 50%](https://x.org/logo.png)\n\n![Our team](t.png)')).toEqual({ our: 1, team: 1 });
    expect(Object.keys(words('- Examples:\n  #+BEGIN_NOTE\n  Desktop only.\n  #+END_NOTE'))).toEqual(['examples', 'desktop', 'only']);
    expect(words('###### Created by [marp-team](https://github.com/marp-team/)')).toEqual({ marp: 1, team: 1 });
  });
});
