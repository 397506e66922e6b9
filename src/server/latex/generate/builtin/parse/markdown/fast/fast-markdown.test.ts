// Differential test of the fast markdown path against remark: wherever parseFastMarkdown
// accepts a source, its tree must equal remark's (+ GFM + math) in every field markdown.ts
// reads. Inputs: the corpus (whole notes, as generate() passes them, their blank-line chunks
// and chunk pairs), the benchmark's 2,000-word note, hand-written cases for each construct and
// each reason to decline, and random markdown-ish text.
import fc from 'fast-check';
import type { Root } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import { parseFastMarkdown, parseFastMarkdownStrict } from './index.js';
import { extractFrontMatter } from '../../front-matter/index.js';
import { normalizeMathDelimiters } from '../pre-pass.js';
import { extractTags } from '../../snippet-tags.js';
import { corpusNotes } from '../../../../../../../eval/compile-corpus.js';
import { twoThousandWordNote } from '../../../test-support/two-thousand-words.js';

const processor = unified().use(remarkParse).use(remarkGfm).use(remarkMath);

/** The fields markdown.ts's Converter reads; everything else (position, data, spread, meta) is dropped. */
const FIELDS = ['type', 'children', 'value', 'depth', 'ordered', 'start', 'checked', 'lang', 'url', 'title', 'alt', 'align', 'identifier', 'label'] as const;

function project(node: object): Record<string, unknown> {
  const n = node as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of FIELDS) {
    if (!(key in n)) continue;
    const value = n[key];
    out[key] = key === 'children' && Array.isArray(value) ? value.map((child: object) => project(child)) : value;
  }
  // plausibleInlineMath looks at the character after the closing dollars.
  if (n['type'] === 'inlineMath') out['endOffset'] = (n['position'] as { end?: { offset?: number } } | undefined)?.end?.offset;
  return out;
}

function remark(source: string): Root {
  return processor.parse(source);
}

/**
 * Checks `source` and says whether the fast path accepted it. The strict variant lets a bug
 * throw here instead of passing for a decline.
 */
function agrees(source: string, label = JSON.stringify(source)): boolean {
  const fast = parseFastMarkdownStrict(source);
  if (fast === null) return false;
  expect(project(fast), label).toEqual(project(remark(source)));
  return true;
}

/** What generate() hands to parseMarkdown: normalized input, front matter and tags taken out. */
function asGenerateSees(content: string): string {
  const normalized = content
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .replace(/\t/g, '    ')
    // eslint-disable-next-line no-control-regex -- as generate() does
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, ' ');
  return extractTags(extractFrontMatter(normalized).body).text;
}

/**
 * Fixture notes (tests/fixtures/notes, always in the repository) that the fast path takes whole as
 * generate() sees them. A change that makes it decline one of them sends that note back to remark's
 * slower path: this list makes such a change fail here instead of passing unnoticed.
 */
const FIXTURES_THE_FAST_PATH_TAKES = [
  'emoji-jekyll-4-release-post.md',
  'grc-3john-sblgnt.txt',
  'grc-philemon-sblgnt.txt',
  'he-dijkstra-lecture.md',
  'hi-contributing-guide.md',
  'ja-heap-lecture.md',
  'ka-factorial-lecture.md',
  'ka-fibonacci-lecture.md',
  'ko-hash-table-lecture.md',
  'letter-nietzsche-pandoc.md',
  'marp-core-example-slides.md',
  'mixed-ar-algorithms-readme.md',
  'obsidian-clipping-buy-wisely.md',
  'obsidian-meeting-notes.md',
  'obsidian-recipe-nectarine-tart.md',
  'pt-k-means-lecture.md',
  'quarto-lab-report.qmd',
  'quarto-meeting-notes.qmd',
  'uk-bloom-filter-lecture.md',
  'vi-linked-list-lecture.md',
  'zh-prime-factors-lecture.md',
];

