// The Markdown reader (CommonMark + GFM + math) → document tree, through unified/remark or its
// verified fast path for the common subset (fast/). The pre-pass (pre-pass.ts) rewrites LaTeX
// math delimiters first; currency dollars are told apart from math after parsing. In slide
// decks, Slidev's per-slide front matter goes before parsing (slide-front-matter.ts) and speaker
// notes are found on the parsed tree (speaker-notes.ts).
import type {
  Content,
  FootnoteDefinition,
  List,
  Paragraph,
  PhrasingContent,
  Root,
  Table,
  TableCell,
} from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import type { Align, Block, Inline } from '../../tree.js';
import type { NoteReader } from '../reader.js';
import { countGenerator } from '../../counters.js';
import { plainTextReader } from '../plain/index.js';
import { readParagraphs } from '../notes/paragraphs.js';
import { breakOwnLines } from '../notes/line-blocks.js';
import { pastedCode } from './pasted-code.js';
import { calloutLabel, calloutsToQuotes, SPEAKER_NOTES, splitCallout } from './callouts.js';
import { looksLikeMarkdown } from './detect.js';
import { leadingAttributes } from '../citations/attributes.js';
import { parseFastMarkdown } from './fast/index.js';
import { chunks, newRemarkBudget, remarkMay, type RemarkBudget } from './guard.js';
import { htmlToText, IMAGE_TAG, imageTagParts } from './html.js';
import { htmlSpan, SPANS, spanAttributes } from './inline-html.js';
import { marpImage } from './marp-images.js';
import { replaceEmojiShortcodes } from '../common/emoji-shortcodes.js';
import { HtmlBlocks } from '../html/blocks.js';
import { parseHtml } from '../html/dom.js';
import { linesAfterTables, normalizeMathDelimiters, rulesUnderSentences } from './pre-pass.js';
import { slideFrontMatterToSeparators } from './slide-front-matter.js';
import { MATH_PIPE, readDialectLines } from './dialect-lines.js';
import { readLogseq } from './logseq.js';
import { readTemplates } from './templates.js';
import { commentText, isDeck, isDirective, isSlideEnd, showsSources, splitAtNoteMarker, trailingFlags } from './speaker-notes.js';
import { wikiInlines } from './wikilinks.js';

const processor = unified().use(remarkParse).use(remarkGfm).use(remarkMath);

export interface MarkdownContext {
  /** Blocks for a tag placeholder found in the text. */
  expandPlaceholder: (index: number) => Block[];
  source: string;
  /** Nesting of HTML blocks parsed again as markdown (bounded). */
  depth?: number;
  /** What remark may still parse of this note (shared by nested parses). */
  budget?: RemarkBudget;
  /**
   * Whether the text is (part of) a slide deck, whose speaker notes are read (speaker-notes.ts);
   * unset, the top level decides by its slide separators.
   */
  deck?: boolean;
  /** The note's footnote definitions and those already used, shared with nested parses (HTML blocks). */
  footnotes?: Footnotes;
}

interface Footnotes {
  defs: Map<string, FootnoteDefinition>;
  used: Set<string>;
}

/** `[^label]` in text: a footnote mark remark did not take (its definition is elsewhere, or there is none). */
const FOOTNOTE_MARK = /\[\^([^\]\s]{1,60})\]/g;

const PLACEHOLDER_RE = /LGTAG(\d+)QX/g;

/** Pandoc's rule for $…$: no space inside the delimiters, no digit right after the closing $. */
function plausibleInlineMath(value: string, endOffset: number | undefined, source: string): boolean {
  if (value === '' || /^\s|\s$/.test(value)) return false;
  if (endOffset !== undefined && /\d/.test(source[endOffset] ?? '')) return false;
  // "$5 and $" style money amounts.
  if (/^\d[\d,.]*\s+\p{L}{2,}/u.test(value)) return false;
  return true;
}

class Converter {
  private readonly notes: Footnotes;
  /** Code blocks read from paragraphs of pasted code (pasted-code.ts): one after another, one piece. */
  private readonly pasted = new WeakSet<Block>();

  constructor(private readonly ctx: MarkdownContext) {
    this.notes = ctx.footnotes ?? { defs: new Map(), used: new Set() };
  }

  private get depth(): number {
    return this.ctx.depth ?? 0;
  }

