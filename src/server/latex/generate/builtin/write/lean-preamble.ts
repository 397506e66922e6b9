// The preamble a document shows: its class, then only the packages, languages, fonts and helpers
// its body uses (preamble-slots.ts, font-slots.ts), built the same way every time from what the
// body uses, so that the compile service can recognise a preamble the generator made (it rebuilds
// it from the pieces it shows and compares) and compile it with the type's precompiled format.
import { DOCUMENT_TYPES, type DocumentType } from '../../../../../shared/document-types.js';
import { TEX_PROGRAMS, type TexProgram } from '../../../../../shared/tex-program.js';
import { bodyUses, usesAny, type BodyUses } from './body-uses.js';
import type { DocumentScripts } from './document-scripts.js';
import { fontBlockIds, fontSlots, usesRuns } from './font-slots.js';
import { HELPERS } from './preamble-helpers.js';
import { commonSlots } from './preamble-slots.js';
import type { Slot } from './slot.js';

/** Class options a document may change: they sit in the class line. */
export interface ClassOptions {
  fontSize?: 10 | 11 | 12;
  paper?: 'a4' | 'letter';
  /** A report's title on the first page, above its text, not on a page of its own (a short report). */
  inlineTitle?: boolean;
  /** Paragraphs flush left with space between them (a note of lines kept one per line). */
  flushParagraphs?: boolean;
}

export const PROGRAM_LINE = '% !TEX program = xelatex';

export function classLine(type: DocumentType, program: TexProgram, options: ClassOptions = {}): string {
  const size = `${options.fontSize ?? 11}pt`;
  const paper = `${options.paper ?? 'a4'}paper`;
  switch (type) {
    case 'presentation':
      // Beamer loads hyperref itself: see preamble-slots.ts for why XeLaTeX wants no page labels.
      return `\\documentclass[${size},aspectratio=169${program === 'xelatex' ? ',hyperref={pdfpagelabels=false}' : ''}]{beamer}`;
    case 'book':
      // oneside: no blank verso pages in a PDF that is read on screen.
      return `\\documentclass[${size},${paper},oneside]{book}`;
    case 'basic':
      return `\\documentclass[${size},${paper}]{article}`;
    case 'report':
      return `\\documentclass[${size},${paper}${options.inlineTitle ? ',notitlepage' : ''}]{report}`;
    default:
      return `\\documentclass[${size},${paper}]{${type}}`;
  }
}

/** The first lines: which TeX program (Overleaf and TeXstudio read it) and the class. */
export function headerOf(type: DocumentType, program: TexProgram, options: ClassOptions = {}): string {
  return `${program === 'xelatex' ? `${PROGRAM_LINE}\n` : ''}${classLine(type, program, options)}\n`;
}

const slotCache = new Map<string, Slot[]>();

/** Every slot of the type and program, in order. */
export function slotsOf(type: DocumentType, program: TexProgram): Slot[] {
  const key = `${type}-${program}`;
  let slots = slotCache.get(key);
  if (!slots) {
    slots = [...commonSlots(type, program), ...(program === 'xelatex' ? fontSlots() : [])];
    slotCache.set(key, slots);
  }
  return slots;
}

const MATH_COMMANDS = ['text', 'eqref', 'operatorname', 'DeclareMathOperator', 'dfrac', 'tfrac', 'binom', 'boldsymbol', 'mathbb', 'mathfrak'];
/** amssymb's symbols that a character typed in text stands for (✓ is \\ensuremath{\\checkmark}). */
const AMS_SYMBOLS = ['checkmark', 'square', 'blacksquare', 'therefore', 'because', 'nexists', 'subsetneq', 'triangleq', 'rightleftarrows', 'varnothing', 'lozenge', 'blacklozenge', 'boxtimes', 'boxplus'];
const COLOR_COMMANDS = ['color', 'textcolor', 'colorbox', 'fcolorbox', 'definecolor'];
/** Caption names babel defines and LaTeX's standard classes do not. */
const BABEL_ONLY_CAPTIONS = ['prefacename', 'seename', 'alsoname', 'glossaryname'];
/** Whether the body captions a figure or table: the letter class has no \\figurename or \\tablename, babel does. */
const captions = (uses: BodyUses) => usesAny(uses, ['caption', 'lgcaption', 'figurename', 'tablename']);
/** graphicx's commands (KaTeX's \\reflectbox among them). */
const GRAPHICX_COMMANDS = ['includegraphics', 'reflectbox', 'rotatebox', 'scalebox', 'resizebox'];
const TABLES = ['tabular', 'tabular*', 'longtable', 'tabularx', 'array'];