describe('parseFastMarkdown on the corpus', () => {
  const notes = corpusNotes();

  it('has the real notes (tests/fixtures/notes, and the shared corpus when present)', () => {
    expect(notes.length, 'the fixture notes are missing: tests/fixtures/notes').toBeGreaterThanOrEqual(60);
  });

  // About 30 s alone; minutes on a 2-core machine that also runs TeX for the other test files.
  it('agrees with remark on every note it accepts, whole, as generate() sees it, in chunks and in chunk pairs', () => {
    let whole = 0;
    let body = 0;
    let parts = 0;
    let partsAccepted = 0;
    const taken = new Set<string>();
    for (const note of notes) {
      const source = normalizeMathDelimiters(note.content);
      if (agrees(source, note.name)) whole++;
      if (agrees(normalizeMathDelimiters(asGenerateSees(note.content)), `${note.name} (as generate() sees it)`)) {
        body++;
        taken.add(note.name);
      }
      const chunks = source.split(/\n[ \t]*\n/);
      chunks.forEach((chunk, i) => {
        parts += 2;
        if (agrees(chunk, `${note.name} chunk ${i}`)) partsAccepted++;
        if (i > 0 && agrees(`${chunks[i - 1]}\n\n${chunk}`, `${note.name} chunks ${i - 1}-${i}`)) partsAccepted++;
      });
    }
    console.log(
      `fast markdown path: ${whole}/${notes.length} corpus notes accepted whole, ${body}/${notes.length} as generate() sees them ` +
        `(front matter and tags removed), ${partsAccepted}/${parts} chunks and chunk pairs`,
    );
    // Most notes that fall back hold HTML, block quotes, setext headings, bare URLs or entities;
    // every fixture note known to be in the common subset must still be taken.
    expect(FIXTURES_THE_FAST_PATH_TAKES.filter((name) => !taken.has(name)), 'fixture notes the fast path now declines').toEqual([]);
  }, 600_000);
});

describe('parseFastMarkdown on the 2,000-word benchmark note', () => {
  it('accepts it and agrees with remark', () => {
    const source = normalizeMathDelimiters(twoThousandWordNote());
    expect(parseFastMarkdown(source)).not.toBeNull();
    expect(agrees(source)).toBe(true);
  });
});