  run(root: Root): Block[] {
    for (const node of root.children) {
      if (node.type === 'footnoteDefinition') this.notes.defs.set(node.identifier, node);
    }
    const deck = this.ctx.deck ?? (this.depth === 0 && isDeck(root.children));
    const blocks = deck ? this.deckBlocks(root.children) : this.blocks(root.children);
    // Footnote text nobody referenced is still the user's text: keep it at the end (of the whole note).
    if (!this.ctx.footnotes) {
      for (const [id, def] of this.notes.defs) {
        if (!this.notes.used.has(id)) blocks.push(...this.blocks(def.children));
      }
    }
    return blocks;
  }

  blocks(nodes: Content[]): Block[] {
    const out: Block[] = [];
    for (const node of nodes) {
      const before = out[out.length - 1];
      const blocks = this.block(node);
      // (Code pasted with blank lines in it is one piece: "t.test(…)", a blank line, "# two sample …".)
      const first = blocks[0];
      if (before?.kind === 'code' && first?.kind === 'code' && this.pasted.has(before) && this.pasted.has(first)) {
        before.text = `${before.text}\n\n${first.text}`;
        blocks.shift();
      }
      out.push(...blocks);
    }
    return out;
  }

  /** A slide deck's blocks: the comments ending a slide and `Note:` lines become speaker notes. */
  private deckBlocks(nodes: Content[]): Block[] {
    const out: Block[] = [];
    const trailing = trailingFlags(nodes);
    for (let i = 0; i < nodes.length; i++) {
      const node = nodes[i] as Content;
      const comment = node.type === 'html' ? commentText(node.value) : null;
      if (comment !== null) {
        if (trailing[i] && !isDirective(comment)) {
          const blocks = parseMarkdown(comment, { ...this.ctx, depth: this.depth + 1, deck: false });
          if (blocks.length) out.push({ kind: 'speakerNotes', blocks, hidden: true });
        }
        continue;
      }
      const split = node.type === 'paragraph' ? splitAtNoteMarker(node) : null;
      if (!split) {
        out.push(...this.block(node));
        continue;
      }
      // A `Note:` line: the rest of the slide is what the speaker says.
      if (split.before) out.push(...this.block(split.before));
      let end = i + 1;
      while (end < nodes.length && !isSlideEnd(nodes[end] as Content) && !showsSources(nodes[end] as Content)) end++;
      const blocks = [...this.notesParagraph(split.after), ...this.blocks(nodes.slice(i + 1, end))];
      if (blocks.length) out.push({ kind: 'speakerNotes', blocks });
      i = end - 1;
    }
    return out;
  }

  private notesParagraph(paragraph: Paragraph): Block[] {
    return paragraph.children.length ? this.paragraph(paragraph.children) : [];
  }

  block(node: Content): Block[] {
    switch (node.type) {
      case 'heading':
        return [{ kind: 'heading', depth: node.depth, inlines: this.inlines(node.children) }];
      case 'paragraph': {
        const code = pastedCode(this.ctx.source, node.position?.start.offset, node.position?.end.offset, node.children.some((c) => c.type === 'emphasis' || c.type === 'strong'));
        if (code) this.pasted.add(code);
        return code ? [code] : this.paragraph(node.children);
      }
      case 'thematicBreak':
        return [{ kind: 'rule' }];
      case 'blockquote':
        return [this.quote(node.children)];
      case 'list':
        return [this.list(node)];
      case 'code':
        return [{ kind: 'code', lang: node.lang ?? '', text: node.value }];
      case 'math':
        return [{ kind: 'math', tex: node.value }];
      case 'html':
        return this.htmlBlock(node.value);
      case 'table':
        return [this.table(node)];
      case 'footnoteDefinition':
      case 'definition':
      case 'yaml':
        return [];
      default:
        if ('children' in node && Array.isArray(node.children)) return this.blocks(node.children as Content[]);
        if ('value' in node && typeof node.value === 'string') return this.textParagraphs(node.value);
        return [];
    }
  }

  /**
   * An HTML block becomes its text, parsed again as markdown: notes written for reveal.js or
   * Jekyll wrap whole markdown sections in <section> or <div>. A <section> opens a new slide.
   */
  private htmlBlock(html: string): Block[] {
    // A table written in HTML is read as the HTML reader reads one: its rows, spans and cell lines.
    if (/<table\b/i.test(html)) return new HtmlBlocks(this.ctx).blocks(parseHtml(html).children);
    // HTML's own indentation is layout, never Markdown's indented code (a <pre> keeps its lines).
    const text = htmlToText(html);
    const value = (/<pre\b/i.test(html) ? text : text.replace(/^[ \t]+/gm, '')).trim();
    const opensSection = /^<section\b/i.test(html.trim());
    if (value === '') return opensSection ? [{ kind: 'rule' }] : [];
    // A <section>'s markdown is a slide: its `Note:` lines are speaker notes.
    const inner = this.depth < 3 ? parseMarkdown(value, { ...this.ctx, depth: this.depth + 1, footnotes: this.notes, ...(opensSection ? { deck: true } : {}) }) : this.textParagraphs(value);
    return opensSection ? [{ kind: 'rule' }, ...inner] : inner;
  }

