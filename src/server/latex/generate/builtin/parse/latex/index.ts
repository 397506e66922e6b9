// The LaTeX reader: a pasted document (preamble and all) or LaTeX fragments. Comments are taken
// out; of the preamble only \title, \author and \date are kept (as the document's metadata, the
// writer makes its own title and preamble); the body is read by parser.ts.
import type { Block, Inline } from '../../tree.js';
import type { NoteReader, ReaderContext } from '../reader.js';
import { looksLikeLatex } from './detect.js';
import { LatexParser } from './parser.js';
import { stripComments } from './source.js';

const BEGIN_DOCUMENT = '\\begin{document}';

export function parseLatex(source: string, ctx: ReaderContext): Block[] {
  const src = stripComments(source);
  const parser = new LatexParser(src, ctx);
  const begin = src.indexOf(BEGIN_DOCUMENT);
  if (begin === -1) return parser.blocks(0, src.length, 0);
  parser.preambleMeta(0, begin);
  const from = begin + BEGIN_DOCUMENT.length;
  const end = src.indexOf('\\end{document}', from);
  return parser.blocks(from, end === -1 ? src.length : end, 0);
}

export function parseLatexInlines(source: string): Inline[] {
  const src = stripComments(source);
  return new LatexParser(src, { expandPlaceholder: () => [] }).inlines(0, src.length, 0);
}

export const latexReader: NoteReader = {
  name: 'latex',
  detect: looksLikeLatex,
  blocks: parseLatex,
  inlines: parseLatexInlines,
};
