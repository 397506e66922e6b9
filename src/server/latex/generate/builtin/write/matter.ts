// A report's or a book's opening and closing words, named by the note ("Preface", "まえがき",
// "Vorwort"; "Afterword", "あとがき", "Nachwort"): unnumbered chapters under the note's own name,
// never a numbered chapter that shifts the note's chapter numbers, and never a heading the writer
// adds above the note's own ("Preface" over a line "preface").
import { inlineText, type Block, type Inline } from '../tree.js';
import { BACK, FRONT } from '../parse/notes/matter-names.js';


/** The words of a heading or a one-line paragraph, without a closing colon. */
function named(block: Block | undefined): string | null {
  if (!block || (block.kind !== 'heading' && block.kind !== 'paragraph')) return null;
  if (block.inlines.some((i) => i.kind === 'break')) return null;
  return inlineText(block.inlines).trim().replace(/[:：]$/u, '').trim();
}

export interface Matter {
  /** Words before a named preface (a draft notice, a dedication). */
  lead: Block[];
  /** The note's name for its opening chapter (null: none given). */
  frontTitle: Inline[] | null;
  front: Block[];
  main: Block[];
  backTitle: Inline[] | null;
  back: Block[];
}

/** A chapter's heading (a top-level heading, or a slide's). */
export const isTop = (b: Block) => (b.kind === 'heading' && b.depth === 1) || b.kind === 'slide';

/** Splits the body into what comes before the first chapter, the chapters, and a named afterword. */
export function splitMatter(body: Block[]): Matter {
  let first = body.findIndex(isTop);
  if (first < 0) return { lead: [], frontTitle: null, front: [], main: body, backTitle: null, back: [] };
  let front = body.slice(0, first);
  let frontTitle: Inline[] | null = null;
  let lead: Block[] = [];
  const opening = front[0];
  if (opening && (opening.kind === 'heading' || opening.kind === 'paragraph') && FRONT.test(named(opening) ?? '')) {
    // "preface" typed above the text that opens the book: its name, not a line of it.
    frontTitle = opening.inlines;
    front = front.slice(1);
  } else {
    // The first chapter is the preface ("まえがき" then "第1章"): unnumbered, so the note's numbers
    // stay. What stands before it (a draft notice, a dedication) leads the book.
    const top = body[first] as Block;
    const next = body.findIndex((b, k) => k > first && isTop(b));
    if (top.kind === 'heading' && FRONT.test(named(top) ?? '') && next > 0) {
      lead = front;
      frontTitle = top.inlines;
      front = body.slice(first + 1, next);
      first = next;
    }
  }
  let main = body.slice(first);
  let backTitle: Inline[] | null = null;
  let back: Block[] = [];
  // The last heading naming an afterword, with chapters before it: the rest of the note is it.
  for (let k = main.length - 1; k > 0; k--) {
    const b = main[k] as Block;
    if (b.kind !== 'heading') continue;
    if (!BACK.test(named(b) ?? '')) continue;
    if (main.slice(k + 1).some(isTop)) break;
    backTitle = b.inlines;
    back = main.slice(k + 1);
    main = main.slice(0, k);
    break;
  }
  return { lead, frontTitle, front, main, backTitle, back };
}
