// The frames of a presentation before pagination: <SLIDE> tags, slide separators (--- rules,
// <section>) and the two top heading levels open a frame; what follows a <SLIDE> block before the
// next slide or heading stays on that slide. No frame is left without a title for what cannot
// stand alone: speaker notes with nothing on the slide join the frame before
// them (the title page's at the start), and a slide holding only a table or a figure joins the
// slide before it when both fit one frame, else it is titled by the figure's caption or as
// that slide's continuation.
import type { Block, Inline } from '../tree.js';
import { inlineText } from '../tree.js';
import { estimate, FRAME_CAPACITY, paginate } from './slides.js';

export interface SlideGroup {
  title: Inline[];
  /** 1 or 2 for a heading's frame, 0 for a frame a separator opened. */
  depth: number;
  blocks: Block[];
  /** A slide that continues the one before it (its title says so). */
  continued?: boolean;
  /** Opened by a <SLIDE> tag: what follows it up to the next slide or heading is still that slide. */
  tagged?: boolean;
}

export interface SlideGroups {
  /** Speaker notes before any slide content: they go with the title page. */
  titleNotes: Block[];
  groups: SlideGroup[];
}

function split(body: Block[]): SlideGroup[] {
  const groups: SlideGroup[] = [];
  let current: SlideGroup = { title: [], depth: 0, blocks: [] };
  for (const block of body) {
    if (block.kind === 'slide') {
      groups.push(current, { title: block.title, depth: 1, blocks: block.blocks, tagged: true });
      current = { title: [], depth: 0, blocks: [] };
    } else if (block.kind === 'rule') {
      // Slide decks (reveal.js, Marp) separate slides with --- or <section>.
      groups.push(current);
      current = { title: [], depth: 0, blocks: [] };
    } else if (block.kind === 'heading' && block.depth <= 2 && block.inSlide !== true) {
      groups.push(current);
      current = { title: block.inlines, depth: block.depth, blocks: [] };
    } else {
      current.blocks.push(block);
    }
  }
  groups.push(current);
  return groups;
}

const titled = (g: SlideGroup): boolean => inlineText(g.title).trim() !== '';
const shown = (b: Block): boolean => b.kind !== 'speakerNotes';
const standsAlone = (b: Block): boolean => b.kind === 'table' || b.kind === 'figure';

function height(blocks: Block[]): number {
  return blocks.reduce((sum, b) => sum + estimate(b), 0);
}

/**
 * A frame title for a slide of only a table or figure that cannot join the slide before it:
 * a lone figure's caption, else the title of the slide it follows, continued.
 */
function ownTitle(group: SlideGroup, headed: SlideGroup | undefined): void {
  const content = group.blocks.filter(shown);
  const only = content.length === 1 ? content[0] : undefined;
  if (only?.kind === 'figure' && inlineText(only.caption).trim() !== '') {
    group.title = only.caption;
    group.depth = 2;
  } else if (headed) {
    group.title = headed.title;
    group.depth = 2;
    group.continued = true;
  }
}

/** The words a talk ends on ("Thank you! Questions?", "谢谢各位老师！", "धन्यवाद!"). */
const THANKS = /^(?:thank you|thanks|many thanks|any questions|questions\s*\?|谢谢|感谢聆听|ありがとうございま|ご清聴|감사합니다|danke|vielen dank|merci|gracias|muchas gracias|obrigad[oa]|grazie|спасибо|дякую|dziękuję|teşekkür|धन्यवाद|شكرا|dank u|bedankt|tack)/iu;

/**
 * The talk's closing words typed after the last slide's text, under no heading of their own
 * ("谢谢各位老师！" / "恳请批评指正" after the acknowledgements): a closing slide of their own.
 */
function closingSlide(groups: SlideGroup[]): void {
  const last = groups[groups.length - 1];
  const words = last?.blocks[last.blocks.length - 1];
  if (!last || !titled(last) || last.blocks.filter(shown).length < 2 || words?.kind !== 'paragraph') return;
  const text = inlineText(words.inlines).trim();
  const lines = text.split('\n');
  if (!THANKS.test(text) || lines.length > 3 || text.length > 100 || lines.some((l) => l.length > 60)) return;
  last.blocks.pop();
  // Its lines stay lines ("धन्यवाद 🙏" / "प्रश्न?").
  const lineBroken = (value: string): Inline[] => value.split(/\s*\n\s*/).flatMap((part, k): Inline[] => [...(k > 0 ? [{ kind: 'break' as const }] : []), ...(part ? [{ kind: 'text' as const, value: part }] : [])]);
  groups.push({ title: words.inlines.flatMap((n): Inline[] => (n.kind === 'text' ? lineBroken(n.value) : [n])), depth: 2, blocks: [] });
}

export function slideGroups(body: Block[]): SlideGroups {
  const titleNotes: Block[] = [];
  const out: SlideGroup[] = [];
  // The last slide a heading (or a <SLIDE> tag) titled: what a lone table continues.
  let headed: SlideGroup | undefined;
  let previous: SlideGroup | undefined;
  for (const group of split(body)) {
    // The last frame shown so far (a heading alone counts: it is a frame or a part's title).
    const before = out[out.length - 1];
    const after = previous;
    previous = group;
    // A snippet (an equation, a list…) written after a <SLIDE> block, before the next slide or
    // heading, belongs to that slide, never to an untitled frame of its own.
    if (!titled(group) && group.blocks.length > 0 && after?.tagged && before === after) {
      before.blocks.push(...group.blocks);
      continue;
    }
    if (titled(group) || group.blocks.length === 0) {
      if (titled(group)) {
        out.push(group);
        headed = group;
      }
      continue;
    }
    const content = group.blocks.filter(shown);
    if (content.length === 0) {
      if (before) before.blocks.push(...group.blocks);
      else titleNotes.push(...group.blocks);
      continue;
    }
    if (before && titled(before) && content.every(standsAlone)) {
      const pages = paginate(before.blocks);
      const last = pages[pages.length - 1] ?? [];
      if (height(last) + height(content) <= FRAME_CAPACITY) {
        before.blocks.push(...group.blocks);
        continue;
      }
      ownTitle(group, headed);
    } else if (content.every(standsAlone)) {
      ownTitle(group, undefined);
    }
    out.push(group);
  }
  closingSlide(out);
  return { titleNotes, groups: out };
}
