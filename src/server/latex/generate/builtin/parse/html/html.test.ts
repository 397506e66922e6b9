// The HTML reader: which notes it takes (documents and tag-made fragments, never a Markdown note
// with a few tags), how each element maps onto the document tree, and that broken or hostile
// markup still reads whole.
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Block, NoteMeta } from '../../tree.js';
import { pickReader } from '../readers.js';
import { looksLikeHtml } from './detect.js';
import { htmlReader } from './index.js';

const FIXTURES = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../../../../tests/fixtures/notes');

function read(src: string): { blocks: Block[]; meta: Partial<NoteMeta> } {
  const meta: Partial<NoteMeta> = {};
  const blocks = htmlReader.blocks(src, { expandPlaceholder: () => [{ kind: 'rule' }], foundMeta: (m) => Object.assign(meta, m) });
  return { blocks, meta };
}

describe('HTML detection', () => {
  it('takes documents and fragments made of block tags', () => {
    expect(looksLikeHtml('<!DOCTYPE html>\n<html><body>Hi</body></html>')).toBe(true);
    expect(looksLikeHtml('  \n<html lang="en">\nText')).toBe(true);
    expect(looksLikeHtml('<?xml version="1.0"?>\n<html xmlns="http://www.w3.org/1999/xhtml">')).toBe(true);
    expect(looksLikeHtml('<h1>Title</h1><p>One line of a Google Docs export</p>')).toBe(true);
    expect(looksLikeHtml('<div>Milk</div>\n<div>Eggs</div>\n<div><br></div>\n<ul>\n<li>Bread</li>\n</ul>')).toBe(true);
  });

  it('leaves Markdown and prose with a few tags alone', () => {
    expect(looksLikeHtml('# Notes\n\nSome <b>bold</b> text and a <br> break.\n\n- item')).toBe(false);
    expect(looksLikeHtml('<p align="center"><img src="logo.png"></p>\n\n# Project\n\nIt does things.\n\nMore text.\n\nAnd more.')).toBe(false);
    expect(looksLikeHtml('x < y and y > z\n\n1 < 2')).toBe(false);
    // Mostly banner tags, but Markdown sections between them.
    expect(looksLikeHtml('<p align="center">\n<img src="logo.png">\n</p>\n<h1 align="center">Tool</h1>\n<div>\n<a href="x"><img src="b.svg"></a>\n</div>\n\n## Install\n\n- npm i tool')).toBe(false);
    expect(looksLikeHtml('<b>Bold only</b>\n<i>no block tag</i>')).toBe(false);
    expect(looksLikeHtml('Plain note without markup.')).toBe(false);
  });

  it('takes none of the fixture notes, HTML-bearing Markdown included', () => {
    const files = readdirSync(FIXTURES).filter((f) => !f.endsWith('.json') && f !== 'SOURCES.md');
    const withTags = files.filter((f) => /<(?:p|div|img|br|b|a)\b/i.test(readFileSync(join(FIXTURES, f), 'utf8')));
    expect(withTags.length).toBeGreaterThanOrEqual(5);
    for (const f of files) {
      const note = readFileSync(join(FIXTURES, f), 'utf8');
      expect(looksLikeHtml(note), f).toBe(false);
      expect(pickReader(note).name, f).not.toBe('html');
    }
  });
});

