// The CSV/TSV reader: a note that is nothing but delimited records — at least two, every one
// with the same number (one or more) of commas or tabs outside quotes — is one table, its first
// record the header. A first line without separators is the title. Prose with a comma per line,
// lists and Markdown tables are not records (detect.ts).
import type { Align, Block, Inline } from '../../tree.js';
import type { NoteReader, ReaderContext } from '../reader.js';
import { delimitedNote } from './detect.js';

const NUMBER = /^[-+]?[$€£¥]?[0-9][0-9,. ]{0,30}%?$/;

/** Numbers are set right-aligned, as a spreadsheet shows them. */
function columnAlign(rows: string[][], width: number): Align[] {
  const align: Align[] = [];
  for (let c = 0; c < width; c++) {
    let numbers = 0;
    let others = 0;
    for (const row of rows) {
      const v = (row[c] ?? '').trim();
      if (v === '') continue;
      if (NUMBER.test(v)) numbers++;
      else others++;
    }
    align.push(numbers > 0 && others === 0 ? 'right' : null);
  }
  return align;
}

function cell(value: string): Inline[] {
  const v = value.trim();
  return v === '' ? [] : [{ kind: 'text', value: v }];
}

export function parseDelimited(src: string, ctx: ReaderContext): Block[] {
  const note = delimitedNote(src);
  // Not records after all (the reader was asked directly): the lines as paragraphs.
  if (!note) return src.split(/\n[ \t]*\n/).filter((p) => p.trim() !== '').map((p) => ({ kind: 'paragraph', inlines: cell(p) }));
  const [header = [], ...rows] = note.rows;
  const blocks: Block[] = [];
  if (note.title) blocks.push({ kind: 'heading', depth: 1, inlines: cell(note.title) });
  // The header names columns, not the document.
  else ctx.foundMeta?.({ title: 'Untitled Document' });
  blocks.push({ kind: 'table', header: header.map(cell), rows: rows.map((r) => r.map(cell)), align: columnAlign(rows, header.length) });
  return blocks;
}

export const delimitedReader: NoteReader = {
  name: 'csv',
  detect: (src) => delimitedNote(src) !== null,
  blocks: parseDelimited,
  inlines: cell,
};
