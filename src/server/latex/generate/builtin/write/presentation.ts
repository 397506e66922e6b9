// Presentation (beamer): a lone line under the title is the subtitle; <SLIDE> tags, slide separators and headings become frames
// (slide-groups.ts), split into further frames where the content is taller than one
// (slides.ts); allowframebreaks is only the safety net behind that estimate. Short sentences
// on a slide become bullets (slide-bullets.ts); speaker notes become beamer notes.
import type { Language } from '../text/language.js';
import type { RenderContext } from '../render/index.js';
import { renderBlocks, renderInlines } from '../render/index.js';
import { inlineText, type Block, type Inline } from '../tree.js';
import { boldHeading, frontText, hasTitleBlock, metaLines, type Writer, type WriterInput } from './skeleton.js';
import { bulletize } from './slide-bullets.js';
import { slideGroups, type SlideGroup } from './slide-groups.js';
import { dropPrefix } from './numbering.js';
import { authorOf } from '../parse/notes/people.js';
import { paginate } from './slides.js';
import { SPEAKER_NOTES } from '../parse/notes/speaker-notes.js';

/** Beamer's title page: title, subtitle, authors, date, and other metadata as the institute line. */
function beamerTitle(input: WriterInput): string {
  const esc = (s: string): string => frontText(input, s);
  const { meta } = input;
  const lines = [`\\title{${input.titled ? esc(input.title) : ''}}`];
  if (meta.subtitle) lines.push(`\\subtitle{${esc(meta.subtitle)}}`);
  const authors = (meta.authors ?? (meta.author ? [meta.author] : [])).map(esc).join(' \\and ');
  if (authors) lines.push(`\\author{${authors}}`);
  if (meta.extra.length) lines.push(`\\institute{${metaLines(input)}}`);
  // Only the note's own date: beamer would otherwise print today's.
  lines.push(`\\date{${meta.date ? esc(meta.date) : ''}}`);
  return lines.join('\n');
}

function hasCode(blocks: Block[]): boolean {
  return blocks.some((b) =>
    b.kind === 'code' ||
    (b.kind === 'list' && b.items.some((i) => hasCode(i.blocks))) ||
    (b.kind === 'quote' && hasCode(b.blocks)) ||
    ((b.kind === 'slide' || b.kind === 'admonition') && hasCode(b.blocks)) ||
    (b.kind === 'definitions' && b.items.some((i) => hasCode(i.blocks))),
  );
}

const SUBTITLE_KEY = /^subtitle\s*:\s*/i;
const SUBTITLE_MAX = 120;

/**
 * A one-line paragraph standing alone before the first slide, right under the title, is the talk's
 * subtitle (a `subtitle:` line too), not an untitled slide: it moves to the title page.
 */
function subtitleFirst(input: WriterInput): WriterInput {
  const [first, next] = input.body;
  if (!input.titled || input.meta.subtitle || first?.kind !== 'paragraph') return input;
  const opensFrame = next === undefined || next.kind === 'slide' || next.kind === 'rule' || (next.kind === 'heading' && next.depth <= 2);
  const text = inlineText(first.inlines).trim();
  if (!opensFrame || !text || text.includes('\n') || text.length > SUBTITLE_MAX) return input;
  // "発表者：山田 花子", "Presented by …": the speaker, not a subtitle.
  const speaker = input.meta.author || input.meta.authors?.length ? null : authorOf(text, false);
  if (speaker) return { ...input, meta: { ...input.meta, author: speaker.author, authors: speaker.authors }, body: input.body.slice(1) };
  const subtitle = text.replace(SUBTITLE_KEY, '').trim();
  if (!subtitle) return input;
  return { ...input, meta: { ...input.meta, subtitle }, body: input.body.slice(1) };
}

const SLIDE_NUMBER = /^(\d{1,2})[.)][ \t]+(?=\S)/;

/**
 * Slides the note numbered in order ("1. 日本の食文化", "2. 和食とは", …): the numbers are the
 * slides' places, which the deck shows anyway; the titles keep their words (the title's too).
 */
function withoutSlideNumbers(input: WriterInput, groups: SlideGroup[]): WriterInput {
  const numbers = groups.map((g) => SLIDE_NUMBER.exec(inlineText(g.title))?.[1]).filter((n): n is string => n !== undefined).map(Number);
  const inOrder = numbers.length >= 2 && numbers.every((n, k) => k === 0 || n === (numbers[k - 1] ?? 0) + 1);
  if (!inOrder) return input;
  for (const g of groups) {
    const m = SLIDE_NUMBER.exec(inlineText(g.title));
    if (m) g.title = dropPrefix(g.title, m[0].length) ?? g.title;
  }
  const first = SLIDE_NUMBER.exec(input.title);
  return first && Number(first[1]) === (numbers[0] ?? 0) - 1 ? { ...input, title: input.title.slice(first[0].length) } : input;
}