describe('HTML → document tree', () => {
  it('headings, paragraphs, line breaks and inline marks', () => {
    const { blocks } = read('<h2>Intro &amp; more</h2>\n<p>Some <b>bold</b>, <em>emph</em>, <u>under</u>, <s>gone</s>, <code>x&lt;y</code> and <kbd>Ctrl</kbd><br>next   line</p>');
    expect(blocks[0]).toEqual({ kind: 'heading', depth: 2, inlines: [{ kind: 'text', value: 'Intro & more' }] });
    expect(blocks[1]).toEqual({
      kind: 'paragraph',
      inlines: [
        { kind: 'text', value: 'Some ' },
        { kind: 'strong', children: [{ kind: 'text', value: 'bold' }] },
        { kind: 'text', value: ', ' },
        { kind: 'emph', children: [{ kind: 'text', value: 'emph' }] },
        { kind: 'text', value: ', ' },
        { kind: 'emph', children: [{ kind: 'text', value: 'under' }] },
        { kind: 'text', value: ', ' },
        { kind: 'strike', children: [{ kind: 'text', value: 'gone' }] },
        { kind: 'text', value: ', ' },
        { kind: 'code', value: 'x<y' },
        { kind: 'text', value: ' and ' },
        { kind: 'code', value: 'Ctrl' },
        { kind: 'break' },
        { kind: 'text', value: 'next line' },
      ],
    });
  });

  it('nested lists, implied </li>, ordered start and checkboxes', () => {
    const { blocks } = read('<ul><li>One<li>Two<ul><li>Deep</li></ul></li><li><input type="checkbox" checked> done</li></ul><ol start="3"><li>three</ol>');
    expect(blocks).toEqual([
      {
        kind: 'list',
        ordered: false,
        start: 1,
        items: [
          { checked: null, blocks: [{ kind: 'paragraph', inlines: [{ kind: 'text', value: 'One' }] }] },
          {
            checked: null,
            blocks: [
              { kind: 'paragraph', inlines: [{ kind: 'text', value: 'Two' }] },
              { kind: 'list', ordered: false, start: 1, items: [{ checked: null, blocks: [{ kind: 'paragraph', inlines: [{ kind: 'text', value: 'Deep' }] }] }] },
            ],
          },
          { checked: true, blocks: [{ kind: 'paragraph', inlines: [{ kind: 'text', value: 'done' }] }] },
        ],
      },
      { kind: 'list', ordered: true, start: 3, items: [{ checked: null, blocks: [{ kind: 'paragraph', inlines: [{ kind: 'text', value: 'three' }] }] }] },
    ]);
  });

  it('tables with a header row, colspan and implied cells', () => {
    const { blocks } = read('<table><caption>Scores</caption><thead><tr><th>Name<th>Score</thead><tbody><tr><td colspan="2">both</td><tr><td>Ada<td>10</table>');
    expect(blocks[0]).toEqual({ kind: 'paragraph', inlines: [{ kind: 'text', value: 'Scores' }] });
    const t = blocks[1] as Extract<Block, { kind: 'table' }>;
    expect(t.kind).toBe('table');
    expect(t.header).toEqual([[{ kind: 'text', value: 'Name' }], [{ kind: 'text', value: 'Score' }]]);
    expect(t.rows).toEqual([
      [[{ kind: 'text', value: 'both' }], []],
      [[{ kind: 'text', value: 'Ada' }], [{ kind: 'text', value: '10' }]],
    ]);
  });

  it('pre, blockquote, hr, links, images and figures', () => {
    const { blocks } = read(
      '<pre><code class="language-python">if a < b:\n    pass\n</code></pre><blockquote><p>Said</p></blockquote><hr>' +
        '<p>See <a href="https://example.org">the site</a> and <a href="#top">top</a> <img src="a.png" alt="icon"></p>' +
        '<p><img src="https://x.org/cat.png" alt="A cat"></p><figure><img src="f.png" alt="F"><figcaption>Fig one</figcaption></figure>',
    );
    expect(blocks[0]).toEqual({ kind: 'code', lang: 'python', text: 'if a < b:\n    pass' });
    expect(blocks[1]).toEqual({ kind: 'quote', blocks: [{ kind: 'paragraph', inlines: [{ kind: 'text', value: 'Said' }] }] });
    expect(blocks[2]).toEqual({ kind: 'rule' });
    expect(blocks[3]).toEqual({
      kind: 'paragraph',
      inlines: [
        { kind: 'text', value: 'See ' },
        { kind: 'link', url: 'https://example.org', children: [{ kind: 'text', value: 'the site' }] },
        { kind: 'text', value: ' and top ' },
        { kind: 'image', alt: 'icon (a.png)', url: 'a.png' },
      ],
    });
    expect(blocks[4]).toEqual({ kind: 'figure', description: [{ kind: 'text', value: 'A cat (https://x.org/cat.png)' }], caption: [{ kind: 'text', value: 'A cat' }], image: 'https://x.org/cat.png' });
    expect(blocks[5]).toMatchObject({ kind: 'figure', caption: [{ kind: 'text', value: 'Fig one' }], image: 'f.png' });
  });

  it('drops head, scripts, styles, comments and svg; <title> names the document without <h1>', () => {
    const { blocks, meta } = read('<!DOCTYPE html><html><head><title>Page &eacute;t&eacute;</title><style>p{}</style></head><body><script>if (a<b) x()</script><!-- hidden --><noscript>n</noscript><svg><text>s</text></svg><h2>Sec</h2><p>Body</p></body></html>');
    expect(meta.title).toBe('Page été');
    expect(blocks).toEqual([
      { kind: 'heading', depth: 2, inlines: [{ kind: 'text', value: 'Sec' }] },
      { kind: 'paragraph', inlines: [{ kind: 'text', value: 'Body' }] },
    ]);
    expect(read('<title>T</title><h1>Own</h1><p>x</p>').meta.title).toBeUndefined();
    // Without <title> or a leading heading, the first words name it (not the markup).
    expect(read('<div><b>Shopping</b></div><div>Milk</div>').meta.title).toBe('Shopping');
  });

  it('character references, definition lists, sub and sup', () => {
    const { blocks } = read('<p>&lt;tag&gt; &#233;&#x20AC; &copy; &bogus; H<sub>2</sub>O x<sup>2</sup></p><dl><dt>Term</dt><dd>Meaning</dd></dl>');
    expect(blocks[0]).toEqual({ kind: 'paragraph', inlines: [{ kind: 'text', value: '<tag> é€ © &bogus; H₂O x²' }] });
    expect(blocks[1]).toEqual({ kind: 'definitions', items: [{ term: [{ kind: 'text', value: 'Term' }], blocks: [{ kind: 'paragraph', inlines: [{ kind: 'text', value: 'Meaning' }] }] }] });
  });

  it('a snippet-tag placeholder paragraph is expanded', () => {
    expect(read('<p>LGTAG0QX</p>').blocks).toEqual([{ kind: 'rule' }]);
  });

  it('broken and hostile markup reads whole, its text kept', () => {
    expect(read('<p>open <b>bold <i>both').blocks).toEqual([
      { kind: 'paragraph', inlines: [{ kind: 'text', value: 'open ' }, { kind: 'strong', children: [{ kind: 'text', value: 'bold ' }, { kind: 'emph', children: [{ kind: 'text', value: 'both' }] }] }] },
    ]);
    expect(read('<p>a < b and <c</p>').blocks).toEqual([{ kind: 'paragraph', inlines: [{ kind: 'text', value: 'a < b and' }] }]);
    const deep = `<div>${'<div>'.repeat(10_000)}deep text${'</div>'.repeat(10_000)}</div><p>after</p>`;
    const text = JSON.stringify(read(deep).blocks);
    expect(text).toContain('deep text');
    expect(text).toContain('after');
    expect(htmlReader.inlines('<b>x</b> &amp; y')).toEqual([{ kind: 'strong', children: [{ kind: 'text', value: 'x' }] }, { kind: 'text', value: ' & y' }]);
  });
});
