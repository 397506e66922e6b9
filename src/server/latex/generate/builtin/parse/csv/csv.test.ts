// The CSV/TSV reader: records per RFC 4180 (quoted separators, doubled quotes, line feeds in
// quotes), which notes are data (and which prose, lists or Markdown tables are not), the table
// and title it gives.
import { describe, expect, it } from 'vitest';
import { generate } from '../../index.js';
import type { Block, NoteMeta } from '../../tree.js';
import { pickReader } from '../readers.js';
import { delimitedNote } from './detect.js';
import { delimitedReader } from './index.js';
import { readRecords } from './records.js';

function read(src: string): { blocks: Block[]; meta: Partial<NoteMeta> } {
  const meta: Partial<NoteMeta> = {};
  const blocks = delimitedReader.blocks(src, { expandPlaceholder: () => [], foundMeta: (m) => Object.assign(meta, m) });
  return { blocks, meta };
}
const cells = (b: Block | undefined): string[][] => {
  if (b?.kind !== 'table') return [];
  return [b.header, ...b.rows].map((r) => r.map((c) => (c[0]?.kind === 'text' ? c[0].value : '')));
};

describe('CSV records', () => {
  it('quoted fields hold separators, doubled quotes and line feeds', () => {
    expect(readRecords('a,"b,c","say ""hi"""\n"multi\nline",2,3', ',')).toEqual({
      rows: [
        ['a', 'b,c', 'say "hi"'],
        ['multi\nline', '2', '3'],
      ],
      wellFormed: true,
    });
    expect(readRecords('a,"unclosed', ',').wellFormed).toBe(false);
    expect(readRecords('a,"x"y', ',').wellFormed).toBe(false);
  });
});

describe('CSV detection', () => {
  it('takes comma- and tab-separated data', () => {
    expect(delimitedNote('name,age\nAda,36\nAlan,41')?.sep).toBe(',');
    expect(delimitedNote('a\tb\tc\n1\t2\t3')?.sep).toBe('\t');
    expect(delimitedNote('Sales 2024\nregion,q1,q2\nnorth,1,2')?.title).toBe('Sales 2024');
    expect(delimitedNote('id,text\n1,"a, b"\n2,"c ""d"""')?.rows).toHaveLength(3);
  });

  it('refuses prose, lists, Markdown tables and uneven rows', () => {
    expect(delimitedNote('Dear Sam, hello\nBest, Bob')).toBeNull();
    expect(delimitedNote('I came, I saw.\nThen, I left.\nAnd so, it ended.')).toBeNull();
    expect(delimitedNote('- apples, pears\n- figs, plums\n- nuts, seeds')).toBeNull();
    expect(delimitedNote('| a, b | c |\n|---|---|\n| 1, 2 | 3 |')).toBeNull();
    expect(delimitedNote('a,b,c\n1,2\n3,4,5')).toBeNull();
    expect(delimitedNote('just one line, with, commas')).toBeNull();
    expect(delimitedNote('# Notes\n\nText, more text.')).toBeNull();
    // Numbered verses: a reference, a tab, then a sentence — text, not data.
    expect(delimitedNote('Phlm 1:1\tPaul, a prisoner of Christ Jesus, and Timothy our brother, to Philemon\nPhlm 1:2\tand to Apphia our sister, and to Archippus our fellow soldier, and to the church')).toBeNull();
  });

  it('is picked for data notes and not for a Markdown note with commas', () => {
    expect(pickReader('x,y\n1,2\n3,4').name).toBe('csv');
    expect(pickReader('# Title\n\nOne, two.\n\nThree, four.').name).toBe('markdown');
  });
});

describe('CSV → document tree', () => {
  it('the first record is the header; numbers are right-aligned; the header never names the document', () => {
    const { blocks, meta } = read('name,score,city\nAda,10,"London, UK"\nAlan,9.5,Wilmslow');
    expect(blocks).toHaveLength(1);
    expect(cells(blocks[0])).toEqual([
      ['name', 'score', 'city'],
      ['Ada', '10', 'London, UK'],
      ['Alan', '9.5', 'Wilmslow'],
    ]);
    expect(blocks[0]?.kind === 'table' && blocks[0].align).toEqual([null, 'right', null]);
    expect(meta.title).toBe('Untitled Document');
  });

  it('a title line before the records becomes the title', () => {
    const { blocks, meta } = read('Quarterly sales\nregion\tq1\nnorth\t1\nsouth\t2');
    expect(blocks[0]).toEqual({ kind: 'heading', depth: 1, inlines: [{ kind: 'text', value: 'Quarterly sales' }] });
    expect(cells(blocks[1])[0]).toEqual(['region', 'q1']);
    expect(meta.title).toBeUndefined();
  });

  it('through generate(): a table, tabs kept as separators, the title', () => {
    const csv = generate({ content: 'name,age\nAda,36\nAlan,41\n', documentType: 'article' });
    expect(csv.latex).toContain('\\textbf{name} & \\textbf{age}');
    expect(csv.latex).toContain('Ada & 36');
    expect(csv.title).toBe('Untitled Document');
    const tsv = generate({ content: 'Inventory\r\nitem\tcount\r\npens\t4\r\ncups\t2\r\n', documentType: 'article' });
    expect(tsv.title).toBe('Inventory');
    expect(tsv.latex).toContain('pens & 4');
  });
});
