import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generate } from '../../index.js';
import { CALLOUT_NOTE } from '../../test-support/format-notes.js';
import type { Block } from '../../tree.js';
import { readNote } from '../index.js';
import { calloutsToQuotes } from './callouts.js';
import { wikiInlines } from './wikilinks.js';

const read = (src: string): Block[] => readNote(`# Notes\n\n${src}`).body;
const body = (latex: string) => latex.slice(latex.indexOf('\\begin{document}'));
const para = (value: string): Block => ({ kind: 'paragraph', inlines: [{ kind: 'text', value }] });

describe('callouts of every dialect become admonitions', () => {
  it('GitHub alerts and Obsidian callouts (titles, folding, nesting, a hard break after the marker)', () => {
    expect(read('> [!WARNING]\n> Mind the gap.')).toEqual([{ kind: 'admonition', label: 'Warning', title: [], blocks: [para('Mind the gap.')] }]);
    expect(read('> [!tip]- Folded *title*\n> Body.\n> > [!faq] Inner\n> > Text.')).toEqual([
      {
        kind: 'admonition',
        label: 'Tip',
        title: [{ kind: 'text', value: 'Folded ' }, { kind: 'emph', children: [{ kind: 'text', value: 'title' }] }],
        blocks: [para('Body.'), { kind: 'admonition', label: 'FAQ', title: [{ kind: 'text', value: 'Inner' }], blocks: [para('Text.')] }],
      },
    ]);
    expect(read('> [!NOTE]\\\n> After a hard break.')).toEqual([{ kind: 'admonition', label: 'Note', title: [], blocks: [para('After a hard break.')] }]);
  });

  it('an ordinary quote stays a quote', () => {
    expect(read('> Just a quote, [!not] a callout.')).toEqual([{ kind: 'quote', blocks: [para('Just a quote, [!not] a callout.')] }]);
  });

  it('MkDocs: !!! and ??? with an indented body (code and nested admonitions inside)', () => {
    const out = read('!!! note "Read this"\n    First.\n\n    ```py\n    x = 1\n    ```\n\n    !!! tip\n        Nested.\n\nAfter.');
    expect(out).toEqual([
      {
        kind: 'admonition',
        label: 'Note',
        title: [{ kind: 'text', value: 'Read this' }],
        blocks: [para('First.'), { kind: 'code', lang: 'py', text: 'x = 1' }, { kind: 'admonition', label: 'Tip', title: [], blocks: [para('Nested.')] }],
      },
      para('After.'),
    ]);
    expect(read('???+ danger\n    Open by default.')).toEqual([{ kind: 'admonition', label: 'Danger', title: [], blocks: [para('Open by default.')] }]);
    // Python-Markdown takes the space after the marker as optional.
    expect(read('!!!example ""\n    Given.')).toEqual([{ kind: 'admonition', label: 'Example', title: [], blocks: [para('Given.')] }]);
  });

  it('prose that starts with bangs or question marks is left alone', () => {
    expect(read('!!! Wow, that worked\n\n??? what now')).toEqual([para('!!! Wow, that worked'), para('??? what now')]);
  });

  it('fenced containers: Docusaurus, MyST (colons and backticks), Quarto and pandoc', () => {
    const kinds = (src: string) => read(src).map((b) => (b.kind === 'admonition' ? [b.label, b.title, b.blocks] : b.kind));
    expect(kinds(':::tip Quick\nBody.\n:::')).toEqual([['Tip', [{ kind: 'text', value: 'Quick' }], [para('Body.')]]]);
    expect(kinds(':::caution[Bracketed]\nBody.\n:::')).toEqual([['Caution', [{ kind: 'text', value: 'Bracketed' }], [para('Body.')]]]);
    expect(kinds(':::{note}\n:class: dropdown\nBody.\n:::')).toEqual([['Note', [], [para('Body.')]]]);
    expect(kinds('```{warning}\nBody.\n```')).toEqual([['Warning', [], [para('Body.')]]]);
    expect(kinds('::: {.callout-important title="Heads up"}\nBody.\n:::')).toEqual([['Important', [{ kind: 'text', value: 'Heads up' }], [para('Body.')]]]);
    expect(kinds('::::: {.callout-note}\n:::tip\nInner.\n:::\n:::::')).toEqual([['Note', [], [{ kind: 'admonition', label: 'Tip', title: [], blocks: [para('Inner.')] }]]]);
  });

  it('Notion exports: <aside> callouts and <details> toggles, without a label', () => {
    expect(read('<aside>\n💡 Remember this.\n\n</aside>')).toEqual([{ kind: 'admonition', label: '', title: [], blocks: [para('💡 Remember this.')] }]);
    expect(read('<details>\n<summary>More</summary>\n\nHidden text.\n\n</details>')).toEqual([
      { kind: 'admonition', label: '', title: [{ kind: 'text', value: 'More' }], blocks: [para('Hidden text.')] },
    ]);
  });

  it('leaves code as written; other fenced divs lose their fences, not their content', () => {
    const code = '```md\n!!! note\n    x\n:::tip\n:::\n```';
    expect(calloutsToQuotes(code)).toBe(code);
    expect(calloutsToQuotes('::: columns\ntext\n:::')).toBe('\ntext\n');
    expect(read(':::: {.columns}\n::: {.column width="50%"}\nLeft.\n:::\n::: {.column}\nRight.\n:::\n::::\n:::')).toEqual([para('Left.'), para('Right.')]);
    expect(read(':::note\nnever closed')).toEqual([{ kind: 'admonition', label: 'Note', title: [], blocks: [para('never closed')] }]);
  });
});

