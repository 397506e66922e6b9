// The precompiled formats' preambles: one per document type and TeX program, holding everything
// any lean preamble of the type may load (lean-preamble.ts): every package, every helper, babel with
// every language. Unused, they change nothing; what a document's own preamble does differently
// (its main language, the commands it lacks) runs after the format (formatStandIn), and its fonts
// run as written. Loading a dumped format skips the package loading, which makes every compile
// markedly faster.
import type { DocumentType } from '../../../../../shared/document-types.js';
import { DOCUMENT_TYPES } from '../../../../../shared/document-types.js';
import { TEX_PROGRAMS, type TexProgram } from '../../../../../shared/tex-program.js';
import { cjkFamiliesAhead } from './cjk-fonts.js';
import { fontsAhead } from './font-slots.js';
import { commonSlots } from './preamble-slots.js';
import { headerOf, titleVariants } from './lean-preamble.js';

export interface Preamble {
  id: string;
  documentType: DocumentType;
  program: TexProgram;
  preamble: string;
  /** TeX for the format's \everyjob (XeLaTeX): every job runs it before its document. */
  warmUp?: string;
  /** TeX only a waiting XeLaTeX process runs: font families most documents declare. */
  whileWaiting?: string;
  /** A short report's class line, its title above its text (notitlepage): the class chooses \maketitle as it loads. */
  inlineTitle?: true;
}

/** The format's id for a document type and program (lean preambles of the type map to it). */
export function formatId(documentType: DocumentType, program: TexProgram, inlineTitle = false): string {
  return inlineTitle ? `${documentType}-notitlepage-${program}` : `${documentType}-${program}`;
}

function buildPreamble(type: DocumentType, program: TexProgram, inlineTitle: boolean): string {
  let text = headerOf(type, program, { inlineTitle });
  for (const slot of commonSlots(type, program)) text += slot.format;
  // XeLaTeX: the end of what the format holds (XeTeX cannot dump loaded fonts; a document's fonts
  // come after it). Without a format it is \relax.
  if (program === 'xelatex') text += '\\csname endofdump\\endcsname\n';
  return text;
}

// (A report has a second pair: a short one sets its title above its text, and report.cls picks
// that \maketitle as it loads, so no stand-in after the usual format can give it.)
const PREAMBLES: Preamble[] = DOCUMENT_TYPES.flatMap((documentType) =>
  titleVariants(documentType).flatMap((inlineTitle) =>
    TEX_PROGRAMS.map((program) => ({
      id: formatId(documentType, program, inlineTitle),
      documentType,
      program,
      preamble: buildPreamble(documentType, program, inlineTitle),
      ...(program === 'xelatex' ? { warmUp: '\\relax', whileWaiting: `${cjkFamiliesAhead()}${fontsAhead()}` } : {}),
      ...(inlineTitle ? { inlineTitle: true as const } : {}),
    })),
  ),
);

/** Every format preamble (for precompiled formats in the compile service). */
export function listPreambles(): Preamble[] {
  return PREAMBLES.map((p) => ({ ...p }));
}
