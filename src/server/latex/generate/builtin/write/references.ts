// The References section the writer adds after the body: a heading in the document's language,
// outside the numbering, at the depth of the note's top-level sections, and the entries
// parse/citations/ numbered. Notes with a reference list of their own keep theirs instead.
import { referenceWords } from '../text/reference-words.js';
import type { BibEntry, Block } from '../tree.js';

export function referenceBlocks(entries: BibEntry[], language: string, body: readonly Block[]): Block[] {
  if (entries.length === 0) return [];
  let depth = Infinity;
  for (const b of body) if (b.kind === 'heading') depth = Math.min(depth, b.depth);
  return [
    { kind: 'heading', depth: Number.isFinite(depth) ? depth : 1, inlines: [{ kind: 'text', value: referenceWords(language).references }], unnumbered: true },
    { kind: 'bibliography', entries },
  ];
}
