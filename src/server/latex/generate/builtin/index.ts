// The builtin generator: notes → a complete LaTeX document for one of the six document types.
// Pure and synchronous: parse (front matter, snippet tags, markdown or plain text) into a small
// document tree, then let the type's writer render it after one of the fixed preambles.
import { z } from 'zod';
import { DocumentTypeSchema, type DocumentType } from '../../../../shared/document-types.js';
import { titleFromInput } from '../../../../shared/title.js';
import type { Block, Inline, NoteMeta } from './blocks.js';
import { inlineText } from './blocks.js';
import { needsXelatex, withTextScripts } from './escape.js';
import { extractFrontMatter } from './front-matter.js';
import { documentScripts } from './document-scripts.js';
import { parseInlineMarkdown, parseMarkdown } from './markdown.js';
import { MacroRegistry } from './math.js';
import { extractTags, type SnippetTag } from './parse-tags.js';
import { parsePlainInline } from './plain-inline.js';
import { looksLikeMarkdown, parsePlainText } from './plain-text.js';
import { requirePreamble, type TexEngine } from './preambles.js';
import type { RenderContext } from './render.js';
import { writeBody } from './writers.js';

export const GenerateOptionsSchema = z.object({
  splitTables: z.boolean().default(false),
  useMath: z.boolean().default(true),
});
export const GenerateInputSchema = z.object({
  content: z.string(),
  documentType: DocumentTypeSchema.default('basic'),
  options: GenerateOptionsSchema.default({ splitTables: false, useMath: true }),
});
export type GenerateInput = z.input<typeof GenerateInputSchema>;

export interface GenerateResult {
  latex: string;
  title: string;
  engine: 'builtin';
  texEngine: TexEngine;
}

// Marks a heading made from a <SECTION> tag until the depth of the note's sections is known.
const TAG_SECTION_DEPTH = 0;

/** Control characters and line endings that would confuse every later step. */
function normalizeInput(content: string): string {
  return content
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .replace(/\t/g, '    ')
    // eslint-disable-next-line no-control-regex -- stray control characters are not text
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, ' ');
}

interface Parser {
  markdown: boolean;
  parseBody: (src: string) => Block[];
  parseInline: (src: string) => Inline[];
}

function tagBlocks(tag: SnippetTag, p: Parser): Block[] {
  switch (tag.tag) {
    case 'MATHEQ':
      return [{ kind: 'math', tex: tag.body }];
    case 'TABLE':
      return [{ kind: 'table', header: tag.headers.map(p.parseInline), rows: tag.rows.map((r) => r.map(p.parseInline)), align: [] }];
    case 'FIGURE':
      return [{ kind: 'figure', description: p.parseInline(tag.description.replace(/\n/g, ' ')), caption: p.parseInline(tag.caption.replace(/\n/g, ' ')) }];
    case 'SECTION':
      return [
        ...(tag.title.trim() ? [{ kind: 'heading', depth: TAG_SECTION_DEPTH, inlines: p.parseInline(tag.title), fromTag: true } as Block] : []),
        ...p.parseBody(tag.content),
      ];
    case 'LIST':
      return [{ kind: 'list', ordered: false, start: 1, items: tag.items.map((i) => ({ checked: null, blocks: [{ kind: 'paragraph', inlines: p.parseInline(i) }] })) }];
    case 'SLIDE':
      return [{ kind: 'slide', title: p.parseInline(tag.title), blocks: p.parseBody(tag.content) }];
  }
}

function makeParser(markdown: boolean): Parser {
  const parser: Parser = {
    markdown,
    parseInline: (src) => (markdown ? parseInlineMarkdown(src, { expandPlaceholder: () => [] }) : parsePlainInline(src)),
    parseBody: (src) => parseNoteBody(src, parser),
  };
  return parser;
}

function parseNoteBody(src: string, p: Parser): Block[] {
  const { text, tags } = extractTags(src);
  const expand = (i: number): Block[] => {
    const tag = tags[i];
    return tag ? tagBlocks(tag, p) : [];
  };
  return p.markdown ? parseMarkdown(text, { expandPlaceholder: expand }) : parsePlainText(text, parsePlainInline, expand);
}