/** The blocks a document shows, by id, from what its body uses. */
function blockIds(type: DocumentType, scripts: DocumentScripts, uses: BodyUses, flush = false): Set<string> {
  const ids = new Set<string>(['fontenc', 'lmodern', 'fontspec', 'geometry', 'hyperref', 'bookmark', 'microtype', 'layout']);
  const calls = (name: string) => uses.commands.has(name);
  const env = (name: string) => uses.environments.has(name);
  const beamer = type === 'presentation';
  if (scripts.program === 'pdflatex') {
    // babel's captions: the language's, or English ones the classes lack (\\prefacename, a book's preface).
    if (scripts.babel !== 'english' || BABEL_ONLY_CAPTIONS.some(calls) || (type === 'letter' && captions(uses))) ids.add(`babel:${scripts.babel}`);
  } else {
    const fonts = scripts.fonts;
    const fontIds = fonts ? fontBlockIds(fonts, calls, env) : [];
    for (const id of fontIds) ids.add(id);
    const languages = new Set<string>();
    for (const id of fontIds) if (id.startsWith('run:')) languages.add(id.split(':')[2] ?? 'english');
    ids.add(fonts?.rtl || [...fontIds].some((id) => id.endsWith(':x')) ? 'babel:bidi' : 'babel');
    if (scripts.babel !== 'english') ids.add(`babel-main:${scripts.babel}`);
    for (const language of languages) if (language !== 'english' && language !== scripts.babel) ids.add(`babel-lang:${language}`);
    if (fonts?.cjk) ids.add('xecjk');
    if (usesRuns(fontIds)) ids.add('helper:runfont');
  }
  const math = uses.math || usesAny(uses, MATH_COMMANDS);
  if (math || calls('ce')) ids.add('amsmath');
  if (math || calls('lgtaskopen') || calls('lgtaskdone') || usesAny(uses, AMS_SYMBOLS)) ids.add('amssymb');
  // \\ratio: mhchem lets it be \\relax, and the math names (math/latex-names.ts) were read with mhchem loaded.
  if (usesAny(uses, ['ce', 'cee', 'cf', 'ratio'])) ids.add('mhchem');
  if (TABLES.some(env)) ids.add('array');
  if (env('tabularx')) ids.add('tabularx');
  if (usesAny(uses, ['toprule', 'midrule', 'bottomrule', 'cmidrule'])) ids.add('booktabs');
  if (env('longtable')) ids.add('longtable');
  const code = env('lstlisting') || calls('lstinline');
  if (code) ids.add('listings');
  if (!beamer && (code || usesAny(uses, COLOR_COMMANDS))) ids.add('xcolor');
  if (usesAny(uses, GRAPHICX_COMMANDS)) ids.add('graphicx');
  if (uses.listDepth > 0) ids.add('enumitem').add('lists');
  if (uses.listDepth > 4) ids.add('deep-lists');
  if (calls('url')) ids.add('xurl');
  if (uses.matrixColumns > 10) ids.add('matrix-columns');
  if (beamer && calls('mathrm')) ids.add('sans-mathrm');
  if (flush) ids.add('flush-paragraphs');
  for (const helper of HELPERS) {
    if (helper.commands.some(calls) || (helper.environments ?? []).some(env)) ids.add(`helper:${helper.id}`);
  }
  return ids;
}

