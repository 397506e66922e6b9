// The plain-text reader: notes without markup. It cuts the note into blocks at blank lines,
// snippet tags and LaTeX display environments, and the notes layer (../notes/) decides what
// each block's lines mean.
import type { Block } from '../../tree.js';
import type { NoteReader } from '../reader.js';
import { BARE_MATH_ENVIRONMENTS } from '../markdown/pre-pass.js';
import { readSegments, type LayerOptions, type Segment } from '../notes/index.js';
import { plainLine, type InlineParser } from '../notes/lines.js';
import { codeBlock } from '../notes/code.js';
import { fileLinesEnd, namesFile } from '../notes/code-runs.js';
import { parsePlainInline } from './inline.js';

const PLACEHOLDER_LINE = /^LGTAG(\d+)QX$/;
const MATH_ENV = new RegExp(`^\\\\begin\\{((?:${BARE_MATH_ENVIRONMENTS})\\*?)\\}`);

/** Converts a plain note into blocks. Placeholder lines are expanded by `expand`. */
export function parsePlainText(src: string, parse: InlineParser, expand: (index: number) => Block[], options: LayerOptions = {}): Block[] {
  const chunks: string[][] = [];
  const blanks: number[] = [];
  let current: string[] = [];
  let blank = 0;
  const close = (): void => {
    if (current.length) {
      chunks.push(current);
      blanks.push(blank);
      blank = 0;
    }
    current = [];
  };
  for (const raw of src.split('\n')) {
    if (PLACEHOLDER_LINE.test(raw.trim())) {
      // A snippet tag is a block of its own even without blank lines around it.
      close();
      current = [raw.trim()];
      close();
    } else if (raw.trim() === '') {
      close();
      blank++;
    } else current.push(raw);
  }
  close();
  const segments: Segment[] = chunks.map((chunk, k) => {
    const ph = chunk.length === 1 ? PLACEHOLDER_LINE.exec(chunk[0]?.trim() ?? '') : null;
    if (ph) return { kind: 'block', blocks: expand(Number(ph[1])) };
    // A LaTeX display environment on lines of its own (\begin{align} … \end{align}) is math.
    const env = MATH_ENV.exec(chunk[0]?.trim() ?? '');
    if (env && (chunk[chunk.length - 1]?.trim() ?? '').endsWith(`\\end{${env[1]}}`)) return { kind: 'block', blocks: [{ kind: 'math', tex: chunk.join('\n').trim() }] };
    const lines = chunk.map((raw) => plainLine(raw, parse));
    // The block under a sentence that names a file ("… by adding this to ~/.ssh/config:") is that file.
    const named = k > 0 && (blanks[k] ?? 0) <= 1 && namesFile(chunks[k - 1]?.[chunks[k - 1]!.length - 1] ?? '');
    if (named && fileLinesEnd((j) => chunk[j], 0) === chunk.length) return { kind: 'block', blocks: [codeBlock(lines)] };
    return { kind: 'lines', lines, blankBefore: blanks[k] ?? 0 };
  });
  return readSegments(segments, options);
}

export const plainTextReader: NoteReader = {
  name: 'plain',
  // The last reader: it takes every note the others decline.
  detect: () => true,
  blocks: (source, ctx) => parsePlainText(source, parsePlainInline, ctx.expandPlaceholder, { top: ctx.top === true, titled: ctx.titled === true, letter: ctx.letter === true, ...(ctx.foundMeta ? { foundMeta: ctx.foundMeta } : {}) }),
  inlines: parsePlainInline,
};
