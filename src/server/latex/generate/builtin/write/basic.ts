// Basic: no title page and no sections; every line of the note, headings as bold lines. The
// note's own title, authors, date and other metadata head it in small type.
import { renderBlocks } from '../render/index.js';
import { escapeText } from '../text/escape.js';
import { abstractBlock, boldHeading, metaLines, type Writer } from './skeleton.js';

export const writeBasic: Writer = (input) => {
  const ctx = { ...input.ctx, heading: boldHeading };
  const esc = (s: string): string => escapeText(s, ctx.program);
  const { meta } = input;
  const title = meta.title ? `\\lgheading{${esc(meta.title)}${meta.subtitle ? `: ${esc(meta.subtitle)}` : ''}}` : '';
  const byline = [(meta.authors ?? []).join(', '), meta.date ?? ''].filter(Boolean).map(esc).join(' · ');
  const head = [byline, metaLines(input)].filter(Boolean).join('\\\\');
  // No sections, so no table of contents; two columns from the start.
  const columns = input.settings.columns === 2 ? '\\twocolumn' : '';
  return [columns, title, head ? `{\\small ${head}\\par}` : '', abstractBlock(input, 'quote'), renderBlocks(input.all, ctx), renderBlocks(input.references, ctx)].filter(Boolean).join('\n\n');
};
