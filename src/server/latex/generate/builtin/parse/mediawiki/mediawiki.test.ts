// The MediaWiki reader: detection on wikitext's own signals (never AsciiDoc's `== x ==` or a
// Markdown note), and each construct — headings, quotes, lists, links, tables, <ref>, templates,
// <nowiki>, <pre>, categories — on the document tree; hostile wikitext reads whole.
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Block, NoteMeta } from '../../tree.js';
import { pickReader } from '../readers.js';
import { looksLikeMediawiki } from './detect.js';
import { mediawikiReader } from './index.js';
import { preprocessWikitext } from './preprocess.js';

const FIXTURES = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../../../../tests/fixtures/notes');
const t = (value: string) => ({ kind: 'text', value }) as const;
const p = (...inlines: unknown[]) => ({ kind: 'paragraph', inlines });

function read(src: string): { blocks: Block[]; meta: Partial<NoteMeta> } {
  const meta: Partial<NoteMeta> = {};
  const blocks = mediawikiReader.blocks(src, { expandPlaceholder: () => [{ kind: 'rule' }], foundMeta: (m) => Object.assign(meta, m) });
  return { blocks, meta };
}

describe('MediaWiki detection', () => {
  it('takes headings or tables with wikitext inline markup', () => {
    expect(looksLikeMediawiki("== History ==\n'''Rome''' was founded.")).toBe(true);
    expect(looksLikeMediawiki('Intro [[Paris|the city]].\n\n=== Sights ===\nMore.')).toBe(true);
    expect(looksLikeMediawiki('{| class="wikitable"\n|-\n| a || b\n|}\nSee [[Table]] here.')).toBe(true);
    expect(looksLikeMediawiki('== Notes ==\nA claim.<ref>Source</ref>')).toBe(true);
  });

  it('refuses AsciiDoc, Markdown and notes with one kind of signal', () => {
    expect(looksLikeMediawiki('= Document\n\n== Section ==\n\n[[anchor]]\nText.')).toBe(false);
    expect(looksLikeMediawiki("== Section ==\n\n'''\n\nText after a rule.")).toBe(false);
    expect(looksLikeMediawiki('== Only headings ==\nText.\n== More ==\nText.')).toBe(false);
    expect(looksLikeMediawiki("# Title\n\n'''quoted''' [a](b)\n\n```\ncode\n```\n\n== x ==")).toBe(false);
    expect(looksLikeMediawiki('a == b and c == d')).toBe(false);
  });

  it('takes none of the fixture notes', () => {
    for (const f of readdirSync(FIXTURES).filter((n) => !n.endsWith('.json'))) {
      const note = readFileSync(join(FIXTURES, f), 'utf8');
      expect(looksLikeMediawiki(note), f).toBe(false);
      expect(pickReader(note).name, f).not.toBe('mediawiki');
    }
  });
});