function walkHeadings(blocks: Block[], fn: (h: Extract<Block, { kind: 'heading' }>) => void): void {
  for (const b of blocks) {
    if (b.kind === 'heading') fn(b);
    else if (b.kind === 'slide') walkHeadings(b.blocks, fn);
  }
}

/** Gives tag sections the note's top section depth, then makes the shallowest depth 1. */
function normalizeDepths(blocks: Block[]): void {
  let min = Infinity;
  walkHeadings(blocks, (h) => {
    if (h.depth !== TAG_SECTION_DEPTH) min = Math.min(min, h.depth);
  });
  if (!Number.isFinite(min)) min = 1;
  walkHeadings(blocks, (h) => {
    if (h.depth === TAG_SECTION_DEPTH) h.depth = min;
  });
  walkHeadings(blocks, (h) => {
    h.depth = h.depth - min + 1;
  });
}

/** The note's title, and the body without a leading title heading. */
function splitTitle(blocks: Block[], meta: NoteMeta, content: string): { title: string; body: Block[] } {
  if (meta.title) return { title: meta.title, body: blocks };
  const first = blocks[0];
  // The user's own <SECTION> tags stay sections; only a leading markdown heading names the note.
  if (first?.kind === 'heading' && !first.fromTag) {
    const sameDepth = blocks.filter((b) => b.kind === 'heading' && b.depth <= first.depth).length;
    const text = inlineText(first.inlines).replace(/\s+/g, ' ').trim();
    if (text && (sameDepth === 1 || first.depth === 1)) {
      const body = blocks.slice(1);
      if (sameDepth === 1) normalizeDepths(body);
      return { title: text, body };
    }
  }
  return { title: titleFromInput(content), body: blocks };
}

/** Generates a complete LaTeX document from a note. */
export function generate(input: GenerateInput): GenerateResult {
  const { content, documentType, options } = GenerateInputSchema.parse(input);
  const normalized = normalizeInput(content);
  const { meta, body: bodySource } = extractFrontMatter(normalized);
  const markdown = looksLikeMarkdown(bodySource);
  const parser = makeParser(markdown);
  const all = parseNoteBody(bodySource, parser);
  normalizeDepths(all);
  const { title: rawTitle, body } = splitTitle(all, meta, normalized);
  const title = rawTitle.trim() || 'Untitled Document';

  if (documentType !== 'letter') {
    // Letter fields from front matter are still the user's text in other document types.
    const fields: Array<[string, string | string[] | undefined]> = [
      ['from', meta.returnAddress], ['to', meta.address], ['opening', meta.opening], ['closing', meta.closing],
    ];
    for (const [key, value] of fields) {
      const text = Array.isArray(value) ? value.join(', ') : value;
      if (text) meta.extra.push({ key, value: text });
    }
  }
  const scripts = documentScripts(normalized, documentType, needsXelatex(normalized));
  const { engine, language } = scripts;
  const macros = new MacroRegistry();
  const ctx: RenderContext = {
    type: documentType as DocumentType,
    engine,
    useMath: options.useMath,
    splitTables: options.splitTables,
    macros,
    heading: (_d, latex) => `\\textbf{${latex}}`,
  };
  const bodyLatex = withTextScripts(scripts.text, () => writeBody({ type: documentType, title, meta, body, all, ctx, language }));
  const setup = [...scripts.bodyLines, ...macros.preambleLines()];
  const latex =
    requirePreamble(documentType, engine).preamble +
    (scripts.fontLines.length ? `${scripts.fontLines.join('\n')}\n` : '') +
    '\\begin{document}\n' +
    (setup.length ? `${setup.join('\n')}\n` : '') +
    `\n${bodyLatex}\n\n\\end{document}\n`;
  return { latex, title, engine: 'builtin', texEngine: engine };
}

export { listPreambles } from './preambles.js';