  /** A block quote, or an admonition when its first line is a callout marker (`[!note] Title`). */
  private quote(children: Content[]): Block {
    const [first, ...others] = children;
    const opening = first?.type === 'paragraph' ? first.children[0] : undefined;
    // Checked on the source tree first: converting inlines twice would use up footnotes.
    const marked = opening?.type === 'text' && opening.value.trimStart().startsWith('[!');
    const callout = marked && first?.type === 'paragraph' ? splitCallout(this.inlines(first.children)) : null;
    if (!callout) return { kind: 'quote', blocks: this.blocks(children) };
    const lead = callout.rest.length ? this.splitPlaceholders(callout.rest) : [];
    if (callout.type === SPEAKER_NOTES) return { kind: 'speakerNotes', blocks: [...lead, ...this.blocks(others)] };
    return { kind: 'admonition', label: calloutLabel(callout.type), title: callout.title, blocks: [...lead, ...this.blocks(others)] };
  }

  private textParagraphs(value: string): Block[] {
    return value
      .split(/\n\s*\n/)
      .map((p) => p.trim())
      .filter((p) => p !== '')
      .flatMap((p) => this.splitPlaceholders([{ kind: 'text', value: p }]));
  }

  /**
   * A paragraph, split where tag placeholders sit; a lone image becomes a figure, and so does an
   * image followed by pandoc's `{#fig:x}` (the attributes go to the caption, where
   * parse/citations/ takes the label from them).
   */
  private paragraph(children: PhrasingContent[]): Block[] {
    const only = children.filter((c) => !(c.type === 'text' && c.value.trim() === ''));
    const attributes = only.length === 2 && only[1]?.type === 'text' ? leadingAttributes(only[1].value) : null;
    const labelled = attributes !== null && attributes.id !== '' && only[1]?.type === 'text' && only[1].value.slice(attributes.end).trim() === '';
    // Marp's backgrounds are the slide's backdrop: no picture on it.
    const images = only.filter((c) => c.type === 'image');
    if (images.length > 0 && images.length === only.length && images.every((c) => c.type === 'image' && marpImage(c.alt ?? '').background)) return [];
    if ((only.length === 1 || labelled) && only[0]?.type === 'image') {
      const img = only[0];
      const alt = marpImage(img.alt ?? '').words;
      // Unless the document has the file attached, the placeholder names it.
      const description = alt ? `${alt} (${img.url})` : img.url;
      const caption = `${img.title ?? alt}${labelled ? ` {#${attributes.id}}` : ''}`;
      return [{ kind: 'figure', description: [{ kind: 'text', value: description }], caption: [{ kind: 'text', value: caption }], image: img.url }];
    }
    return this.splitPlaceholders(this.inlines(children));
  }

  private splitPlaceholders(inlines: Inline[]): Block[] {
    const out: Block[] = [];
    let current: Inline[] = [];
    const flush = (): void => {
      const meaningful = current.some((n) => n.kind !== 'break' && !(n.kind === 'text' && n.value.trim() === ''));
      if (meaningful) out.push({ kind: 'paragraph', inlines: current });
      current = [];
    };
    for (const node of inlines) {
      if (node.kind !== 'text' || !node.value.includes('LGTAG')) {
        current.push(node);
        continue;
      }
      let last = 0;
      // matchAll works on its own copy of the regex: expanding a tag parses nested notes, which
      // would otherwise reset a shared lastIndex and loop forever.
      for (const m of node.value.matchAll(PLACEHOLDER_RE)) {
        if (m.index > last) current.push({ kind: 'text', value: node.value.slice(last, m.index) });
        flush();
        out.push(...this.ctx.expandPlaceholder(Number(m[1])));
        last = m.index + m[0].length;
      }
      if (last < node.value.length) current.push({ kind: 'text', value: node.value.slice(last) });
    }
    flush();
    return out;
  }

  private list(node: List): Block {
    return {
      kind: 'list',
      ordered: node.ordered === true,
      start: node.start ?? 1,
      items: node.children.map((item) => ({
        checked: typeof item.checked === 'boolean' ? item.checked : null,
        // (Lines an item goes on with keep their ends where one states an equation: Markdown would join them.)
        blocks: this.blocks(item.children).map((b) => (b.kind === 'paragraph' ? { ...b, inlines: breakOwnLines(b.inlines) } : b)),
      })),
    };
  }

  private table(node: Table): Block {
    const rows = node.children.map((row) => row.children.map((cell: TableCell) => this.inlines(cell.children)));
    const [header, ...body] = rows;
    const align: Align[] = (node.align ?? []).map((a) => a ?? null);
    return { kind: 'table', header: header ?? [], rows: body, align };
  }

  /** A text node's inlines: Obsidian's and Logseq's markup, emoji shortcodes, footnote marks. */
  private textInlines(value: string): Inline[] {
    const text = replaceEmojiShortcodes(value.includes(MATH_PIPE) ? value.replaceAll(MATH_PIPE, '|') : value);
    if (!text.includes('[^')) return wikiInlines(text);
    const out: Inline[] = [];
    let from = 0;
    for (const m of text.matchAll(FOOTNOTE_MARK)) {
      out.push(...wikiInlines(text.slice(from, m.index)), ...this.footnote((m[1] ?? '').toLowerCase()));
      from = m.index + m[0].length;
    }
    out.push(...wikiInlines(text.slice(from)));
    return out.filter((n) => n.kind !== 'text' || n.value !== '');
  }

  /**
   * The footnote a mark refers to, where its first mark stands. A later mark of the same note, or
   * a mark whose note the note never wrote, says nothing more and prints nothing (never `[^1]`).
   */
  private footnote(id: string): Inline[] {
    const def = this.notes.defs.get(id);
    if (!def || this.notes.used.has(id)) return [];
    this.notes.used.add(id);
    return [{ kind: 'footnote', blocks: this.blocks(def.children) }];
  }

  /** An inline HTML node: a line break, an image (with its alternative text), or its text. */
  private inlineHtml(html: string): Inline[] {
    const value = html.trim();
    if (/^<br\s*\/?>$/i.test(value)) return [{ kind: 'break' }];
    const tag = new RegExp(`^${IMAGE_TAG.source}$`).exec(value);
    const image = tag ? imageTagParts(tag[1] ?? '', tag[2] ?? '') : null;
    if (image?.decorative) return [];
    if (image) {
      const words = image.alt || image.caption;
      const alt = words && image.src ? `${words} (${image.src})` : words || image.src || 'image';
      return [{ kind: 'image', alt, ...(image.src ? { url: image.src } : {}) }];
    }
    const t = htmlToText(html);
    return t.trim() === '' ? [] : [{ kind: 'text', value: t }];
  }

  inlines(nodes: PhrasingContent[]): Inline[] {
    const out: Inline[] = [];
    for (let i = 0; i < nodes.length; i++) {
      const node = nodes[i] as PhrasingContent;
      // `<a href="…">text</a>`, `<strong>…</strong>` written in HTML are links and marks like any other.
      const span = node.type === 'html' ? htmlSpan(nodes, i) : null;
      if (span) {
        const children = this.inlines(nodes.slice(i + 1, span.close));
        out.push(span.mark === 'link' ? { kind: 'link', url: span.href, children } : { kind: span.mark, children });
        i = span.close;
        continue;
      }
      // An attribute block after a span (`[x](u){preview-link="true"}`, `**x**{.red}`) steers the page's look.
      if (node.type === 'text' && i > 0 && SPANS.has((nodes[i - 1] as PhrasingContent).type)) {
        const attrs = spanAttributes(node.value);
        if (attrs > 0) {
          if (attrs < node.value.length) out.push(...this.textInlines(node.value.slice(attrs)));
          continue;
        }
      }
      switch (node.type) {
        case 'text':
          out.push(...this.textInlines(node.value));
          break;
        case 'emphasis':
          out.push({ kind: 'emph', children: this.inlines(node.children) });
          break;
        case 'strong':
          out.push({ kind: 'strong', children: this.inlines(node.children) });
          break;
        case 'delete':
          out.push({ kind: 'strike', children: this.inlines(node.children) });
          break;
        case 'inlineCode':
          out.push({ kind: 'code', value: node.value });
          break;
        case 'inlineMath': {
          const end = node.position?.end.offset;
          // A `|` of a formula in a table row was kept from splitting the row (dialect-lines.ts).
          const tex = node.value.includes(MATH_PIPE) ? node.value.replaceAll(MATH_PIPE, '|') : node.value;
          if (plausibleInlineMath(tex, end, this.ctx.source)) out.push({ kind: 'math', tex });
          else out.push({ kind: 'text', value: `$${tex}$` });
          break;
        }
        case 'break':
          out.push({ kind: 'break' });
          break;
        case 'link':
          out.push({ kind: 'link', url: node.url, children: this.inlines(node.children) });
          break;
        case 'linkReference':
          out.push(...this.inlines(node.children));
          break;
        case 'image': {
          const { words, background } = marpImage(node.alt ?? '');
          if (!background) out.push({ kind: 'image', alt: words ? `${words} (${node.url})` : node.url, url: node.url });
          break;
        }
        case 'imageReference':
          out.push({ kind: 'image', alt: node.alt ?? '' });
          break;
        case 'footnoteReference':
          out.push(...this.footnote(node.identifier));
          break;
        case 'html':
          out.push(...this.inlineHtml(node.value));
          break;
        default: {
          const n = node as { value?: unknown; children?: PhrasingContent[] };
          if (typeof n.value === 'string') out.push({ kind: 'text', value: n.value });
          else if (Array.isArray(n.children)) out.push(...this.inlines(n.children));
        }
      }
    }
    return out;
  }
}

/**
 * Parses markdown (already stripped of front matter and tags) into blocks. The fast path
 * handles the common subset exactly as remark would (fast-markdown.test.ts checks that against
 * remark) and declines the rest; remark parses what it declines, within its budget (guard.ts).
 * A note beyond the budget is read in pieces: each by the fast path, else by remark while the
 * budget lasts, else as plain text.
 */
export function parseMarkdown(src: string, ctx: Omit<MarkdownContext, 'source'>): Block[] {
  // Per-slide front matter is a top-level matter (a tag's or an HTML block's text has none);
  // a note that has some is a slide deck (Slidev's), however few its slides.
  const top = (ctx.depth ?? 0) === 0;
  // Template tags, Logseq's properties and the dialects' steering lines are read first: what they
  // leave is Markdown (fenced code, formulas, links, plain lines).
  const read = top ? linesAfterTables(rulesUnderSentences(readDialectLines(readLogseq(readTemplates(src))))) : src;
  const slides = top ? slideFrontMatterToSeparators(read) : read;
  const source = normalizeMathDelimiters(calloutsToQuotes(slides));
  const budget = ctx.budget ?? newRemarkBudget();
  const inner = { ...ctx, budget, ...(slides !== read ? { deck: true } : {}) };
  const whole = parseFastMarkdown(source) ?? (remarkMay(source, budget) ? processor.parse(source) : null);
  if (whole) return new Converter({ ...inner, source }).run(whole);
  return chunks(source).flatMap((piece) => {
    const root = parseFastMarkdown(piece) ?? (remarkMay(piece, budget) ? processor.parse(piece) : null);
    if (root) return new Converter({ ...inner, source: piece }).run(root);
    countGenerator('markdownReadAsPlain');
    return plainTextReader.blocks(piece, ctx);
  });
}

/** Parses a short markdown string (table cell, list item, title) into inlines. */
export function parseInlineMarkdown(src: string, ctx: Omit<MarkdownContext, 'source'>): Inline[] {
  const blocks = parseMarkdown(src, ctx);
  const out: Inline[] = [];
  for (const b of blocks) {
    if (out.length) out.push({ kind: 'text', value: ' ' });
    if (b.kind === 'paragraph' || b.kind === 'heading') out.push(...b.inlines);
    else if (b.kind === 'math') out.push({ kind: 'math', tex: b.tex });
    else if (b.kind === 'code') out.push({ kind: 'code', value: b.text });
    else if (b.kind === 'list') {
      for (const item of b.items) out.push(...parseInlineFromBlocks(item.blocks), { kind: 'text', value: ' ' });
    }
  }
  return out;
}

function parseInlineFromBlocks(blocks: Block[]): Inline[] {
  const out: Inline[] = [];
  for (const b of blocks) if (b.kind === 'paragraph' || b.kind === 'heading') out.push(...b.inlines);
  return out;
}

export const markdownReader: NoteReader = {
  name: 'markdown',
  detect: looksLikeMarkdown,
  // The paragraphs Markdown leaves as text are read by the notes layer (a heading line, checkbox
  // lines, a pipe table without its |---| line, lines meant one per line).
  blocks: (source, ctx) => readParagraphs(parseMarkdown(source, ctx), { top: ctx.top === true, titled: ctx.titled === true, letter: ctx.letter === true, slides: ctx.slides === true, ...(ctx.foundMeta ? { foundMeta: ctx.foundMeta } : {}) }),
  inlines: (source) => parseInlineMarkdown(source, { expandPlaceholder: () => [] }),
};
