import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generate } from '../../index.js';
import { ORG_NOTE } from '../../test-support/format-notes.js';
import type { Block } from '../../tree.js';
import { readNote } from '../index.js';
import { pickReader } from '../readers.js';
import { looksLikeOrg } from './detect.js';
import { orgReader } from './index.js';

const blocks = (src: string): Block[] => orgReader.blocks(src, { expandPlaceholder: () => [] });
const inlines = (src: string) => orgReader.inlines(src);
const body = (latex: string) => latex.slice(latex.indexOf('\\begin{document}'));

describe('org detection', () => {
  it('takes notes with org keywords, blocks, drawers or [[target][description]] links', () => {
    expect(looksLikeOrg(ORG_NOTE)).toBe(true);
    expect(looksLikeOrg('#+TITLE: Notes\n\nSome text.')).toBe(true);
    expect(looksLikeOrg('** Intro\n   See [[https://orgmode.org][Org]].\n** More\n   text\n*** Deeper\n    x')).toBe(true);
    expect(pickReader(ORG_NOTE).name).toBe('org');
  });

  it('leaves Markdown, AsciiDoc and plain bullet lists to their readers', () => {
    expect(looksLikeOrg('# Title\n\n```js\nx\n```\n\n[a](b)')).toBe(false);
    // `* item` is a bullet in AsciiDoc, rST, Markdown and plain notes: stars alone never decide.
    const bullets = Array.from({ length: 30 }, (_, i) => `* item ${i}`).join('\n');
    expect(looksLikeOrg(`Shopping\n\n${bullets}\n\n*** Topic: state machines\n\ntext`)).toBe(false);
    expect(looksLikeOrg('= AsciiDoc Title\n\n* {url-docs}/asciidoc/[AsciiDoc]\n* link:x[y]')).toBe(false);
    // Logseq Markdown pages mix key:: properties with #+BEGIN_ blocks.
    expect(looksLikeOrg('- title:: Queries\n- #+BEGIN_QUERY\n  x\n  #+END_QUERY\n- [a](b)\n- ```clj\n  x\n  ```')).toBe(false);
  });
});

