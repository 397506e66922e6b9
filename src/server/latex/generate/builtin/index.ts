// The builtin generator: notes → a complete LaTeX document for one of the six document types.
// Pure and synchronous. The pipeline, one folder per step:
//   parse/   the note's format is detected and read into the document tree (tree.ts)
//   render/  one handler per node kind turns the tree into LaTeX
//   write/   one writer per document type builds the document around it, after a preamble of what it uses
// text/ (escaping, Unicode, language) and math/ (user math, ASCII formulas) serve them all.
import { GenerateInputSchema, type GenerateInput } from '../../../../shared/generate-options.js';
import type { TexProgram } from '../../../../shared/tex-program.js';
import { readNote } from './parse/index.js';
import { writeDocument } from './write/index.js';

export interface GenerateResult {
  latex: string;
  title: string;
  engine: 'builtin';
  texProgram: TexProgram;
}

/** Generates a complete LaTeX document from a note. */
export function generate(input: GenerateInput): GenerateResult {
  const { content, documentType, options } = GenerateInputSchema.parse(input);
  const { title, author, date } = options.settings ?? {};
  const note = readNote(content, { title, author, date }, { letter: documentType === 'letter', slides: documentType === 'presentation', remarks: documentType !== 'basic' });
  const doc = writeDocument(note, documentType, options);
  return { latex: doc.latex, title: doc.title, engine: 'builtin', texProgram: doc.texProgram };
}

export { listPreambles, type Preamble } from './write/preambles.js';
export { recognisePreamble, formatStandIn } from './write/lean-preamble.js';
export { generatorCounts, addCounts, setFailureReporter, type GeneratorCounts } from './counters.js';
