// What the LaTeX environment readers (environments.ts) need of the reader (parser.ts): its
// source and closer tables, block and inline reading of a range, and argument scanning.
import type { Block, Inline } from '../../tree.js';

/** A range of the source: an argument's content [from, to) and where the argument ends. */
export interface Span {
  from: number;
  to: number;
  end: number;
}

export interface LatexParse {
  readonly src: string;
  readonly braces: Int32Array;
  readonly envEnds: ReadonlyMap<number, number>;
  /** The caption a figure or table being read has met (\caption sets it). */
  float: { caption: Inline[] | null } | null;
  blocks(from: number, to: number, depth: number): Block[];
  inlines(from: number, to: number, depth: number): Inline[];
  /** A `[…]` argument at `at` (spaces before it skipped), or null. */
  optional(at: number, to: number): Span | null;
  /** A `{…}` argument at `at` (spaces before it skipped), or null. */
  group(at: number, to: number): Span | null;
}

/** Nesting deeper than this (groups in groups, environments in environments) is read as flat text. */
export const MAX_DEPTH = 24;