/** "why keep bees? honey (…), …", "what you need: a hive, …": a short question or label opening an untitled slide's text. */
const LEAD = /^([^\n.!?:;]{2,50}?(?:\?|:))[ \t]+(?=\S)/u;

/** An untitled slide whose text opens with a short question or label takes it as its title (the label without its colon). */
function leadTitles(groups: SlideGroup[]): void {
  for (const g of groups) {
    const first = g.blocks[0];
    if (inlineText(g.title).trim() !== '' || first?.kind !== 'paragraph' || first.inlines[0]?.kind !== 'text') continue;
    const m = LEAD.exec(first.inlines[0].value);
    const lead = m?.[1] ?? '';
    if (!m || lead.split(/\s+/).length > 7) continue;
    const rest = dropPrefix(first.inlines, m[0].length);
    if (!rest) continue;
    g.title = [{ kind: 'text', value: lead.endsWith(':') ? lead.slice(0, -1).trimEnd() : lead }];
    g.blocks = [{ ...first, inlines: rest }, ...g.blocks.slice(1)];
  }
}

/**
 * "1) get a nucleus colony 2) inspect every 7-9 days 3) …" typed on one line of a slide: the items
 * of a numbered list (three at least, numbered from 1 in order).
 */
function inlineEnumerations(groups: SlideGroup[]): void {
  for (const g of groups) {
    g.blocks = g.blocks.flatMap((b): Block[] => {
      if (b.kind !== 'paragraph' || b.inlines.length !== 1 || b.inlines[0]?.kind !== 'text') return [b];
      const text = b.inlines[0].value;
      const parts = text.split(/(?:^|\s)(\d{1,2})\)\s+/);
      const numbers = parts.filter((_, k) => k % 2 === 1).map(Number);
      if (numbers.length < 3 || numbers.some((n, k) => n !== k + 1)) return [b];
      const lead = (parts[0] ?? '').trim();
      const items = parts.filter((_, k) => k % 2 === 0).slice(1).map((t) => ({ checked: null, blocks: [{ kind: 'paragraph' as const, inlines: [{ kind: 'text' as const, value: t.trim() }] }] }));
      const list: Block = { kind: 'list', ordered: true, start: 1, items };
      return lead ? [{ kind: 'paragraph', inlines: [{ kind: 'text', value: lead }] }, list] : [list];
    });
  }
}