describe('org blocks', () => {
  it('reads the file keywords as metadata, not text', () => {
    const note = readNote(ORG_NOTE);
    expect(note.title).toBe('Lab Notebook: Pendulum Timing');
    expect(note.meta.author).toBe('Dana Whitfield');
    expect(note.meta.date).toBe('2024-03-14 Thu');
    expect(JSON.stringify(note.body)).not.toMatch(/#\+|OPTIONS|STARTUP/);
  });

  it('front matter wins over the keywords it also states', () => {
    expect(readNote('---\ntitle: From YAML\n---\n#+TITLE: From org\n\n* One\ntext').title).toBe('From YAML');
  });

  it('headlines: levels, TODO keywords, priorities and tags off; COMMENT and :noexport: subtrees left out', () => {
    const out = blocks('* TODO [#A] Write report :work:urgent:\ntext\n** Sub\nmore\n* COMMENT Draft\nhidden\n** still hidden\n* Private :noexport:\nsecret\n* DONE Last');
    expect(out.filter((b) => b.kind === 'heading').map((b) => (b.kind === 'heading' ? [b.depth, b.inlines] : null))).toEqual([
      [1, [{ kind: 'text', value: 'Write report' }]],
      [2, [{ kind: 'text', value: 'Sub' }]],
      [1, [{ kind: 'text', value: 'Last' }]],
    ]);
    expect(JSON.stringify(out)).not.toMatch(/hidden|secret|Draft/);
  });

  it('drawers and planning lines are not text; other drawers keep their content', () => {
    const out = blocks('* Task\nSCHEDULED: <2024-01-05 Fri>\n:PROPERTIES:\n:ID: 42\n:END:\n:NOTES:\nKeep me.\n:END:\nBody.');
    expect(out.slice(1)).toEqual([
      { kind: 'paragraph', inlines: [{ kind: 'text', value: 'Keep me.' }] },
      { kind: 'paragraph', inlines: [{ kind: 'text', value: 'Body.' }] },
    ]);
  });

  it('lists: bullets, numbers with a start, checkboxes, nesting by indentation, description lists', () => {
    const out = blocks('- [X] done\n- [ ] open\n  1. first\n  2. second\n\n3) three\n4) four\n\n- Term :: its description\n- Other :: more');
    expect(out[0]).toMatchObject({ kind: 'list', ordered: false, items: [{ checked: true }, { checked: false }] });
    const open = out[0]?.kind === 'list' ? out[0].items[1]?.blocks[1] : undefined;
    expect(open).toMatchObject({ kind: 'list', ordered: true, start: 1, items: [{}, {}] });
    expect(out[1]).toMatchObject({ kind: 'list', ordered: true, start: 3 });
    expect(out[2]).toEqual({
      kind: 'definitions',
      items: [
        { term: [{ kind: 'text', value: 'Term' }], blocks: [{ kind: 'paragraph', inlines: [{ kind: 'text', value: 'its description' }] }] },
        { term: [{ kind: 'text', value: 'Other' }], blocks: [{ kind: 'paragraph', inlines: [{ kind: 'text', value: 'more' }] }] },
      ],
    });
  });

  it('a headline after a list item ends the list', () => {
    const out = blocks('* A\n- item\n\n* B\ntext');
    expect(out.map((b) => b.kind)).toEqual(['heading', 'list', 'heading', 'paragraph']);
  });

  it('tables: the rows above the first rule are the header; alignment cookies set alignment', () => {
    const out = blocks('#+CAPTION: Trials\n| a | b |\n|---+---|\n| <l> | <r> |\n| 1 | 2 |\n| 3 | 4 |');
    expect(out[0]).toEqual({ kind: 'paragraph', inlines: [{ kind: 'emph', children: [{ kind: 'text', value: 'Trials' }] }] });
    expect(out[1]).toMatchObject({ kind: 'table', header: [[{ value: 'a' }], [{ value: 'b' }]], align: ['left', 'right'] });
    expect(out[1]?.kind === 'table' ? out[1].rows.length : 0).toBe(2);
  });

  it('blocks: source, example, quote, verse, admonitions, comments, fixed-width lines', () => {
    const out = blocks(
      '#+BEGIN_SRC python :results output\nprint(1)\n,* not a headline\n#+END_SRC\n\n#+begin_example\nliteral *text*\n#+end_example\n\n' +
        '#+BEGIN_QUOTE\nWise words.\n#+END_QUOTE\n\n#+BEGIN_VERSE\nline one\nline two\n#+END_VERSE\n\n#+BEGIN_TIP Handy\nUse it.\n#+END_TIP\n\n' +
        '#+BEGIN_COMMENT\nnot shown\n#+END_COMMENT\n\n: fixed width\n: second',
    );
    expect(out).toEqual([
      { kind: 'code', lang: 'python', text: 'print(1)\n* not a headline' },
      { kind: 'code', lang: '', text: 'literal *text*' },
      { kind: 'quote', blocks: [{ kind: 'paragraph', inlines: [{ kind: 'text', value: 'Wise words.' }] }] },
      { kind: 'paragraph', inlines: [{ kind: 'text', value: 'line one' }, { kind: 'break' }, { kind: 'text', value: 'line two' }] },
      { kind: 'admonition', label: 'Tip', title: [{ kind: 'text', value: 'Handy' }], blocks: [{ kind: 'paragraph', inlines: [{ kind: 'text', value: 'Use it.' }] }] },
      { kind: 'code', lang: '', text: 'fixed width\nsecond' },
    ]);
  });

  it('math: LaTeX environments, \\[ \\] and $$ displays', () => {
    const out = blocks('\\begin{align}\na &= b\n\\end{align}\n\n\\[ x^2 \\]\n\n$$y$$ then text');
    expect(out).toEqual([
      { kind: 'math', tex: '\\begin{align}\na &= b\n\\end{align}' },
      { kind: 'math', tex: 'x^2' },
      { kind: 'math', tex: 'y' },
      { kind: 'paragraph', inlines: [{ kind: 'text', value: 'then text' }] },
    ]);
  });

  it('an image link alone is a figure with the caption before it', () => {
    expect(blocks('#+CAPTION: The set-up\n[[file:img/setup%20photo.png]]')).toEqual([
      { kind: 'figure', description: [{ kind: 'text', value: 'img/setup photo.png' }], caption: [{ kind: 'text', value: 'The set-up' }] },
    ]);
  });

  it('outline pages (Logseq): headlines without text below the top level become nested list items', () => {
    const out = blocks('* Topic\n** first idea\n** second idea\n*** detail\n** third idea\n* Next\n** more');
    expect(out.map((b) => b.kind)).toEqual(['heading', 'list', 'heading', 'list']);
    const list = out[1];
    expect(list?.kind === 'list' ? list.items.length : 0).toBe(3);
    expect(list?.kind === 'list' ? list.items[1]?.blocks[1]?.kind : '').toBe('list');
  });

  it('footnotes: referenced ones at their place, unreferenced ones kept at the end', () => {
    const out = blocks('Claim.[fn:1] Inline[fn::said here].\n\n[fn:1] The source.\n\n[fn:2] Orphan text.');
    expect(out[0]).toMatchObject({
      kind: 'paragraph',
      inlines: [{ kind: 'text', value: 'Claim.' }, { kind: 'footnote' }, { kind: 'text', value: ' Inline' }, { kind: 'footnote' }, { kind: 'text', value: '.' }],
    });
    expect(out[1]).toEqual({ kind: 'paragraph', inlines: [{ kind: 'text', value: 'Orphan text.' }] });
  });
});

describe('org inlines', () => {
  it('emphasis markers by org rules, not inside words', () => {
    expect(inlines('*bold* /it/ _under_ +gone+ =verb= ~code~ and a/b/c, 2*3*4')).toEqual([
      { kind: 'strong', children: [{ kind: 'text', value: 'bold' }] },
      { kind: 'text', value: ' ' },
      { kind: 'emph', children: [{ kind: 'text', value: 'it' }] },
      { kind: 'text', value: ' ' },
      { kind: 'emph', children: [{ kind: 'text', value: 'under' }] },
      { kind: 'text', value: ' ' },
      { kind: 'strike', children: [{ kind: 'text', value: 'gone' }] },
      { kind: 'text', value: ' ' },
      { kind: 'code', value: 'verb' },
      { kind: 'text', value: ' ' },
      { kind: 'code', value: 'code' },
      { kind: 'text', value: ' and a/b/c, 2*3*4' },
    ]);
  });

  it('links: described, bare, internal targets, images; bare URLs', () => {
    expect(inlines('[[https://orgmode.org][Org *mode*]] [[*Setup][the set-up]] [[id:abc]] [[./fig.png]] see https://x.org/a.')).toEqual([
      { kind: 'link', url: 'https://orgmode.org', children: [{ kind: 'text', value: 'Org ' }, { kind: 'strong', children: [{ kind: 'text', value: 'mode' }] }] },
      { kind: 'text', value: ' ' },
      { kind: 'emph', children: [{ kind: 'text', value: 'the set-up' }] },
      { kind: 'text', value: ' abc ' },
      { kind: 'image', alt: './fig.png' },
      { kind: 'text', value: ' see ' },
      { kind: 'link', url: 'https://x.org/a', children: [{ kind: 'text', value: 'https://x.org/a' }] },
      { kind: 'text', value: '.' },
    ]);
  });

  it('math, entities, timestamps, line ends, macros and export snippets', () => {
    expect(inlines('$x^2$ and \\(y\\), 5\\deg{} \\alpha, on <2024-03-01 Fri> {{{kbd(C-c)}}}@@html:<b>@@ end\\\\\nnext')).toEqual([
      { kind: 'math', tex: 'x^2' },
      { kind: 'text', value: ' and ' },
      { kind: 'math', tex: 'y' },
      { kind: 'text', value: ', 5° α, on 2024-03-01 Fri C-c end' },
      { kind: 'break' },
      { kind: 'text', value: 'next' },
    ]);
    // Money is not math: a digit after the closing dollar, or a space inside.
    expect(inlines('costs $5 or $ 6$')).toEqual([{ kind: 'text', value: 'costs $5 or $ 6$' }]);
  });
});

describe('org notes as documents', () => {
  it('article: sections, description list, table, admonitions and code, no org markup left', () => {
    const b = body(generate({ content: ORG_NOTE, documentType: 'article' }).latex);
    expect(b).toContain('\\author{Dana Whitfield}');
    expect(b).toContain('\\section{Setup}');
    expect(b).toContain('\\subsection{Checklist}');
    expect(b).toContain('\\item[{String length}] 1.20 m');
    expect(b).toContain('\\textbf{Warning: Do not}');
    expect(b).toContain('\\begin{equation}');
    expect(b).toMatch(/\\begin\{(longtable|tabular)/);
    expect(b).not.toMatch(/#\+|:PROPERTIES:|SCHEDULED|\[fn:|\[\[|Scratch|Private/);
  });

  it('presentation: admonitions as beamer blocks and description lists inside frames', () => {
    const b = body(generate({ content: ORG_NOTE, documentType: 'presentation' }).latex);
    expect(b).toContain('\\begin{description}');
    expect(b).toContain('\\begin{block}{Note}');
    expect(b).toContain('\\begin{alertblock}{Warning: Do not}');
    expect(b).not.toMatch(/#\+|\[\[/);
  });
});

describe('org reader on hostile input', () => {
  const hostile = [
    '[['.repeat(40_000),
    '[[a]['.repeat(30_000),
    '*a '.repeat(50_000),
    `${'*a '.repeat(50_000)}\n\nb*`,
    `${'$a '.repeat(50_000)}\n\nb$`,
    '/'.repeat(100_000),
    '=x '.repeat(50_000),
    '$a '.repeat(50_000),
    '\\('.repeat(50_000),
    '<<'.repeat(50_000),
    '@@x:'.repeat(30_000),
    '{{{'.repeat(40_000),
    '[fn:'.repeat(30_000),
    '#+BEGIN_SRC\n'.repeat(20_000),
    '#+BEGIN_QUOTE\n'.repeat(20_000),
    ':DRAWER:\n'.repeat(20_000),
    '\\begin{align}\n'.repeat(20_000),
    '\\[\n'.repeat(40_000),
    Array.from({ length: 3000 }, (_, i) => `${' '.repeat(i % 200)}- x`).join('\n'),
    Array.from({ length: 3000 }, (_, i) => `${'*'.repeat((i % 50) + 1)} h`).join('\n'),
  ];

  it('reads long runs of openers without closers in one pass (these would time out if quadratic)', () => {
    for (const src of hostile) {
      const note = `#+TITLE: x\n${src}\nsentinelword`;
      expect(pickReader(note).name).toBe('org');
      // The reader itself: readNote reads walls of markup this long as text before any reader.
      expect(JSON.stringify(blocks(note))).toContain('sentinelword');
    }
  });

  it('whole documents from a few thousand openers', () => {
    for (const src of hostile.map((h) => h.slice(0, 8000))) {
      expect(generate({ content: `#+TITLE: x\n${src}`, documentType: 'article' }).latex.endsWith('\\end{document}\n')).toBe(true);
    }
  });

  it('never throws and keeps the text of random org-like notes', () => {
    const piece = fc.constantFrom('* ', '** ', '- ', '1. ', '| a |', '|-+-|', '#+BEGIN_SRC', '#+END_SRC', '#+TITLE: t', ':PROPERTIES:', ':END:', '[[', ']]', '][', '*', '/', '=', '~', '$', '\\(', '\\)', '[fn:1]', '\n', '\n\n', 'word', ' ');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 60 }), (parts) => {
        const src = `#+TITLE: t\n${parts.join('')} sentinelword`;
        const { latex } = generate({ content: src, documentType: 'article' });
        expect(latex.endsWith('\\end{document}\n')).toBe(true);
        expect(latex).toContain('sentinelword');
      }),
      { numRuns: 300, seed: 20_261_123 },
    );
  });
});