describe('MediaWiki → document tree', () => {
  it('headings by their = count, bold and italic toggles, a title from the lead', () => {
    const { blocks, meta } = read("'''Alan Turing''' was ''English''.\n\n== Life ==\n=== Early ===\n'''''both''''' and ''it '''bi''' it''");
    expect(meta.title).toBe('Alan Turing');
    expect(blocks[0]).toEqual(p({ kind: 'strong', children: [t('Alan Turing')] }, t(' was '), { kind: 'emph', children: [t('English')] }, t('.')));
    expect(blocks[1]).toEqual({ kind: 'heading', depth: 2, inlines: [t('Life')] });
    expect(blocks[2]).toEqual({ kind: 'heading', depth: 3, inlines: [t('Early')] });
    expect(blocks[3]).toEqual(
      p(
        { kind: 'strong', children: [{ kind: 'emph', children: [t('both')] }] },
        t(' and '),
        { kind: 'emph', children: [t('it ')] },
        { kind: 'strong', children: [{ kind: 'emph', children: [t('bi')] }] },
        { kind: 'emph', children: [t(' it')] },
      ),
    );
  });

  it('lists nested by their leading characters, definitions and indents', () => {
    const { blocks } = read('* one\n** deep\n* two\n# first\n## inner\n;Term : meaning\n: more');
    expect(blocks[0]).toEqual({
      kind: 'list',
      ordered: false,
      start: 1,
      items: [
        { checked: null, blocks: [p(t('one')), { kind: 'list', ordered: false, start: 1, items: [{ checked: null, blocks: [p(t('deep'))] }] }] },
        { checked: null, blocks: [p(t('two'))] },
      ],
    });
    expect(blocks[1]).toMatchObject({ kind: 'list', ordered: true, items: [{ blocks: [p(t('first')), { kind: 'list', ordered: true }] }] });
    expect(blocks[2]).toEqual({ kind: 'definitions', items: [{ term: [t('Term')], blocks: [p(t('meaning')), p(t('more'))] }] });
    expect(read(': an indented remark').blocks).toEqual([{ kind: 'quote', blocks: [p(t('an indented remark'))] }]);
  });

  it('internal and external links, files, categories', () => {
    const { blocks } = read('In [[Paris]], [[France|the country]] and [[Bird]]s. [https://example.org Site] [https://bare.org] [[Category:Cities]]\n\n[[File:Eiffel.jpg|thumb|The [[Eiffel Tower]]]]');
    expect(blocks[0]).toEqual(
      p(
        t('In Paris, the country and Birds. '),
        { kind: 'link', url: 'https://example.org', children: [t('Site')] },
        t(' '),
        { kind: 'link', url: 'https://bare.org', children: [t('https://bare.org')] },
        t(' '),
      ),
    );
    expect(blocks[1]).toEqual(p({ kind: 'image', alt: 'The Eiffel Tower (Eiffel.jpg)' }));
    // Layout options are no caption.
    expect(read('[[File:X.png|thumb|200px]]').blocks).toEqual([p({ kind: 'image', alt: 'X.png' })]);
  });

  it('tables with header cells, inline cells, attributes and a caption', () => {
    const { blocks } = read('{| class="wikitable"\n|+ Results\n|-\n! Year !! Event\n|-\n| 1936 || [[Turing machine|Machine]] paper\n|-\n| style="color:red" | 1950\n| Test\n|}');
    expect(blocks[0]).toEqual(p(t('Results')));
    expect(blocks[1]).toEqual({
      kind: 'table',
      header: [[t('Year')], [t('Event')]],
      rows: [
        [[t('1936')], [t('Machine paper')]],
        [[t('1950')], [t('Test')]],
      ],
      align: [null, null],
    });
  });

  it('a table in a cell gives its cells\' text, not its markup', () => {
    const { blocks } = read('{|\n| outer ||\n{|\n| inner || more\n|}\n|}');
    expect(blocks[0]).toMatchObject({ kind: 'table', rows: [[[t('outer')], [t('inner more')]]] });
  });

  it('<ref> footnotes, templates, <nowiki>, <math>, <pre>, indented code, rules', () => {
    const { blocks } = read("Claim.<ref>Hodges, ''Enigma''.</ref> {{Infobox\n| name = X\n}}{{lang|de|Wort}} {{reflist}}\n\n<nowiki>'''raw'''</nowiki> <math>x^2</math>\n\n<pre>\na < b\n</pre>\n code line\n----");
    expect(blocks[0]).toEqual(
      p(t('Claim.'), { kind: 'footnote', blocks: [p(t('Hodges, '), { kind: 'emph', children: [t('Enigma')] }, t('.'))] }, t(' Wort')),
    );
    expect(blocks[1]).toEqual(p(t("'''raw''' "), { kind: 'math', tex: 'x^2' }));
    expect(blocks[2]).toEqual({ kind: 'code', lang: '', text: 'a < b' });
    expect(blocks[3]).toEqual({ kind: 'code', lang: '', text: 'code line' });
    expect(blocks[4]).toEqual({ kind: 'rule' });
  });

  it('templates: nested ones go whole, unclosed braces stay text', () => {
    expect(preprocessWikitext('a {{outer|{{inner|x}}|y}} b')).toBe('a y b');
    expect(preprocessWikitext('a {{cite web|url=x|title=T}} b')).toBe('a  b');
    expect(preprocessWikitext('a {{ b {{c}} d')).toBe('a {{ b  d');
    expect(preprocessWikitext('x<!-- hidden -->y __TOC__')).toBe('xy ');
  });

  it('hostile wikitext reads whole', () => {
    for (const src of ["'".repeat(50_000), '[['.repeat(30_000), '{{'.repeat(30_000), '{|\n'.repeat(20_000), '<ref>'.repeat(20_000), '='.repeat(50_000), '*#:;'.repeat(20_000)]) {
      const blocks = read(`== a ==\n[[b|c]]\n${src}`).blocks;
      expect(blocks.length).toBeGreaterThan(0);
    }
  });
});