/** What a bracketed aside gives the speaker to say ("(say: pause here)" → "pause here"), or null. A bare "(Note: …)" may be shown on purpose; only the other labels of speaker-notes.ts count. */
function spoken(text: string): string | null {
  const t = text.trim();
  if (!/^\((?!notes?\s*[:：])/iu.test(t) || !t.endsWith(')')) return null;
  const label = SPEAKER_NOTES.exec(t);
  const said = label ? t.slice(label[0].length, -1).trim() : '';
  return said === '' ? null : said;
}

const textOnly = (inlines: Inline[]): boolean => inlines.every((n) => n.kind === 'text' || n.kind === 'emph' || n.kind === 'strong' || n.kind === 'break');
const saidNote = (said: string): Block => ({ kind: 'speakerNotes', blocks: [{ kind: 'paragraph', inlines: [{ kind: 'text', value: said }] }] });

/**
 * "(say: difference is significant …)" on a slide, whichever reader left it there (a line under a
 * Markdown table, the last line of a slide's text): what the speaker says, never shown. A note
 * that only wraps such an aside ("Notizen: (sagen: …)") loses the brackets and the label.
 */
function spokenAsides(groups: SlideGroup[]): void {
  for (const g of groups) {
    g.blocks = g.blocks.flatMap((b): Block[] => {
      if (b.kind === 'speakerNotes' && b.blocks.length === 1 && b.blocks[0]?.kind === 'paragraph' && textOnly(b.blocks[0].inlines)) {
        const said = spoken(inlineText(b.blocks[0].inlines));
        return said ? [{ ...b, blocks: [{ kind: 'paragraph', inlines: [{ kind: 'text', value: said }] }] }] : [b];
      }
      if (b.kind !== 'paragraph' || !textOnly(b.inlines)) return [b];
      const whole = spoken(inlineText(b.inlines));
      if (whole) return [saidNote(whole)];
      // (Its last line only: "Gaan jullie akkoord …?" over "(zeg: pauze laten vallen)".)
      const last = b.inlines.map((n) => n.kind).lastIndexOf('break');
      const tail = last > 0 ? spoken(inlineText(b.inlines.slice(last + 1))) : null;
      return tail ? [{ ...b, inlines: b.inlines.slice(0, last) }, saidNote(tail)] : [b];
    });
  }
}

export const writePresentation: Writer = (given) => {
  const subtitled = subtitleFirst(given);
  const ctx: RenderContext = { ...subtitled.ctx, beamer: true, heading: boldHeading };
  // The References section comes last, a frame (or frames) of its own under its heading.
  const { titleNotes, groups } = slideGroups(bulletize([...subtitled.body, ...subtitled.references]));
  const input = withoutSlideNumbers(subtitled, groups);
  leadTitles(groups);
  inlineEnumerations(groups);
  spokenAsides(groups);
  const notes = renderBlocks(titleNotes, ctx);
  // A deck that names nothing opens with its first slide (its speaker notes, if any, on a frame of their own).
  const titlePage = hasTitleBlock(input) ? `\\titlepage${notes ? `\n${notes}` : ''}` : notes;
  const out: string[] = [hasTitleBlock(input) ? beamerTitle(input) : '', titlePage ? `\\begin{frame}\n${titlePage}\n\\end{frame}` : ''].filter(Boolean);
  if (input.abstract.length) out.push(`\\begin{frame}{\\abstractname}\n${renderBlocks(input.abstract, ctx)}\n\\end{frame}`);
  // Frames have no two-column mode; the contents are a frame of their own.
  if (input.settings.toc) out.push('\\begin{frame}{\\contentsname}\n\\tableofcontents\n\\end{frame}');
  const restricted = { ...ctx, restricted: true };
  groups.forEach((group, gi) => {
    const title = renderInlines(group.title, restricted);
    if (group.blocks.length === 0) {
      if (title.trim() === '') return;
      const next = groups[gi + 1];
      // On the slide itself the title keeps its lines (a closing slide's "धन्यवाद 🙏" / "प्रश्न?").
      const shown = renderInlines(group.title, ctx);
      // A top-level heading directly followed by another heading opens a new part of the talk.
      if (group.depth === 1 && next && next.depth >= 1) {
        out.push(`\\section{${title}}\n\\begin{frame}\n\\centering\\Large\\textbf{${shown}}\n\\end{frame}`);
      } else {
        // A heading with nothing under it before the next one: a divider slide, not an empty frame with a title bar.
        out.push(`\\begin{frame}\n\\centering\\Large\\textbf{${shown}}\n\\end{frame}`);
      }
      return;
    }
    const pages = paginate(group.blocks).filter((page) => renderBlocks(page, ctx).trim() !== '');
    // Content that prints nothing (definitions, comments): a titled group becomes a divider, an untitled one nothing.
    if (pages.length === 0) {
      if (title.trim() !== '') out.push(`\\begin{frame}\n\\centering\\Large\\textbf{${title}}\n\\end{frame}`);
      return;
    }
    pages.forEach((page, pi) => {
      const opts = hasCode(page) ? '[fragile,allowframebreaks]' : '[allowframebreaks]';
      // The title is always given as the frame's argument (possibly empty): otherwise content
      // starting with a brace would be taken for the title.
      // (The mark is text like the title's: in a Devanagari or CJK deck its Latin letters need their font too.)
      const frameTitle = title.trim() === '' ? '' : `${title}${pi > 0 || group.continued ? renderInlines([{ kind: 'text', value: ` ${continued(ctx.language)}` }], restricted) : ''}`;
      // \relax: a brace at the start of the content would be read as a subtitle.
      out.push(`\\begin{frame}${opts}{${frameTitle}}\\relax\n${renderBlocks(page, ctx)}\n\\end{frame}`);
    });
  });
  return out.join('\n\n');
};

/** The mark of a slide that goes on from the one before, in the deck's language ("(cont.)", "(계속)"). */
const CONTINUED: Partial<Record<Language, string>> = {
  de: '(Forts.)', fr: '(suite)', nl: '(vervolg)', pl: '(cd.)', tr: '(devam)', vi: '(tiếp)', el: '(συνέχεια)', ru: '(продолжение)',
  uk: '(продовження)', ar: '(تابع)', fa: '(ادامه)', he: '(המשך)', hi: '(जारी)', zh: '（续）', ja: '（続き）', ko: '(계속)',
};

function continued(language: Language | undefined): string {
  return (language && CONTINUED[language]) ?? '(cont.)';
}