// Each of these must be accepted and equal remark's tree.
const ACCEPTED: Record<string, string[]> = {
  paragraphs: ['a', '  a\n   b  \n  c', 'a\n\n\nb', 'a \nb', 'a  \nb', 'a   \nb', 'a\\\nb', 'a \\\nb', 'a\\', 'a  ', '\n\na\n\n', 'a\n    b', 'line one\nline two\n'],
  headings: ['# a', '###### a', '####### a', '#a', '#', '# ', '#   a   ', '# a #', '## a ##  ', '# a#', '# #', '# a \\#', '#  #  a', '# a # b #', 'a\n# b\nc', '# *a* `b` $c$'],
  fences: ['```\na\n```', '```js\na\n\n b\n```', '```js   foo  bar  \nx\n```', '~~~py\nx\n~~~', '~~~ a`b\nx\n~~~', '````\n```\n````', '  ```\n    x\n y\n  \n     \n  ```', '```\nx\n', '```\nx\n\n', '```\n```', 'a\n```\nb\n```', '```\n*a* $b$ <div> &amp;\n```'],
  math: ['$$\nx\n$$', ' $$\n  x\n   y\n $$', '$$\nx\n', '$$\n$$', 'a\n$$\nx^2\n$$\nb', '$$\na\n\nb\n$$'],
  rules: ['***', '___', '---', 'a\n***', 'a\n___', '***\n- a', '  ***  '],
  lists: [
    '- a\n- b', '* a\n* b', '+ a\n+ b', '- a\n* b', '1. a\n2. b', '1) a\n2) b\n3. c', '2) a\n\n3) b', '007. a', '- a\n\n- b',
    '- a\n  - b\n    - c\n- d', '1. a\n   - b\n     ```js\n     x\n     ```\n2. c', '- a\n\n  b\n- c', '- a\n  b', '- a\nb', '- a\nb\n  c',
    '- a\n  - b\n  c', '- a\n - b\n  - c\n   - d', '10. a\n    b', '- a\n2. b', 'a\n- b', 'a\n1. b', 'a\n2. b', '1. a\n   2. b', '- # h', '- ```\n  x\n  ```',
    '- $$\n  x\n  $$', '- a\n***', '-    a', '- a\n  ```\n  b\n c',
  ],
  tasks: ['- [ ] todo\n- [x] done\n- [X] also', '1. [ ] a', '- [x]  two spaces', '- [ ] *a*', '- [x] a\n  - [ ] b', '- [x] a\n  b', '- a\n\n  [x] b', '[x] not in a list', '- [x]a'],
  tables: [
    '| a | b |\n|---|---|\n| 1 | 2 |', '| a | b |\n|:--|:-:|\n| *x* | `y` |', 'a | b\n--|:-:\nc|d', '|a|\n|-|\n|b|', '| a | |\n|-|-|', '| a |\n|-|\n\nb',
    '| l | c | r |\n|:---|:---:|---:|\n| **b** | $x$ | [l](u) |', '| a `|` b |\n|-|-|', 'a\n| a | b |\n|---|---|', '| a |\n|-|\n- x | y', '| a |\n|-|\n2. x',
    '- a\n  | a |\n  |-|\n  | b |\nc', '- a\n\n| n | 0 |\n|---|---|\n| 1 | 2 |', '| $5 | $10 |\n|---|---|\n| $x$ | y |',
  ],
  emphasis: [
    '*a **b** c*', '**a*', '*a**', '_a_b', 'a_b_', '_a_', 'snake_case_words', 'E = m*g*h', '2*3*4', '2 * 3 * 4', '***x***', '*(a)*', 'a*"b"*c', '*a*.',
    '_(_a_)_', '**a**b', '__a__b', 'a**b**c', '*a*b*c*', '_a*b_c*', 'foo*bar*', '*foo*bar', 'a * b * c', '**a** **b**', 'x**2**y',
    '**a *b* c**', '*a _b* c_', '__a__', '___a___', '****a****', '*a**b**c*', '*é*', '«*a*»', '*—a—*', '—*a*—', 'a*—*b', '*😀*a', '_😀_',
    '*a\nb*', '**a\nb**',
  ],
  code: ['`a*b*$c$`', '``a` ``', '`` a ` b ``', '` `', '`  `', '` a `', '`a  \n   b`', '`a', '``a`', '*a `*` b*', '`$x$`', '\\`a`'],
  inlineMath: ['$x$', '$ $', '$ a$', '$a$$', 'x $$a$ b$$', '$a$b$c$', 'a $x$ b $$y$$ c', '$a\n   b$', '$5 and $10', 'costs $5 and $10.', '$x$5', '*$a*$*', '`$`$'],
  escapes: ['\\$x\\$', '\\*a\\*', '\\_a\\_', '\\[a\\](b)', '\\\\', '\\a', '\\—', '\\#', '\\![a](b)'],
  links: [
    '[a](b)', '[a](b "t")', '[a]( b )', '[a]()', '[a](b(c)d)', '[a](https://en.wikipedia.org/wiki/Foo_(bar))', '[a](b?x=1&y=2)', '[a]', '[a][b]', '[a] (b)',
    '[a [b] c](d)', '[a [b](c) d](e)', '*[a*](b)', '[*a](b)*', '[a `]` b](c)', '[a\nb](c)', '[a](b c)', '[a](*b*)', '[a](b"t")', '[a](b "t" x)',
    '![i](p.png)', '![i *e*](p.png "t")', '![a *b* $c$ `d`  \nx](x "t")', '[![i](p)](u)', '![a [b](c)](d)', '!![a](b)', '[a](b)[c](d)', '[](u)', '![](u)',
  ],
  text: ['a < b', 'x < 5 and y > 3', 'a <- b', 'a <5 > d', 'a <= b >= c', 'A & B', 'AT&T', 'fish & chips;', 'mail me @ home', 'a @b', '“quoted” — dash …', '中文 text'],
};

