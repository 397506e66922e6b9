// What every render handler receives: the document's settings and where in the document it is,
// and the two functions that render nested content (handlers never import the dispatcher, so
// the handler map and the handlers form no import cycle).
import type { DocumentType } from '../../../../../shared/document-types.js';
import type { TexProgram } from '../../../../../shared/tex-program.js';
import type { MacroRegistry } from '../math/math.js';
import type { Language } from '../text/language.js';
import type { Block, Inline } from '../tree.js';

export interface RenderContext {
  type: DocumentType;
  program: TexProgram;
  /** The document's main language (words the generator adds: labels, cross-references); English when absent. */
  language?: Language;
  useMath: boolean;
  splitTables: boolean;
  /** Every paragraph stands flush left (the preamble sets no indent): none needs \\noindent. */
  flushParagraphs?: boolean;
  macros: MacroRegistry;
  /** The note writes chemistry: every formula of element symbols with counts is one (KNO3). */
  chemistry?: boolean;
  /** The indexed symbols the note's formula lines use ("VFT_it"), with their TeX: set so in its text too. */
  indexedNames?: ReadonlyMap<string, string>;
  /** Names of the images attached to the document, which figures and images may show. */
  images: readonly string[];
  /** Renders a heading of the given (normalized, 1-based) depth. */
  heading: (heading: HeadingInput) => string;
  /** Set while rendering inside an argument or environment that restricts what may appear. */
  inFootnote?: boolean;
  inList?: number;
  inQuote?: boolean;
  /** Headings, captions, table cells: no footnotes, no line breaks. */
  restricted?: boolean;
  /** Inside a beamer frame: smaller tables, no longtable, flat footnotes. */
  beamer?: boolean;
  /** Two-column pages: LaTeX has no longtable there. */
  twoColumn?: boolean;
}

export interface HeadingInput {
  depth: number;
  /** The heading's text rendered (restricted: no footnotes or line breaks). */
  latex: string;
  plain: string;
  inlines: Inline[];
  /** Outside the numbering (the References section, `{-}` in the note). */
  unnumbered?: boolean;
  /** The number the note gave the unit by a marker ("Chapter 3 - …"). */
  ordinal?: number;
  /** Renders (part of) the heading's inlines the same way. */
  render: (inlines: Inline[]) => string;
  program: TexProgram;
}

export interface Render {
  blocks(blocks: Block[], ctx: RenderContext): string;
  inlines(inlines: Inline[], ctx: RenderContext): string;
}

export type BlockHandler<K extends Block['kind']> = (node: Extract<Block, { kind: K }>, ctx: RenderContext, render: Render) => string;
/** `prev` is the inline before this one in the same run (line breaks look at it). */
export type InlineHandler<K extends Inline['kind']> = (node: Extract<Inline, { kind: K }>, ctx: RenderContext, render: Render, prev: Inline | undefined) => string;

export type BlockHandlers = { [K in Block['kind']]: BlockHandler<K> };
export type InlineHandlers = { [K in Inline['kind']]: InlineHandler<K> };