describe('Obsidian and Logseq text', () => {
  it('wikilinks show their alias or page, embeds become images or names, comments go', () => {
    expect(wikiInlines('See [[Page]], [[Page#Part|the part]], [[Other#Section]] and [[Note#^abc123]].')).toEqual([
      { kind: 'text', value: 'See Page, the part, Other: Section and Note.' },
    ]);
    expect(wikiInlines('![[diagram.png]] and ![[Meeting notes]]%% private %% ==key point== ((6405c1a1-1d3a-4d66-9a0b-7b2e2a6f1b3c)).')).toEqual([
      { kind: 'image', alt: 'diagram.png' },
      { kind: 'text', value: ' and ' },
      { kind: 'emph', children: [{ kind: 'text', value: 'Meeting notes' }] },
      { kind: 'text', value: ' ' },
      { kind: 'strong', children: [{ kind: 'text', value: 'key point' }] },
      { kind: 'text', value: ' .' },
    ]);
    expect(wikiInlines('a == b, x==y')).toEqual([{ kind: 'text', value: 'a == b, x==y' }]);
  });

  it('in a generated document no [[ ]] is left', () => {
    const b = body(generate({ content: '# Evergreen\n\nBuilt on [[Everything is a remix]] and [[Writing is telepathy|telepathy]].', documentType: 'article' }).latex);
    expect(b).toContain('Built on Everything is a remix and telepathy.');
    expect(b).not.toContain('{[}{[}');
  });
});

describe('callout notes as documents', () => {
  it('article and presentation: every callout is a labelled box (a beamer block in slides), no markers left', () => {
    for (const documentType of ['article', 'presentation'] as const) {
      const b = body(generate({ content: CALLOUT_NOTE, documentType }).latex);
      for (const head of ['Note', 'Tip: Obsidian title with', 'Note: MkDocs title', 'Tip: Docusaurus title', 'Important: Quarto title', 'See also']) {
        // Slides: beamer blocks ({title} after the environment); elsewhere a bold label line.
        expect(b, documentType).toContain(documentType === 'presentation' ? `}{${head}` : `\\textbf{${head}`);
      }
      expect(b, documentType).not.toMatch(/\[!|!!! note|:::tip|```\{|<aside|<details/);
    }
  });
});

describe('callouts on hostile input', () => {
  const n = 30_000;
  const hostile = [
    '!!! note\n'.repeat(n),
    Array.from({ length: n / 10 }, (_, i) => `${' '.repeat((i * 4) % 400)}!!! note`).join('\n'),
    ':::note\n'.repeat(n),
    ':::\n'.repeat(n),
    '```{note}\n'.repeat(n),
    '<aside>\n'.repeat(n),
    '<details>\n'.repeat(n),
    `${'!!! note\n    body\n'.repeat(n / 2)}`,
  ];

  it('rewrites long runs of markers in one pass (these would time out if quadratic)', () => {
    for (const src of hostile) {
      const out = calloutsToQuotes(`${src}\nsentinelword`);
      expect(out.endsWith('sentinelword')).toBe(true);
      // Nesting is bounded: no line carries more than eight quote markers.
      expect(out.split('\n').every((l) => !l.includes('> '.repeat(9)))).toBe(true);
    }
  });

  it('maps wikilinks, comments and highlights of long hostile text in one pass', () => {
    for (const src of ['[['.repeat(n), '![['.repeat(n), '==a '.repeat(n) + '\n==', '%%'.repeat(n) + '%', '(('.repeat(n), `${'[[a'.repeat(n)}]]`]) {
      const out = wikiInlines(`${src} sentinelword`);
      expect(JSON.stringify(out)).toContain('sentinelword');
    }
  });

  it('whole documents from a few thousand markers', () => {
    for (const src of ['!!! note\n', ':::tip\n', '> [!note]\n', '<aside>\n', '[['].map((m) => m.repeat(2000))) {
      expect(generate({ content: `# Notes\n\n${src}\n\nsentinelword`, documentType: 'article' }).latex).toContain('sentinelword');
    }
  });

  it('never throws and keeps the text of random callout-like notes', () => {
    const piece = fc.constantFrom('!!! note', '??? tip "T"', '    ', ':::', ':::tip', '::: {.callout-note}', '```', '```{note}', '<aside>', '</aside>', '<details>', '</details>', '> ', '> [!note]', '[[', ']]', '|', '%%', '==', '\n', '\n\n', 'word', ' ');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 50 }), (parts) => {
        const { latex } = generate({ content: `# Notes\n\n${parts.join('')}\n\nsentinelword`, documentType: 'article' });
        expect(latex.endsWith('\\end{document}\n')).toBe(true);
        expect(latex).toContain('sentinelword');
      }),
      { numRuns: 300, seed: 20_261_123 },
    );
  });
});