/** The preamble (everything before \\begin{document}) of a document whose body is `body`. */
export function leanPreamble(type: DocumentType, scripts: DocumentScripts, body: string, options: ClassOptions = {}): string {
  const ids = blockIds(type, scripts, bodyUses(body), options.flushParagraphs === true);
  let text = headerOf(type, scripts.program, options);
  for (const slot of slotsOf(type, scripts.program)) {
    const block = slot.variants.find((b) => ids.has(b.id));
    if (block) text += block.text;
  }
  return text;
}

/** The pieces a preamble shows, when it is exactly one the generator makes. */
export interface RecognisedPreamble {
  type: DocumentType;
  program: TexProgram;
  /** Whether the class line has the type's usual options (11pt, A4): only then does its format apply. */
  defaultClass: boolean;
  /** A short report's notitlepage: its own format. */
  inlineTitle: boolean;
  /** The chosen variant of each slot (null where the preamble shows none). */
  chosen: Array<Slot['variants'][number] | null>;
  slots: Slot[];
  /** Offset in the preamble where the first block that runs as written starts (or its end). */
  tailStart: number;
}

/** The class lines a type has: a report's title page, or its title above its text (notitlepage); one for the others. */
export const titleVariants = (type: DocumentType): boolean[] => (type === 'report' ? [false, true] : [false]);

const HEADERS: Array<{ header: string; type: DocumentType; program: TexProgram; defaultClass: boolean; inlineTitle: boolean }> = DOCUMENT_TYPES.flatMap((type) =>
  TEX_PROGRAMS.flatMap((program) =>
    ([10, 11, 12] as const).flatMap((fontSize) =>
      (['a4', 'letter'] as const).flatMap((paper) =>
        titleVariants(type).map((inlineTitle) => ({
          header: headerOf(type, program, { fontSize, paper, inlineTitle }),
          type,
          program,
          // (The report class chooses its \maketitle as it loads: notitlepage has a format of its own, preambles.ts.)
          defaultClass: fontSize === 11 && paper === 'a4',
          inlineTitle,
        })),
      ),
    ),
  ),
);

/**
 * The pieces of `preamble` when rebuilding it from them gives exactly the same text; null for any
 * other preamble (an edited one compiles as written). Linear in the preamble's length.
 */
export function recognisePreamble(preamble: string): RecognisedPreamble | null {
  // Articles and basic documents share a class line: each header that fits is tried.
  for (const head of HEADERS) {
    if (!preamble.startsWith(head.header)) continue;
    const found = readSlots(preamble, head);
    if (found) return found;
  }
  return null;
}

function readSlots(preamble: string, head: (typeof HEADERS)[number]): RecognisedPreamble | null {
  const slots = slotsOf(head.type, head.program);
  const chosen: RecognisedPreamble['chosen'] = [];
  let at = head.header.length;
  let rebuilt = head.header;
  let tailStart = -1;
  for (const slot of slots) {
    let match: Slot['variants'][number] | null = null;
    for (const block of slot.variants) {
      if ((!match || block.text.length > match.text.length) && preamble.startsWith(block.text, at)) match = block;
    }
    chosen.push(match);
    if (match) {
      if (match.kind === 'tail' && tailStart < 0) tailStart = at;
      at += match.text.length;
      rebuilt += match.text;
    }
  }
  if (rebuilt !== preamble) return null;
  return { type: head.type, program: head.program, defaultClass: head.defaultClass, inlineTitle: head.inlineTitle, chosen, slots, tailStart: tailStart < 0 ? at : tailStart };
}

/**
 * What a compile with the type's format runs in place of the preamble's pieces the format does
 * not hold as they are: the main language, and the undefinitions of what the document lacks.
 * Blocks that run as written come after, as they stand.
 */
export function formatStandIn(recognised: RecognisedPreamble): string {
  let text = '';
  recognised.slots.forEach((slot, i) => {
    const block = recognised.chosen[i];
    if (block?.kind === 'emulated') text += block.emulate ?? '';
    else if (!block && slot.format && slot.absent) text += slot.absent;
  });
  return text;
}
