// What the fast Markdown path shares between its block and inline halves: the decline signal
// and the map from inline text back to source positions.

/** Thrown (one shared instance: no stack trace to build) when the fast path gives up. */
export class Decline extends Error {}
export const DECLINE = new Decline('outside the fast markdown subset');

/** One source line of an inline run: where it starts in the run and in the source. */
export interface Segment {
  /** Index in the inline text where this line starts. */
  at: number;
  /** Source offset of that character. */
  offset: number;
  /** 1-based source line. */
  line: number;
  /** Source offset of the line's first character. */
  lineStart: number;
}