// Each of these is outside the fast path and must be declined.
const DECLINED: Record<string, string[]> = {
  'tabs and control characters': ['a\tb', '-\ta', 'a\r\nb', '\ufeffa', 'a\u0000b', 'a\u000bb'],
  'block quotes': ['> a', 'a\n> b', '- > a'],
  HTML: ['<div>a</div>', 'a\n<div>', ' <!-- c -->', 'a <b>b</b>', 'a </b>', 'a <!-- c -->', 'a <?x?>'],
  autolinks: ['<https://x.org>', 'a <a@b.co> c', 'see http://x.org', 'see https://x.org', 'see www.x.org', 'mail a@b.co', 'a\\@b.co', '*a*@b.co', '[https://x](u)'],
  'indented code': ['    code', '\n    code', '- a\n\n      code'],
  'setext headings': ['a\n===', 'a\n---', 'a\n-', 'a\n  ==', '- a\n  ---'],
  definitions: ['[a]: /u', '[a]: /u\n\n[a]', 'x\n\n[a]:\n/u', '[^1]: note', 'a[^1]\n\n[^1]: n', 'a [^1] b', 'a ![^1] b'],
  'character references': ['&amp;', 'a &#35; b', 'a &#x23; b', '&copy;', '[a](b&amp;c)'],
  strikethrough: ['~~a~~', '~a~', 'a ~ b'],
  'odd lists': ['-', '- ', 'a\n-', '*a\n*', '*\na*', '1.', '- - a', '1. - a', '-      a', '* * *', '- - -', '    - a'],
  'odd tables': ['| a | b |\n|---|---|\n| 1 |', '| a | b |\n|---|---|\n| 1 | 2 | 3 |', '| a \\| b |\n|-|', '| a |\n|-|\nfoo', 'a\n-|-', '- a | b\n  --|--', '| a | b |\n|-|', '- | a |\n  |-|'],
  'odd links': ['[a](<b>)', '[a](b\\c)', "[a](b 't')", '[a](b (t))', '[a](b\n"c")', '[a](\nb)', '[a](b "t\\"")', '[a]((((((((((b))))))))))'],
  'odd fences and math': ['```\\x\nx\n```', '``` a`b\nx', '```é\nx\n```', '$$ x\ny\n$$', '$$a$ b$$', '$$$\nx\n$$$', '$$x$$', '- ```\n  x\n\ny'],
  'lazy table headers': ['- a\n  b\nc | d\n--|--', '1. a\n    |a\n    |---\nb|c\n-|-'],
};

describe('parseFastMarkdown on hand-written cases', () => {
  for (const [construct, cases] of Object.entries(ACCEPTED)) {
    it(`accepts ${construct} and agrees with remark`, () => {
      for (const source of cases) {
        expect(parseFastMarkdown(source), `${JSON.stringify(source)} should be accepted`).not.toBeNull();
        agrees(source);
      }
    });
  }

  for (const [reason, cases] of Object.entries(DECLINED)) {
    it(`declines ${reason}`, () => {
      for (const source of cases) expect(parseFastMarkdown(source), `${JSON.stringify(source)} should be declined`).toBeNull();
    });
  }

  it('never throws, even on input built to exhaust it', () => {
    const hostile = ['*'.repeat(30_000) + 'a' + '*'.repeat(30_000), '['.repeat(30_000), '[a]('.repeat(10_000), '- '.repeat(5_000) + 'a', '`'.repeat(10_000) + 'a'];
    for (const source of hostile) expect(() => parseFastMarkdown(source)).not.toThrow();
  });

  it('gives inline math the source offset after its closing dollars', () => {
    const source = '- item\n  text $x$ and\n  more $$y$$';
    const tree = parseFastMarkdown(source);
    const offsets: number[] = [];
    const walk = (node: object): void => {
      const n = node as { type: string; position?: { end: { offset?: number } }; children?: object[] };
      if (n.type === 'inlineMath') offsets.push(n.position?.end.offset ?? -1);
      n.children?.forEach(walk);
    };
    walk(tree ?? {});
    expect(offsets).toEqual([source.indexOf('$ and') + 1, source.length]);
  });
});

// Random markdown-ish text. A fixed seed keeps CI reproducible; set LATEXGEN_PROPERTY_SEED=random
// (or a number) to explore.
const SEED_ENV = process.env['LATEXGEN_PROPERTY_SEED'];
const SEED = SEED_ENV === 'random' ? Date.now() % 2_147_483_647 : Number(SEED_ENV ?? 20_261_121);
const RUNS = 4000;

