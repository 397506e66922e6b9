// Basic: no title page and no numbered sections; every line of the note. Headings keep their
// levels as unnumbered headings of decreasing size (a reader still sees the outline). The note's
// own title, authors, date and other metadata head it in small type.
import type { RenderContext } from '../render/index.js';
import { renderBlocks } from '../render/index.js';
import { abstractBlock, frontText, metaLines, type Writer } from './skeleton.js';

const UNNUMBERED = ['section', 'subsection', 'subsubsection', 'paragraph'];

/** `\section*`, `\subsection*` … by depth: no numbers, no contents entry. */
const unnumberedHeading: RenderContext['heading'] = (h) => {
  const name = UNNUMBERED[Math.min(h.depth, UNNUMBERED.length) - 1] ?? 'paragraph';
  return name === 'paragraph' ? `\\paragraph*{${h.latex}}\\mbox{}\\par` : `\\${name}*{${h.latex}}`;
};

export const writeBasic: Writer = (input) => {
  const ctx = { ...input.ctx, heading: unnumberedHeading };
  const esc = (s: string): string => frontText(input, s);
  const { meta } = input;
  // The subtitle on its own line under the title, as typed (a colon between them would be added text).
  const title = meta.title ? `{\\noindent\\LARGE\\bfseries ${esc(meta.title)}\\par}${meta.subtitle ? `\n{\\noindent\\large ${esc(meta.subtitle)}\\par}` : ''}` : '';
  const byline = [(meta.authors ?? []).join(', '), meta.date ?? ''].filter(Boolean).map(esc).join(' · ');
  // (Lines typed above the date, and no author named, stay above it: "for: Leila" over "start date - Mon 2 Sept".)
  const above = meta.date && !meta.authors?.length ? (meta.extraBeforeDate ?? 0) : 0;
  const head = [above ? metaLines(input, '\\\\', meta.extra.slice(0, above)) : '', byline, metaLines(input, '\\\\', meta.extra.slice(above))].filter(Boolean).join('\\\\');
  // No sections, so no table of contents; two columns from the start.
  const columns = input.settings.columns === 2 ? '\\twocolumn' : '';
  // (A title typed as the note's first heading stays above its metadata.)
  const lead = !meta.title && input.all[0]?.kind === 'heading' ? input.all.slice(0, 1) : [];
  return [columns, title, renderBlocks(lead, ctx), head ? `{\\small ${head}\\par}` : '', abstractBlock(input, 'quote'), renderBlocks(input.all.slice(lead.length), ctx), renderBlocks(input.references, ctx)].filter(Boolean).join('\n\n');
};
