// Numbered headings that open the note's blocks ("1. 연구 필요성" / "2. 연구 목표" / …, each after a
// blank line). Read one by one, a heading with points under it looks like an item of a list ("1.
// Monarquía constitucional" over its indented points), so one run of them came out as a list item,
// two sections and two more list items. Read across the note they are one run: when one of them
// stands over something other than points (a paragraph, a table, indented lines), all are headings.
import { inlineText, type Block } from '../../tree.js';
import type { SegmentLines } from './section-heads.js';
import { numberedDepth } from './headings.js';
import { markOf } from './marks.js';

const OPENER = /^(\d{1,2})\.[ \t]+\S/;
/** A run of fewer than this many is left to the lines' own reading. */
const MIN_RUN = 3;

interface Opener {
  segment: number;
  number: number;
  /** Something other than marked points stands under it. */
  overText: boolean;
  /** Nothing stands under it: "1. minutes of last mtg - agreed" among items over their points. */
  alone: boolean;
}

function openerAt(segments: SegmentLines[], k: number): Opener | null {
  const s = segments[k];
  if (s?.kind !== 'lines') return null;
  const first = s.lines[0];
  const m = first && first.indent === 0 ? OPENER.exec(first.text) : null;
  if (!first || !m || numberedDepth(first.text, true) !== 1) return null;
  const second = s.lines[1];
  const overText = second ? markOf(second).mark === null : segments[k + 1]?.kind === 'block';
  return { segment: k, number: Number(m[1]), overText, alone: second === undefined };
}

/** The segments whose first line is a numbered heading of a run that heads more than points. */
export function numberedRuns(segments: SegmentLines[]): Set<number> {
  const heads = new Set<number>();
  let run: Opener[] = [];
  const close = () => {
    // (All of them over paragraphs too: "1. Introdução" over its paragraph and points, "2. Metodologia" … each a section.)
    // (Or one alone among others over their points: an agenda's items, one with nothing to note.)
    if (run.length >= MIN_RUN && (run.some((o) => o.overText) || (run.some((o) => o.alone) && run.filter((o) => !o.alone).length >= 2))) for (const o of run) heads.add(o.segment);
    run = [];
  };
  segments.forEach((_, k) => {
    const opener = openerAt(segments, k);
    if (!opener) return;
    const last = run[run.length - 1];
    if (last && opener.number !== last.number + 1) close();
    run.push(opener);
  });
  close();
  return heads;
}

/** "2.2 technical replicates" after the heading "2.1 the t test": the next of a numbered sequence, wherever it stands. */
export function nextOfNumbered(t: string, blocks: ReadonlyArray<Block>): boolean {
  const own = /^(\d{1,2}(?:\.\d{1,2})+)\.?[ \t]+\p{L}/u.exec(t)?.[1];
  if (!own || numberedDepth(t, true) === 0) return false;
  const last = [...blocks].reverse().find((b) => b.kind === 'heading');
  const prev = last?.kind === 'heading' ? /^(\d{1,2}(?:\.\d{1,2})+)/.exec(inlineText(last.inlines))?.[1] : undefined;
  if (!prev) return false;
  const a = prev.split('.');
  const b = own.split('.');
  return a.length === b.length && a.slice(0, -1).join('.') === b.slice(0, -1).join('.') && Number(b[b.length - 1]) === Number(a[a.length - 1]) + 1;
}

/**
 * "steps" over "1. ssh into nas", "2. install rsync …", each with its commands: a heading with
 * nothing under it but a run of numbered headings from 1 heads them; they sit one level below it.
 */
export function nestUnderLead(blocks: ReadonlyArray<Block>, headings: ReadonlyArray<{ block: Extract<Block, { kind: 'heading' }>; kind: string }>): void {
  headings.forEach((lead, k) => {
    const first = headings[k + 1];
    if (lead.kind !== 'short' || first?.kind !== 'numbered' || first.block.depth !== lead.block.depth || !/^1[.)]?\s/.test(inlineText(first.block.inlines))) return;
    if (blocks[blocks.indexOf(lead.block) + 1] !== first.block) return;
    for (let j = k + 1; j < headings.length; j++) {
      const h = headings[j] as (typeof headings)[number];
      if (h.block.depth < lead.block.depth || (h.kind !== 'numbered' && h.block.depth === lead.block.depth)) break;
      if (h.kind === 'numbered' && h.block.depth === lead.block.depth) h.block.depth += 1;
    }
  });
}