const INLINE_TOKENS: Array<[number, string[]]> = [
  [10, ['a', 'b', 'foo', 'x1', 'bar baz', 'E', 'm', 'g', '2', '10', 'é', 'α', '中']],
  [6, [' ', ' ', '  ', '   ']],
  [5, ['*', '**', '***', '_', '__', '___']],
  [3, ['`', '``', '$', '$$', '\\$', '\\*', '\\_', '\\`', '\\', '\\\\', '\\[', '\\(']],
  [3, ['[', ']', '(', ')', '](u)', '](a b)', '](x "t")', '](<y>)', '![', '](u(v))', ']()', '[x]', '[ ]']],
  [2, ['.', ',', '!', '?', ':', ';', '-', '+', '#', '=', '"', "'", '/', '%', '^', '{', '}', '—', '“', '”', '€', '«', '»', '😀', '\u00a0', '。']],
  [1, ['<', '>', '&', ' & ', ' @ ', 'a < b', '<-', '<5', '<=', '|']],
  [2, ['\n', '\n', '  \n', '\\\n', '\n  ', '\n    ']],
];
const RISKY = ['<', '&amp;', '~', '@', 'a@b.c', 'http://x.y', 'www.x', '<b>', '[^1]', '&#35;', '<a@b>', '\t', '\r\n'];

const token = fc.oneof(...INLINE_TOKENS.map(([weight, list]) => ({ weight, arbitrary: fc.constantFrom(...list) })));
const inline = fc.array(token, { minLength: 1, maxLength: 12 }).map((t) => t.join(''));
const inlineLine = inline.map((s) => s.replace(/\n/g, ' '));
const risky = fc.tuple(inline, fc.constantFrom(...RISKY), inline).map(([a, r, b]) => a + r + b);
const indent = fc.constantFrom('', '', '', ' ', '  ', '   ', '    ', '     ', '      ');
const bar = fc.constantFrom('|', '');

const line: fc.Arbitrary<string> = fc.oneof(
  { weight: 12, arbitrary: inline },
  { weight: 2, arbitrary: fc.tuple(fc.integer({ min: 1, max: 7 }), fc.constantFrom(' ', '', '  '), inlineLine, fc.constantFrom('', ' #', ' ##  ', '#')).map(([n, sp, t, close]) => `${'#'.repeat(n)}${sp}${t}${close}`) },
  { weight: 4, arbitrary: fc.tuple(indent, fc.constantFrom('- ', '* ', '+ ', '1. ', '2. ', '1) ', '10. ', '-  ', '- [ ] ', '- [x] ', '1. [X] ', '-', '- - '), inlineLine).map(([i, m, t]) => `${i}${m}${t}`) },
  { weight: 2, arbitrary: fc.tuple(indent, fc.array(inlineLine, { minLength: 1, maxLength: 4 }), bar, bar).map(([i, cells, a, b]) => `${i}${a}${cells.join('|')}${b}`) },
  { weight: 2, arbitrary: fc.tuple(indent, fc.array(fc.constantFrom('---', ':--', '--:', ':-:', '-', ' --- ', ':---:'), { minLength: 1, maxLength: 4 }), bar, bar).map(([i, cells, a, b]) => `${i}${a}${cells.join('|')}${b}`) },
  { weight: 2, arbitrary: fc.tuple(indent, fc.constantFrom('```', '~~~', '````', '$$', '```js', '``` python x', '~~~ a`b', '$$ x', '```a`', '$$  ')).map(([i, f]) => `${i}${f}`) },
  { weight: 1, arbitrary: fc.tuple(indent, fc.constantFrom('***', '---', '___', '===', '--', '* * *', '- - -', '-', '=')).map(([i, f]) => `${i}${f}`) },
  { weight: 3, arbitrary: fc.constantFrom('', '', ' ', '  ') },
  { weight: 1, arbitrary: fc.oneof(risky, fc.tuple(indent, fc.constantFrom('> ', '<div>', '[a]: /u', '[^1]: x', '    code')).map(([i, f]) => `${i}${f}`)) },
);
const lines = fc.array(line, { minLength: 1, maxLength: 12 }).map((l) => l.join('\n'));

/** Short runs dense in delimiters: emphasis, brackets, code and math interacting. */
const dense = fc
  .array(fc.constantFrom('*', '**', '*', '_', '__', '_', 'a', 'b', 'a', ' ', ' ', '.', '!', '(', ')', '[', ']', '](u)', '`', '$', '\\*', 'é', '—', '"', '\n', '![', '1', '***', '  \n'), { minLength: 1, maxLength: 20 })
  .map((t) => t.join(''));

const cellText = fc
  .array(fc.constantFrom('a', 'b c', '*x*', '**y**', '`c`', '`a|b`', '$x$', '$5', '[l](u)', '_u_', ' ', '  ', '1.5', 'é', '!', '*', '_', '\\*', '$$', '-', ':', 'a', 'b', 'c d'), { maxLength: 3 })
  .map((t) => t.join(''));
const table = fc.tuple(fc.integer({ min: 1, max: 4 }), fc.boolean(), fc.boolean(), fc.integer({ min: 0, max: 4 }), fc.constantFrom('', '', '', ' ', '  ', '   ', '    ')).chain(([cols, lead, trail, rows, ind]) =>
  fc
    .tuple(
      fc.array(cellText, { minLength: cols, maxLength: cols }),
      fc.array(fc.constantFrom('---', ':---', '---:', ':---:', '-', ' --- ', '--'), { minLength: cols, maxLength: cols }),
      fc.array(
        fc.oneof({ weight: 6, arbitrary: fc.array(cellText, { minLength: cols, maxLength: cols }) }, { weight: 1, arbitrary: fc.array(cellText, { minLength: Math.max(1, cols - 1), maxLength: cols + 1 }) }),
        { minLength: rows, maxLength: rows },
      ),
    )
    .map(([header, delimiters, body]) => {
      const row = (cells: string[]): string => `${ind}${lead ? '|' : ''}${cells.join('|')}${trail ? '|' : ''}`;
      return [row(header), row(delimiters), ...body.map(row)].join('\n');
    }),
);

const itemText = fc
  .array(fc.constantFrom('a', 'b', 'item', '*e*', '`c`', '$m$', '[ ] ', '[x] ', 'a', 'b', 'a', 'b', '**s**', '# h', '```', '$$', '1. ', '- ', 'x | y'), { minLength: 1, maxLength: 3 })
  .map((t) => t.join(' '));
const itemTail = fc.constantFrom('', '', '\n', '\ncont', '\n  cont', '\n    cont', '\n\n  para', '\n  ```\n  code\n  ```', '\n   ```\n  code', '\n  $$\n  x\n  $$', '\n  | a |\n  |---|\n  | b |', '\nlazy', '\n\n| t |\n|---|');
const list = fc
  .array(fc.tuple(fc.integer({ min: 0, max: 2 }), fc.constantFrom('-', '-', '*', '+', '1.', '1.', '2.', '1)', '9.'), fc.constantFrom(' ', ' ', ' ', '  ', '   '), itemText, itemTail), { minLength: 1, maxLength: 6 })
  .map((items) => items.map(([depth, marker, space, text, tail]) => `${'  '.repeat(depth)}${marker}${space}${text}${tail.replace(/\n(?=.)/g, `\n${'  '.repeat(depth)}`)}`).join('\n'));

const structured = fc.array(fc.oneof(table, list, line, fc.constantFrom('', '', '```', '$$')), { minLength: 1, maxLength: 8 }).map((b) => b.join('\n'));

const markdownish = fc.oneof(
  { weight: 4, arbitrary: structured },
  { weight: 2, arbitrary: dense },
  { weight: 1, arbitrary: inline },
  { weight: 4, arbitrary: lines },
  { weight: 1, arbitrary: lines.map((d) => `${d}\n`) },
);

describe('parseFastMarkdown on random markdown-ish text', () => {
  it(`agrees with remark wherever it accepts (${RUNS} runs)`, () => {
    let checked = 0;
    let accepted = 0;
    fc.assert(
      fc.property(markdownish, (source) => {
        for (const s of [source, normalizeMathDelimiters(source)]) {
          checked++;
          if (agrees(s)) accepted++;
        }
      }),
      { numRuns: RUNS, seed: SEED },
    );
    // The property says nothing if the fast path declines (almost) everything.
    expect(accepted / checked, `seed ${SEED}: only ${accepted} of ${checked} sources accepted`).toBeGreaterThan(0.3);
  });
});
